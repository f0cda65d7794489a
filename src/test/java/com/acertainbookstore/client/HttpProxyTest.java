package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.HttpStoreFixture;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.store.CertainBookStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class HttpProxyTest {

    /** One failing call, made the same way on any pair of views. */
    @FunctionalInterface
    private interface FailingCall {
        void run(BookStore client, StockManager stock) throws BookStoreException;
    }

    private static void fill(StockManager stock) throws BookStoreException {
        stock.addBooks(Set.of(new ImmutableStockBook(1, "One", "A", 1f, 2, 0, 0, 0, true),
                new ImmutableStockBook(7, "Seven", "B", 7f, 2, 0, 0, 0, false)));
    }

    @Test
    void everyRefusal_overHttp_carriesTheStoresExactMessageAndChangesTheSame() throws Exception {
        List<FailingCall> calls = List.of(
                (c, s) -> c.buyBooks(Set.of(new BookCopy(7, 6), new BookCopy(1, 5))),
                (c, s) -> c.buyBooks(null),
                (c, s) -> c.buyBooks(new HashSet<>(Arrays.asList(new BookCopy(1, 1), null))),
                (c, s) -> c.rateBooks(Set.of(new BookRating(1, 9))),
                (c, s) -> c.getBooks(Set.of(1, 42)),
                (c, s) -> c.getTopRatedBooks(-1),
                (c, s) -> c.getEditorPicks(-3),
                (c, s) -> s.addBooks(Set.of(new ImmutableStockBook(3, " ", "A", 1f, 1, 0, 0, 0, false))),
                (c, s) -> s.addBooks(Set.of(new ImmutableStockBook(3, null, "A", Float.NaN, 1, 0, 0, 0, false))),
                (c, s) -> s.addBooks(Set.of(new ImmutableStockBook(1, "One", "A", 1f, 1, 0, 0, 0, false))),
                (c, s) -> s.addCopies(Set.of(new BookCopy(-3, 1))),
                (c, s) -> s.getBooksByISBN(Set.of(99)),
                (c, s) -> s.updateEditorPicks(Set.of(new BookEditorPick(5, true))),
                (c, s) -> s.removeBooks(null));
        try (HttpStoreFixture remote = HttpStoreFixture.open()) {
            CertainBookStore local = new CertainBookStore();
            fill(local);
            fill(remote.stock());
            for (FailingCall call : calls) {
                BookStoreException expected = assertThrows(BookStoreException.class, () -> call.run(local, local));
                BookStoreHTTPException got = assertThrows(BookStoreHTTPException.class,
                        () -> call.run(remote.client(), remote.stock()));
                assertEquals(expected.getMessage(), got.getMessage());
                assertEquals(422, got.status());
            }
            assertEquals(String.valueOf(local.getBooks()), String.valueOf(remote.stock().getBooks()));
        }
    }

    @Test
    void clientViews_overHttp_arePlainImmutableBooksInOrder() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open()) {
            fill(remote.stock());
            List<Book> books = remote.client().getBooks(Set.of(7, 1));
            assertEquals(List.of(1, 7), books.stream().map(Book::getISBN).toList());
            books.forEach(book -> assertSame(ImmutableBook.class, book.getClass()));
            assertSame(ImmutableBook.class, remote.client().getEditorPicks(1).get(0).getClass());
            List<StockBook> stock = remote.stock().getBooksByISBN(Set.of(1));
            assertEquals(2, stock.get(0).getNumCopies());
            assertTrue(stock.get(0).isEditorPick());
        }
    }

    @Test
    void call_serverThatNeverAnswers_failsWithinTheTimeout() throws Exception {
        ServerSocket silent = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    accepted.add(silent.accept());
                }
            } catch (IOException closed) {
                // The test closed the socket: stop accepting.
            }
        }, "silent-acceptor");
        acceptor.start();
        String url = "http://127.0.0.1:" + silent.getLocalPort();
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(url, Duration.ofMillis(300))) {
            long start = System.nanoTime();
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            long elapsedMs = (System.nanoTime() - start) / 1_000_000;
            assertTrue(elapsedMs >= 250 && elapsedMs < 5_000, "took " + elapsedMs + " ms");
            assertEquals(0, e.status());
            assertTrue(e.getMessage().contains("no answer within 300 ms"), e.getMessage());
            assertEquals(1, accepted.size(), "the proxy connected to the silent socket");
        } finally {
            silent.close();
            acceptor.join(5_000);
            for (Socket socket : accepted) {
                socket.close();
            }
        }
    }

    @Test
    void call_nothingListening_failsWithBookStoreException() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        try (StockManagerHTTPProxy proxy = new StockManagerHTTPProxy("http://127.0.0.1:" + port + "/stock", Duration.ofSeconds(5))) {
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, proxy::getBooks);
            assertEquals(0, e.status());
        }
    }

    @Test
    void stockCalls_withTokenConfigured_needTheToken() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open(ServerSettings.defaults().withPort(0).withToken("s3cret"))) {
            String stockUrl = remote.server().baseUrl() + "/stock";
            for (String token : Arrays.asList(null, "wrong")) {
                try (StockManagerHTTPProxy intruder = new StockManagerHTTPProxy(stockUrl, Duration.ofSeconds(10), token)) {
                    BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, intruder::removeAllBooks);
                    assertEquals(401, e.status());
                    assertThrows(BookStoreHTTPException.class, () -> fill(intruder));
                }
            }
            try (StockManagerHTTPProxy manager = new StockManagerHTTPProxy(stockUrl, Duration.ofSeconds(10), "s3cret")) {
                assertEquals(List.of(), manager.getBooks());
                fill(manager);
                assertEquals(2, manager.getBooks().size());
            }
            assertEquals(2, remote.client().getBooks(Set.of(1, 7)).size());
        }
    }

    @Test
    void constructor_badUrlOrTimeout_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> new BookStoreHTTPProxy("ftp://127.0.0.1:1"));
        assertThrows(IllegalArgumentException.class, () -> new BookStoreHTTPProxy("not a url"));
        assertThrows(IllegalArgumentException.class, () -> new BookStoreHTTPProxy(null));
        assertThrows(IllegalArgumentException.class, () -> new BookStoreHTTPProxy("http://127.0.0.1:1", Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new StockManagerHTTPProxy("http://127.0.0.1:1/stock", Duration.ofSeconds(1), " "));
    }

    @Test
    void close_leavesNoClientThreadAndLaterCallsFail() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open()) {
            BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(remote.server().baseUrl());
            proxy.health();
            proxy.close();
            BookStoreHTTPException closed = assertThrows(BookStoreHTTPException.class, () -> proxy.getEditorPicks(1));
            assertTrue(closed.getMessage().contains("the proxy is closed"), closed.getMessage());
            remote.client().close();
            remote.stock().close();
            // A stopped pool's threads may take a moment to finish exiting; a leaked one never does.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            List<String> left = clientThreads();
            while (!left.isEmpty() && System.nanoTime() < deadline) {
                Thread.sleep(20);
                left = clientThreads();
            }
            assertEquals(List.of(), left, "client threads left running");
        }
    }

    private static List<String> clientThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("bookstore-client")).toList();
    }

    private static Set<StockBook> manyBooks(int count) {
        Set<StockBook> books = new HashSet<>();
        for (int isbn = 1; isbn <= count; isbn++) {
            books.add(new ImmutableStockBook(isbn, "A title of book " + isbn, "An author", 1f, 1, 0, 0, 0, false));
        }
        return books;
    }

    @Test
    void addBooks_bodyOverServerLimit_fails413AndTheNextCallWorks() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open(ServerSettings.defaults().withPort(0).withMaxBodyBytes(4096))) {
            for (int count : new int[] {100, 30_000}) {
                BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> remote.stock().addBooks(manyBooks(count)));
                assertEquals(413, e.status(), e.getMessage());
                assertEquals("body is larger than 4096 bytes", e.getMessage());
                assertEquals(List.of(), remote.stock().getBooks());
            }
        }
    }

    @Test
    void addBooks_largeBodyWithinLimit_succeeds() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open()) {
            remote.stock().addBooks(manyBooks(5_000));
            assertEquals(5_000, remote.stock().getBooks().size());
        }
    }

    @Test
    void stockProxy_pointedAtTheRoot_fails404NamingStockAndTheConnectionKeepsWorking() throws Exception {
        try (HttpStoreFixture remote = HttpStoreFixture.open();
                StockManagerHTTPProxy misplaced = new StockManagerHTTPProxy(remote.server().baseUrl())) {
            for (int i = 0; i < 3; i++) {
                BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> misplaced.addBooks(manyBooks(2)));
                assertEquals(404, e.status());
                assertEquals("ADDBOOKS is a stock-manager operation: it lives only under /stock", e.getMessage());
            }
            assertEquals(List.of(), remote.stock().getBooks());
        }
    }
}
