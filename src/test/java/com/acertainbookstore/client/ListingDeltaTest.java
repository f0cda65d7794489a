package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.CertainBookStore;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code getBooks()} over HTTP with listings answered as changes: against a real server, whatever
 * the store went through, the listing the client puts together equals the store's own, field by
 * field; and under concurrent writers, each reader's listings move only forward.
 */
class ListingDeltaTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** Every field of a stock book, so that lists compare field by field. */
    private static List<String> fields(List<StockBook> books) {
        List<String> out = new ArrayList<>();
        for (StockBook b : books) {
            out.add(b.getISBN() + "|" + b.getTitle() + "|" + b.getAuthor() + "|" + Float.floatToIntBits(b.getPrice())
                    + "|" + b.getNumCopies() + "|" + b.getNumSaleMisses() + "|" + b.getNumTimesRated() + "|"
                    + b.getTotalRating() + "|" + b.isEditorPick());
        }
        return out;
    }

    private static ImmutableStockBook book(int isbn, int copies) {
        return new ImmutableStockBook(isbn, "Title " + isbn, "Author " + isbn, 1.5f + isbn, copies, 0, 0, 0, false);
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void randomHistory_listingPutTogetherFromChanges_equalsTheStores(Locking locking) throws Exception {
        CertainBookStore store = new CertainBookStore(locking);
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(store, ServerSettings.defaults().withPort(0));
                HttpTransport transport = new HttpTransport(server.baseUrl() + "/stock", TIMEOUT, null)) {
            ListingCache cache = new ListingCache();
            Random random = new Random(5);
            for (int round = 0; round < 400; round++) {
                int isbn = 1 + random.nextInt(30);
                try {
                    switch (random.nextInt(8)) {
                        case 0, 1 -> store.addBooks(Set.of(book(isbn, 1 + random.nextInt(5))));
                        case 2, 3 -> store.buyBooks(Set.of(new BookCopy(isbn, 1 + random.nextInt(3))));
                        case 4 -> store.addCopies(Set.of(new BookCopy(isbn, 1 + random.nextInt(3))));
                        case 5 -> store.rateBooks(Set.of(new BookRating(isbn, random.nextInt(6))));
                        case 6 -> store.updateEditorPicks(Set.of(new BookEditorPick(isbn, random.nextBoolean())));
                        default -> {
                            if (random.nextInt(4) == 0) {
                                store.removeBooks(Set.of(isbn));
                            }
                        }
                    }
                } catch (BookStoreException refused) {
                    // Refused calls (absent book, not enough copies) change nothing, or only sale misses.
                }
                List<StockBook> got = transport.listing(cache);
                assertEquals(fields(store.getBooks()), fields(got), "round " + round);
            }
            assertTrue(cache.merged() > 200, "most listings were put together from changes: " + cache.merged());
        }
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void concurrentWritersAndReaders_eachReadersListingsMoveOnlyForward(Locking locking) throws Exception {
        CertainBookStore store = new CertainBookStore(locking);
        int books = 40;
        for (int isbn = 1; isbn <= books / 2; isbn++) {
            store.addBooks(Set.of(book(isbn, 1)));
        }
        ConcurrentLinkedQueue<String> failures = new ConcurrentLinkedQueue<>();
        AtomicBoolean stop = new AtomicBoolean();
        ExecutorService threads = Executors.newFixedThreadPool(8);
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(store, ServerSettings.defaults().withPort(0));
                HttpTransport transport = new HttpTransport(server.baseUrl() + "/stock", TIMEOUT, null);
                StockManagerHTTPProxy writerProxy = new StockManagerHTTPProxy(server.baseUrl() + "/stock", TIMEOUT)) {
            ListingCache cache = new ListingCache();
            List<Future<?>> running = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                SplittableRandom random = new SplittableRandom(w);
                running.add(threads.submit(() -> {
                    while (!stop.get()) {
                        int isbn = 1 + random.nextInt(books);
                        try {
                            if (random.nextInt(10) == 0) {
                                writerProxy.addBooks(Set.of(book(isbn, 1)));
                            } else {
                                writerProxy.addCopies(Set.of(new BookCopy(isbn, 1 + random.nextInt(3))));
                            }
                        } catch (BookStoreException refused) {
                            // Absent book, or a book already added: copies and books only grow anyway.
                        }
                    }
                    return null;
                }));
            }
            for (int r = 0; r < 4; r++) {
                running.add(threads.submit(() -> {
                    int[] seen = new int[books + 1];
                    while (!stop.get()) {
                        List<StockBook> listing = transport.listing(cache);
                        int[] now = new int[books + 1];
                        int previous = 0;
                        for (StockBook book : listing) {
                            if (book.getISBN() <= previous) {
                                failures.add("out of ISBN order: " + book.getISBN() + " after " + previous);
                            }
                            previous = book.getISBN();
                            now[book.getISBN()] = book.getNumCopies();
                        }
                        for (int isbn = 1; isbn <= books; isbn++) {
                            if (now[isbn] < seen[isbn]) {
                                failures.add("ISBN " + isbn + " went back from " + seen[isbn] + " to " + now[isbn]
                                        + " copies (or vanished) between two listings of one reader");
                            }
                        }
                        seen = now;
                    }
                    return null;
                }));
            }
            Thread.sleep(1500);
            stop.set(true);
            for (Future<?> future : running) {
                future.get(30, TimeUnit.SECONDS);
            }
            assertEquals(List.of(), new ArrayList<>(failures).subList(0, Math.min(5, failures.size())));
            assertEquals(fields(store.getBooks()), fields(transport.listing(cache)));
            assertTrue(cache.merged() > 0, "some listings were put together from changes");
        } finally {
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(30, TimeUnit.SECONDS));
        }
    }
}
