package com.acertainbookstore.interfaces;

import static com.acertainbookstore.interfaces.Contract.assertDescribes;
import static com.acertainbookstore.interfaces.Contract.assertPlainBooks;
import static com.acertainbookstore.interfaces.Contract.assertRefused;
import static com.acertainbookstore.interfaces.Contract.book;
import static com.acertainbookstore.interfaces.Contract.isbnsOf;
import static com.acertainbookstore.interfaces.Contract.seed;
import static com.acertainbookstore.interfaces.Contract.setOf;
import static com.acertainbookstore.interfaces.Contract.setWithNull;
import static com.acertainbookstore.interfaces.Contract.tryToClear;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.StoreImplementations.Factory;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The customer's {@link BookStore} against every implementation: rateBooks, getBooks and
 * getTopRatedBooks ({@code buyBooks} and {@code getEditorPicks} have their own classes).
 */
class BookStoreContractTest {

    @ForEachStore
    void rateBooks_validRatings_addToTotalAndCount(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1, 2, 3);

            store.client().rateBooks(setOf(new BookRating(1, 4), new BookRating(2, 0)));
            store.client().rateBooks(setOf(new BookRating(1, 5)));

            List<StockBook> books = store.stock().getBooksByISBN(setOf(1, 2, 3));
            assertEquals(2, books.get(0).getNumTimesRated());
            assertEquals(9, books.get(0).getTotalRating());
            assertEquals(4.5f, books.get(0).getAverageRating());
            assertEquals(1, books.get(1).getNumTimesRated());
            assertEquals(0, books.get(1).getTotalRating());
            assertEquals(0.0f, books.get(1).getAverageRating());
            assertEquals(0, books.get(2).getNumTimesRated());
            assertEquals(-1.0f, books.get(2).getAverageRating(), "never rated");
            assertEquals(2, books.get(0).getNumCopies(), "rating leaves copies alone");
        }
    }

    @ForEachStore
    void rateBooks_ratingOutsideZeroToFive_refusedNamingIt(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1, 2);
            assertRefused(store, () -> store.client().rateBooks(setOf(new BookRating(1, 3), new BookRating(2, 6))),
                    "ISBN 2", "6");
            assertRefused(store, () -> store.client().rateBooks(setOf(new BookRating(1, -1))), "ISBN 1", "-1");
        }
    }

    @ForEachStore
    void rateBooks_bookRatedTheMostTimesItCanBe_refusedAndNothingRated(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            long most = Long.MAX_VALUE / 5;
            store.stock().addBooks(setOf(new ImmutableStockBook(1, "T", "A", 1f, 2, 0, 0, 0, false),
                    new ImmutableStockBook(2, "T", "A", 1f, 2, 0, most, 5 * most, false)));
            assertRefused(store, () -> store.client().rateBooks(setOf(new BookRating(1, 3), new BookRating(2, 5))),
                    "ISBN 2", "rated " + most + " times");
            assertEquals(5 * most, store.stock().getBooksByISBN(setOf(2)).get(0).getTotalRating());
        }
    }

    @ForEachStore
    void rateBooks_badIsbnOrNull_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1);
            assertRefused(store, () -> store.client().rateBooks(setOf(new BookRating(1, 3), new BookRating(-2, 3))),
                    "-2", "invalid");
            assertRefused(store, () -> store.client().rateBooks(setOf(new BookRating(1, 3), new BookRating(42, 3))),
                    "42", "not in the store");
            assertRefused(store, () -> store.client().rateBooks(null), "null");
            Set<BookRating> withNull = setWithNull(new BookRating(1, 3));
            assertRefused(store, () -> store.client().rateBooks(withNull), "null");
        }
    }

    @ForEachStore
    void getBooks_anyArgumentOrder_plainBooksInAscendingIsbnOrder(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 9, 4, 7, 1);

            List<Book> books = store.client().getBooks(setOf(9, 1, 7));

            assertEquals(List.of(1, 7, 9), isbnsOf(books));
            assertPlainBooks(books);
            assertDescribes(book(7, 3), books.get(1));
            assertEquals(List.of(), store.client().getBooks(new HashSet<>()));
        }
    }

    @ForEachStore
    void getBooks_badIsbnOrNull_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1);
            assertRefused(store, () -> store.client().getBooks(setOf(1, -3)), "ISBN -3", "invalid");
            assertRefused(store, () -> store.client().getBooks(setOf(1, 42)), "ISBN 42", "not in the store");
            assertRefused(store, () -> store.client().getBooks(null), "null");
            Set<Integer> withNull = setWithNull(1);
            assertRefused(store, () -> store.client().getBooks(withNull), "null");
        }
    }

    @ForEachStore
    void getBooks_resultAndArgumentChanged_storeUnaffected(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1, 2);
            Set<Integer> isbns = setOf(1, 2);
            List<Book> first = store.client().getBooks(isbns);
            StockSnapshot before = StockSnapshot.of(store.stock());

            isbns.clear();
            tryToClear(first);

            before.assertSameAs(StockSnapshot.of(store.stock()));
            assertEquals(List.of(1, 2), isbnsOf(store.client().getBooks(setOf(1, 2))));
        }
    }

    @ForEachStore
    void getTopRatedBooks_mixedRatings_highestFirstUnratedLastTiesByIsbn(Factory factory)
            throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2, 3, 4, 5);
            store.client().rateBooks(setOf(new BookRating(1, 3), new BookRating(3, 5),
                    new BookRating(4, 2), new BookRating(5, 0)));
            store.client().rateBooks(setOf(new BookRating(4, 4)));

            List<Book> all = store.client().getTopRatedBooks(5);

            // Averages: 1 -> 3, 2 -> never rated, 3 -> 5, 4 -> 3 (tie with 1), 5 -> 0.
            assertEquals(List.of(3, 1, 4, 5, 2), isbnsOf(all));
            assertPlainBooks(all);
            assertEquals(List.of(3, 1), isbnsOf(store.client().getTopRatedBooks(2)));
            assertEquals(List.of(3, 1, 4, 5, 2), isbnsOf(store.client().getTopRatedBooks(100)));
            assertEquals(List.of(), store.client().getTopRatedBooks(0));
        }
    }

    @ForEachStore
    void getTopRatedBooks_negativeCount_refusedNamingIt(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1);
            assertRefused(store, () -> store.client().getTopRatedBooks(-1), "numBooks", "-1");
        }
    }

    @ForEachStore
    void getTopRatedBooks_emptyStore_returnsEmpty(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            assertEquals(List.of(), store.client().getTopRatedBooks(3));
        }
    }
}
