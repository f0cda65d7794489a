package com.acertainbookstore.store;

import static com.acertainbookstore.store.StoreConcurrencyTest.isbnsOf;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Many threads, every operation, in each locking mode: conservation of copies and ratings after a
 * random mix, and no deadlock when overlapping multi-book calls name their books in opposite
 * orders.
 */
class StoreMixedLoadTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final int BOOKS = 8;
    private static final int INITIAL_COPIES = 50;
    /** Operations 0..10 of the random mix; the writers of stock come up more often. */
    private static final int[] MIX = {0, 0, 0, 1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9, 10};

    /** What one thread did successfully, per ISBN (index = ISBN). */
    private static final class Tally {
        final long[] added = new long[BOOKS + 1];
        final long[] bought = new long[BOOKS + 1];
        final long[] ratingSum = new long[BOOKS + 1];
        final long[] ratings = new long[BOOKS + 1];
        final int ownIsbn;
        boolean ownPresent;

        Tally(int ownIsbn) {
            this.ownIsbn = ownIsbn;
        }
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void randomMix_sixteenThreads_copiesAndRatingsConserved(Locking locking) throws Exception {
        int[] all = {1, 2, 3, 4, 5, 6, 7, 8};
        CertainBookStore store = TestStores.seeded(locking, INITIAL_COPIES, all);
        List<Callable<Tally>> tasks = new ArrayList<>();
        for (int t = 0; t < 16; t++) {
            Tally tally = new Tally(100 + t);
            Random random = new Random(t);
            tasks.add(() -> {
                for (int i = 0; i < 2_000; i++) {
                    step(store, random, tally);
                }
                return tally;
            });
        }

        List<Tally> tallies = ConcurrentRun.run(TIMEOUT, tasks);

        Set<Integer> expectedIsbns = new HashSet<>();
        for (StockBook book : store.getBooks()) {
            if (book.getISBN() > BOOKS) {
                assertEquals(1, book.getNumCopies(), "a thread's own book is never bought");
                continue;
            }
            int isbn = book.getISBN();
            long added = 0;
            long bought = 0;
            long ratingSum = 0;
            long ratings = 0;
            for (Tally tally : tallies) {
                added += tally.added[isbn];
                bought += tally.bought[isbn];
                ratingSum += tally.ratingSum[isbn];
                ratings += tally.ratings[isbn];
            }
            assertEquals(INITIAL_COPIES + added - bought, book.getNumCopies(), "copies of ISBN " + isbn);
            assertEquals(ratings, book.getNumTimesRated(), "times rated of ISBN " + isbn);
            assertEquals(ratingSum, book.getTotalRating(), "total rating of ISBN " + isbn);
        }
        for (int isbn : all) {
            expectedIsbns.add(isbn);
        }
        for (Tally tally : tallies) {
            if (tally.ownPresent) {
                expectedIsbns.add(tally.ownIsbn);
            }
        }
        assertEquals(expectedIsbns, new HashSet<>(isbnsOf(store.getBooks())), "books in the store");
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void overlappingCallsInOppositeOrders_eightThreads_noDeadlockAndNothingLost(Locking locking)
            throws Exception {
        int rounds = 400;
        CertainBookStore store = TestStores.seeded(locking, 100, 1, 2, 3, 4, 5, 6, 7, 8);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int t = 0; t < 8; t++) {
            boolean ascending = t % 2 == 0;
            int from = 1 + t % 4;
            int to = from + 4;
            tasks.add(() -> {
                for (int round = 0; round < rounds; round++) {
                    Set<Integer> window = window(from, to, ascending);
                    store.buyBooks(copiesOf(window));
                    store.getBooksByISBN(window);
                    store.addCopies(copiesOf(window));
                    store.rateBooks(ratingsOf(window));
                    if (round % 50 == 0) {
                        store.getBooks();
                    }
                }
                return rounds;
            });
        }

        ConcurrentRun.run(TIMEOUT, tasks);

        for (StockBook book : store.getBooks()) {
            assertEquals(100, book.getNumCopies(), "copies of ISBN " + book.getISBN());
            // Threads t and t + 4 use the window [1 + t % 4, 5 + t % 4]: count the windows holding it.
            long windows = 0;
            for (int t = 0; t < 8; t++) {
                windows += book.getISBN() >= 1 + t % 4 && book.getISBN() <= 5 + t % 4 ? 1 : 0;
            }
            assertEquals(windows * rounds, book.getNumTimesRated(), "ratings of ISBN " + book.getISBN());
        }
    }

    // ---------------------------------------------------------------- the random mix

    private static void step(CertainBookStore store, Random random, Tally tally) throws BookStoreException {
        Set<Integer> some = someIsbns(random);
        switch (MIX[random.nextInt(MIX.length)]) {
            case 0 -> buy(store, random, some, tally);
            case 1 -> {
                Set<BookCopy> copies = new HashSet<>();
                some.forEach(isbn -> copies.add(new BookCopy(isbn, 1 + random.nextInt(2))));
                store.addCopies(copies);
                copies.forEach(copy -> tally.added[copy.getISBN()] += copy.getNumCopies());
            }
            case 2 -> {
                Set<BookRating> ratings = new HashSet<>();
                some.forEach(isbn -> ratings.add(new BookRating(isbn, random.nextInt(6))));
                store.rateBooks(ratings);
                ratings.forEach(rating -> {
                    tally.ratingSum[rating.getISBN()] += rating.getRating();
                    tally.ratings[rating.getISBN()]++;
                });
            }
            case 3 -> expectSize(some.size(), store.getBooks(some));
            case 4 -> store.getTopRatedBooks(3);
            case 5 -> store.getEditorPicks(2);
            case 6 -> {
                Set<BookEditorPick> picks = new HashSet<>();
                some.forEach(isbn -> picks.add(new BookEditorPick(isbn, random.nextBoolean())));
                store.updateEditorPicks(picks);
            }
            case 7 -> store.getBooks();
            case 8 -> expectSize(some.size(), store.getBooksByISBN(some));
            case 9 -> store.getBooksInDemand();
            default -> addOrRemoveOwnBook(store, tally);
        }
    }

    private static void buy(CertainBookStore store, Random random, Set<Integer> isbns, Tally tally)
            throws BookStoreException {
        Set<BookCopy> copies = new HashSet<>();
        isbns.forEach(isbn -> copies.add(new BookCopy(isbn, 1 + random.nextInt(3))));
        try {
            store.buyBooks(copies);
        } catch (BookStoreException refused) {
            if (!refused.getMessage().contains("copies requested")) {
                throw refused; // only a shortfall may refuse a purchase of books that are all there
            }
            return;
        }
        copies.forEach(copy -> tally.bought[copy.getISBN()] += copy.getNumCopies());
    }

    private static void addOrRemoveOwnBook(CertainBookStore store, Tally tally) throws BookStoreException {
        if (tally.ownPresent) {
            store.removeBooks(Set.of(tally.ownIsbn));
        } else {
            store.addBooks(Set.of(TestStores.book(tally.ownIsbn, 1, true)));
        }
        tally.ownPresent = !tally.ownPresent;
    }

    private static void expectSize(int expected, List<?> result) {
        if (result.size() != expected) {
            throw new IllegalStateException("expected " + expected + " books, got " + result);
        }
    }

    private static Set<Integer> someIsbns(Random random) {
        Set<Integer> isbns = new HashSet<>();
        int count = 1 + random.nextInt(3);
        while (isbns.size() < count) {
            isbns.add(1 + random.nextInt(BOOKS));
        }
        return isbns;
    }

    // ---------------------------------------------------------------- opposite orders

    private static Set<Integer> window(int from, int to, boolean ascending) {
        Set<Integer> window = new LinkedHashSet<>();
        for (int i = 0; i <= to - from; i++) {
            window.add(ascending ? from + i : to - i);
        }
        return window;
    }

    private static Set<BookCopy> copiesOf(Set<Integer> window) {
        Set<BookCopy> copies = new LinkedHashSet<>();
        window.forEach(isbn -> copies.add(new BookCopy(isbn, 1)));
        return copies;
    }

    private static Set<BookRating> ratingsOf(Set<Integer> window) {
        Set<BookRating> ratings = new LinkedHashSet<>();
        window.forEach(isbn -> ratings.add(new BookRating(isbn, 3)));
        return ratings;
    }
}
