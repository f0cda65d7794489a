package com.acertainbookstore.client;

import static com.acertainbookstore.client.ScriptedServer.PICKS;
import static com.acertainbookstore.client.ScriptedServer.ok;
import static com.acertainbookstore.client.ScriptedServer.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The client's own HTTP/1.1 reading and pooling, against scripted answers a server may send. */
class ConnectionTest {

    private static void assertOneBook(List<Book> books) {
        assertEquals(List.of(new ImmutableBook(7, "T", "A", 1f)), books);
    }

    @Test
    void answers_splitIntoSingleBytes_areReadWholeAndTheConnectionReused() throws Exception {
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            ScriptedServer.writeSlowly(out, ok(PICKS), 1);
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            for (int i = 0; i < 3; i++) {
                assertOneBook(proxy.getEditorPicks(1));
            }
            assertEquals(1, server.connections(), "keep-alive: one connection for every call");
        }
    }

    @Test
    void answers_chunkedOrEndedByClose_areRead() throws Exception {
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            if (request == 0) {
                String half = PICKS.substring(0, 20);
                write(out, "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n" + Integer.toHexString(half.length())
                        + ";ext=1\r\n" + half + "\r\n" + Integer.toHexString(PICKS.length() - 20) + "\r\n"
                        + PICKS.substring(20) + "\r\n0\r\n\r\n");
                return true;
            }
            write(out, "HTTP/1.0 200 OK\r\n\r\n" + PICKS);
            return false;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            assertOneBook(proxy.getEditorPicks(1));
            assertOneBook(proxy.getEditorPicks(1));
            assertOneBook(proxy.getEditorPicks(1));
            assertEquals(2, server.connections(), "an answer ended by closing closes the connection");
        }
    }

    @Test
    void pooledConnection_closedByTheServerBeforeTheNextCall_callGoesOutOnceMoreOnANewOne() throws Exception {
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            write(out, ok(PICKS));
            return false;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            assertOneBook(proxy.getEditorPicks(1));
            Thread.sleep(100);
            assertOneBook(proxy.getEditorPicks(1));
            assertEquals(2, server.connections());
        }
    }

    @Test
    void pool_everyConnectionClosedLikeARestartedServer_callSkipsThemAndSucceedsOnANewOne() throws Exception {
        try (ScriptedServer server = new ScriptedServer(5, (connection, request, head, out) -> {
            write(out, ok(PICKS));
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            proxy.openConnections(5);
            Thread.sleep(100);
            assertOneBook(proxy.getEditorPicks(1));
            assertEquals(6, server.connections());
        }
    }

    @Test
    void connection_closedMidAnswer_failsWithoutRetry() throws Exception {
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            write(out, "HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n<res>");
            return false;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertEquals(0, e.status());
            assertTrue(e.getMessage().contains("closed after"), e.getMessage());
            assertEquals(1, server.connections(), "a call that got part of an answer is not sent again");
        }
    }

    @Test
    void answers_garbageOrOverTheSizeLimit_failClearly() throws Exception {
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            write(out, request == 0 ? "SMTP ready\r\n\r\n"
                    : "HTTP/1.1 200 OK\r\nContent-Length: " + (HttpTransport.MAX_ANSWER_BYTES + 1) + "\r\n\r\n");
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            BookStoreHTTPException garbage = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertTrue(garbage.getMessage().contains("not HTTP/1.x"), garbage.getMessage());
        }
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            write(out, "HTTP/1.1 200 OK\r\nContent-Length: " + (HttpTransport.MAX_ANSWER_BYTES + 1) + "\r\n\r\n");
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            BookStoreHTTPException big = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertTrue(big.getMessage().contains("larger than the limit of " + HttpTransport.MAX_ANSWER_BYTES), big.getMessage());
        }
    }

    @Test
    void errorMessage_withControlAndBidiCharacters_reachesTheCallerStripped() throws Exception {
        String hostile = "<err>refused&#x1b;[2J\nforged log line&#x202e;txt.exe</err>";
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            write(out, "HTTP/1.1 422 Unprocessable\r\nContent-Length: " + hostile.length() + "\r\n\r\n" + hostile);
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertEquals(422, e.status());
            assertEquals("refused[2Jforged log linetxt.exe", e.getMessage());
        }
    }

    @Test
    void largeBody_asksToContinueFirst_andARefusalArrivesBeforeTheBodyIsSent() throws Exception {
        Set<StockBook> books = new HashSet<>();
        for (int isbn = 1; isbn <= 2_000; isbn++) {
            books.add(new ImmutableStockBook(isbn, "A title of book " + isbn, "An author", 1f, 1, 0, 0, 0, false));
        }
        String refusal = "<err>no</err>";
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            assertTrue(head.contains("Expect: 100-continue"), head);
            write(out, "HTTP/1.1 413 Too Large\r\nConnection: close\r\nContent-Length: " + refusal.length() + "\r\n\r\n" + refusal);
            return false;
        }); StockManagerHTTPProxy proxy = new StockManagerHTTPProxy(server.url() + "/stock", Duration.ofSeconds(10))) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.addBooks(books));
            assertEquals(413, e.status());
            assertEquals("no", e.getMessage());
        }
    }
}
