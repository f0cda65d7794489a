package com.acertainbookstore.client;

import static com.acertainbookstore.client.ScriptedServer.PICKS;
import static com.acertainbookstore.client.ScriptedServer.ok;
import static com.acertainbookstore.client.ScriptedServer.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.OutcomeUnknownException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * What the transport sends again and what it reports as unknown ({@code HttpTransport}'s class
 * comment), against scripted servers that read a call and then misbehave: a mutating call is
 * never sent twice unless it provably did not reach the server whole, and a call that may have
 * been applied raises {@link OutcomeUnknownException}; reads are sent again freely.
 */
class RetryTest {

    private static final Set<BookCopy> BUY = Set.of(new BookCopy(7, 1));

    /** Counts the requests for {@code /BUYBOOKS} the server read, and answers every other call. */
    private static final class Buys {
        final AtomicInteger read = new AtomicInteger();

        boolean isBuy(String head) {
            boolean buy = head.startsWith("POST /BUYBOOKS ");
            if (buy) {
                read.incrementAndGet();
            }
            return buy;
        }
    }

    @Test
    void buyBooks_serverReadsItAndClosesWithoutAnswering_outcomeUnknownAndNeverSentAgain() throws Exception {
        Buys buys = new Buys();
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            if (buys.isBuy(head)) {
                return false;
            }
            write(out, ok(PICKS));
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            proxy.getEditorPicks(1);
            OutcomeUnknownException pooled = assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
            assertTrue(pooled.getMessage().contains("outcome unknown"), pooled.getMessage());
            OutcomeUnknownException fresh = assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
            assertTrue(fresh.getMessage().contains("/BUYBOOKS"), fresh.getMessage());
            assertEquals(List.of(new ImmutableBook(7, "T", "A", 1f)), proxy.getEditorPicks(1), "the next call works");
            Thread.sleep(100);
            assertEquals(2, buys.read.get(), "each buy reached the server once, on a pooled and on a new connection");
            assertEquals(3, server.connections());
        }
    }

    @Test
    void buyBooks_noAnswerWithinTheTimeout_outcomeUnknownAndNeverSentAgain() throws Exception {
        Buys buys = new Buys();
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            if (buys.isBuy(head)) {
                Thread.sleep(1_000);
                return false;
            }
            write(out, ok(PICKS));
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofMillis(300))) {
            OutcomeUnknownException e = assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
            assertTrue(e.getMessage().contains("no answer within 300 ms"), e.getMessage());
            assertEquals(1, buys.read.get());
            assertEquals(1, server.connections());
        }
    }

    @Test
    void getEditorPicks_noAnswerWithinTheTimeout_failsAsAReadNotAsUnknown() throws Exception {
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            Thread.sleep(1_000);
            return false;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofMillis(300))) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertEquals(0, e.status());
        }
    }

    @Test
    void getEditorPicks_serverReadsItAndClosesWithoutAnswering_isSentAgainOnANewConnection() throws Exception {
        AtomicInteger picks = new AtomicInteger();
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            if (picks.incrementAndGet() == 2) {
                return false;
            }
            write(out, ok(PICKS));
            return true;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            proxy.getEditorPicks(1);
            assertEquals(List.of(new ImmutableBook(7, "T", "A", 1f)), proxy.getEditorPicks(1));
            assertEquals(3, picks.get(), "the read went out twice");
            assertEquals(2, server.connections());
        }
    }

    @Test
    void buyBooks_pooledConnectionTheServerJustClosed_isUnknownRatherThanGuessed() throws Exception {
        Buys buys = new Buys();
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            buys.isBuy(head);
            write(out, ok(PICKS));
            return false;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            proxy.getEditorPicks(1);
            Thread.sleep(100);
            // The request was written whole on a connection that then gave nothing back: the
            // client cannot tell "closed before reading" from "applied, then went away".
            assertThrows(OutcomeUnknownException.class, () -> proxy.buyBooks(BUY));
            assertEquals(0, buys.read.get());
            assertEquals(1, server.connections(), "not sent again");
        }
    }

    @Test
    void buyBooks_pooledConnectionIdleOverTheCheckAndClosed_isFoundDeadAndTheCallGoesOutOnce() throws Exception {
        Buys buys = new Buys();
        try (ScriptedServer server = new ScriptedServer((connection, request, head, out) -> {
            write(out, buys.isBuy(head) ? ok("<res/>") : ok(PICKS));
            return false;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            proxy.getEditorPicks(1);
            Thread.sleep(HttpTransport.CHECK_AFTER_IDLE_MS + 100);
            proxy.buyBooks(BUY);
            assertEquals(1, buys.read.get());
            assertEquals(2, server.connections());
        }
    }

    @Test
    void buyBooks_pooledConnectionResetByTheServer_writeFailsSoItIsSentOnANewOne() throws Exception {
        Buys buys = new Buys();
        try (ScriptedServer server = new ScriptedServer(ScriptedServer.Closing.RESET, (connection, request, head, out) -> {
            write(out, buys.isBuy(head) ? ok("<res/>") : ok(PICKS));
            return connection > 0;
        }); BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.url(), Duration.ofSeconds(10))) {
            proxy.getEditorPicks(1);
            Thread.sleep(100);
            // The reset arrived before the write, so writing failed: the server never had the request.
            proxy.buyBooks(BUY);
            assertEquals(1, buys.read.get());
            assertEquals(2, server.connections());
        }
    }

    @Test
    void buyBooks_connectionRefused_failsAsNotAppliedNotUnknown() throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy("http://127.0.0.1:" + port, Duration.ofSeconds(2))) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.buyBooks(BUY));
            assertTrue(e.getMessage().contains("was not sent"), e.getMessage());
        }
    }
}
