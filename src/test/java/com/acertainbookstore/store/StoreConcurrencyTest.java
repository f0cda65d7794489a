package com.acertainbookstore.store;

import static com.acertainbookstore.store.TestStores.copies;
import static com.acertainbookstore.store.TestStores.copiesByIsbn;
import static com.acertainbookstore.store.TestStores.isbns;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Atomicity under threads, in each locking mode: writers whose calls, if half-applied, would show
 * a mixed state, against readers that record every mixed state they see. Each reader returns the
 * anomalies it saw; the test thread asserts there were none.
 */
class StoreConcurrencyTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);
    private static final int WRITER_ROUNDS = 1_500;
    /** Books on each side of the editor-pick swap: enough that a torn update has a wide window. */
    private static final int HALF = 20;

    @ParameterizedTest
    @EnumSource(Locking.class)
    void buyAndAddCopies_manyThreads_exactFinalCopies(Locking locking) throws Exception {
        int rounds = 1_000;
        CertainBookStore store = TestStores.seeded(locking, 10_000, 1, 2, 3, 4);
        List<Callable<Integer>> tasks = new ArrayList<>();
        int[][] sets = {{1, 2}, {2, 3, 4}, {4, 1}, {3}};
        for (int[] set : sets) {
            tasks.add(() -> repeat(rounds, () -> store.buyBooks(copies(2, set))));
            tasks.add(() -> repeat(rounds, () -> store.addCopies(copies(1, set))));
        }

        ConcurrentRun.run(TIMEOUT, tasks);

        // Each set is bought 2 copies and restocked 1 copy per round: net -1 per round per set.
        Map<Integer, Integer> expected = Map.of(1, 10_000 - 2 * rounds, 2, 10_000 - 2 * rounds,
                3, 10_000 - 2 * rounds, 4, 10_000 - 2 * rounds);
        assertEquals(new TreeMap<>(expected), copiesByIsbn(store.getBooks()));
        for (StockBook book : store.getBooks()) {
            assertEquals(0, book.getNumSaleMisses(), "no purchase may have fallen short: " + book);
        }
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void buyThenPutBack_againstReaders_neverHalfApplied(Locking locking) throws Exception {
        int full = 3;
        int[] set = {1, 2, 3};
        CertainBookStore store = TestStores.seeded(locking, full, 1, 2, 3, 4);
        store.updateEditorPicks(Set.of(new BookEditorPick(1, true), new BookEditorPick(3, true)));
        AtomicBoolean done = new AtomicBoolean();
        List<Callable<List<String>>> tasks = new ArrayList<>();
        tasks.add(() -> {
            try {
                for (int round = 0; round < WRITER_ROUNDS; round++) {
                    store.buyBooks(copies(1, set));
                    tryBuy(store, copies(full, 3, 2, 1)); // short by one on each: a miss on all three
                    store.addCopies(copies(1, 3, 1, 2)); // back to full, misses reset on all three
                }
            } finally {
                done.set(true); // readers stop even if the writer fails
            }
            return List.of();
        });
        tasks.add(() -> readUntil(done, () -> samePhase(store.getBooks().subList(0, 3))));
        tasks.add(() -> readUntil(done, () -> samePhase(store.getBooksByISBN(isbns(3, 1, 2)))));
        tasks.add(() -> readUntil(done, () -> {
            List<Book> picks = store.getEditorPicks(2);
            return picks.size() == 2 ? null : "picks changed size: " + picks;
        }));

        List<List<String>> anomalies = ConcurrentRun.run(TIMEOUT, tasks);

        assertNoAnomalies(anomalies);
        assertEquals(Map.of(1, full, 2, full, 3, full, 4, full), copiesByIsbn(store.getBooks()));
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void addAndRemoveBatch_againstReaders_wholeBatchOrNone(Locking locking) throws Exception {
        int[] batch = {10, 11, 12};
        CertainBookStore store = TestStores.seeded(locking, 1, 1, 20);
        AtomicBoolean done = new AtomicBoolean();
        List<Callable<List<String>>> tasks = new ArrayList<>();
        tasks.add(() -> {
            try {
                for (int round = 0; round < WRITER_ROUNDS; round++) {
                    store.addBooks(TestStores.books(2, true, batch));
                    store.removeBooks(isbns(batch));
                }
            } finally {
                done.set(true); // readers stop even if the writer fails
            }
            return List.of();
        });
        tasks.add(() -> readUntil(done, () -> allOrNone(isbnsOf(store.getBooks()), batch)));
        tasks.add(() -> readUntil(done, () -> allOrNone(isbnsOf(store.getEditorPicks(10)), batch)));
        tasks.add(() -> readUntil(done, () -> allOrNone(isbnsOf(store.getTopRatedBooks(10)), batch)));
        tasks.add(() -> readUntil(done, () -> {
            try {
                return store.getBooksByISBN(isbns(12, 10, 11)).size() == 3 ? null : "partial batch";
            } catch (BookStoreException absent) {
                return absent.getMessage().contains("not in the store") ? null : absent.getMessage();
            }
        }));

        List<List<String>> anomalies = ConcurrentRun.run(TIMEOUT, tasks);

        assertNoAnomalies(anomalies);
        assertEquals(List.of(1, 20), isbnsOf(store.getBooks()));
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void swapEditorPicks_againstReaders_wholeUpdateOrNone(Locking locking) throws Exception {
        int[] all = IntStream.rangeClosed(1, 2 * HALF).toArray();
        CertainBookStore store = TestStores.seeded(locking, 1, all);
        Set<Integer> lowHalf = IntStream.rangeClosed(1, HALF).boxed().collect(Collectors.toSet());
        Set<Integer> highHalf = IntStream.rangeClosed(HALF + 1, 2 * HALF).boxed().collect(Collectors.toSet());
        store.updateEditorPicks(picks(true));
        AtomicBoolean done = new AtomicBoolean();
        List<Callable<List<String>>> tasks = new ArrayList<>();
        tasks.add(() -> {
            try {
                for (int round = 0; round < WRITER_ROUNDS; round++) {
                    store.updateEditorPicks(picks(false));
                    store.updateEditorPicks(picks(true));
                }
            } finally {
                done.set(true); // readers stop even if the writer fails
            }
            return List.of();
        });
        Set<Set<Integer>> allowed = Set.of(lowHalf, highHalf);
        tasks.add(() -> readUntil(done, () -> {
            Set<Integer> seen = new HashSet<>(isbnsOf(store.getEditorPicks(2 * HALF)));
            return allowed.contains(seen) ? null : "editor picks " + seen;
        }));
        tasks.add(() -> readUntil(done, () -> oneHalfFlagged(store.getBooks(), allowed)));
        tasks.add(() -> readUntil(done, () -> oneHalfFlagged(store.getBooksByISBN(isbns(all)), allowed)));

        List<List<String>> anomalies = ConcurrentRun.run(TIMEOUT, tasks);

        assertNoAnomalies(anomalies);
        assertEquals(lowHalf, new HashSet<>(isbnsOf(store.getEditorPicks(2 * HALF))));
    }

    // ---------------------------------------------------------------- helpers

    @FunctionalInterface
    interface StoreCall {
        void run() throws BookStoreException;
    }

    @FunctionalInterface
    interface Observation {
        /** Null when what was seen is consistent, else a description of the anomaly. */
        String check() throws BookStoreException;
    }

    static int repeat(int times, StoreCall call) throws BookStoreException {
        for (int i = 0; i < times; i++) {
            call.run();
        }
        return times;
    }

    /** Observes until the writer is done (at least once); returns up to ten anomalies seen. */
    static List<String> readUntil(AtomicBoolean done, Observation observation) throws BookStoreException {
        List<String> anomalies = new ArrayList<>();
        do {
            String anomaly = observation.check();
            if (anomaly != null && anomalies.size() < 10) {
                anomalies.add(anomaly);
            }
        } while (!done.get());
        return anomalies;
    }

    static void assertNoAnomalies(List<List<String>> anomaliesPerTask) {
        List<String> all = new ArrayList<>();
        anomaliesPerTask.forEach(all::addAll);
        assertTrue(all.isEmpty(), "readers saw half-applied calls: " + all);
    }

    private static void tryBuy(CertainBookStore store, Set<BookCopy> request) {
        try {
            store.buyBooks(request);
            throw new IllegalStateException("buying " + request + " should have fallen short");
        } catch (BookStoreException expected) {
            // Expected: the purchase is short on every book and records a miss on each.
        }
    }

    /** Every book shows the same copies and the same misses (one phase of the writer's cycle). */
    private static String samePhase(List<StockBook> books) {
        for (StockBook book : books) {
            if (book.getNumCopies() != books.get(0).getNumCopies()
                    || book.getNumSaleMisses() != books.get(0).getNumSaleMisses()) {
                return "mixed phases: " + books;
            }
        }
        return null;
    }

    private static String allOrNone(List<Integer> seen, int... batch) {
        int present = 0;
        for (int isbn : batch) {
            present += seen.contains(isbn) ? 1 : 0;
        }
        return present == 0 || present == batch.length ? null : "partial batch in " + seen;
    }

    /** Picks the low half of the books and unpicks the high half, or the other way round. */
    private static Set<BookEditorPick> picks(boolean lowHalf) {
        Set<BookEditorPick> picks = new HashSet<>();
        for (int isbn = 1; isbn <= 2 * HALF; isbn++) {
            picks.add(new BookEditorPick(isbn, (isbn <= HALF) == lowHalf));
        }
        return picks;
    }

    private static String oneHalfFlagged(List<StockBook> books, Set<Set<Integer>> allowed) {
        Set<Integer> flagged = new HashSet<>();
        for (StockBook book : books) {
            if (book.isEditorPick()) {
                flagged.add(book.getISBN());
            }
        }
        return allowed.contains(flagged) ? null : "flagged " + flagged;
    }

    static List<Integer> isbnsOf(List<? extends Book> books) {
        List<Integer> isbns = new ArrayList<>(books.size());
        for (Book book : books) {
            isbns.add(book.getISBN());
        }
        return isbns;
    }
}
