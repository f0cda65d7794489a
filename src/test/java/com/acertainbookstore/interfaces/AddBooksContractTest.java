package com.acertainbookstore.interfaces;

import static com.acertainbookstore.interfaces.Contract.assertRefused;
import static com.acertainbookstore.interfaces.Contract.book;
import static com.acertainbookstore.interfaces.Contract.seed;
import static com.acertainbookstore.interfaces.Contract.setOf;
import static com.acertainbookstore.interfaces.Contract.setWithNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.StoreImplementations.Factory;
import java.util.List;
import java.util.Set;

/** {@link StockManager#addBooks} against every implementation: every field kept, every rule enforced. */
class AddBooksContractTest {

    /** One invalid book and what its refusal message must contain. */
    private record Invalid(StockBook book, String... fragments) {
    }

    private static final List<Invalid> INVALID = List.of(
            new Invalid(stock(-3, "T", "A", 1f, 1, 0, 0, 0), "ISBN -3", "invalid"),
            new Invalid(stock(0, "T", "A", 1f, 1, 0, 0, 0), "ISBN 0", "invalid"),
            new Invalid(stock(20, null, "A", 1f, 1, 0, 0, 0), "ISBN 20", "title"),
            new Invalid(stock(21, "  ", "A", 1f, 1, 0, 0, 0), "ISBN 21", "title"),
            new Invalid(stock(22, "T", null, 1f, 1, 0, 0, 0), "ISBN 22", "author"),
            new Invalid(stock(23, "T", "", 1f, 1, 0, 0, 0), "ISBN 23", "author"),
            new Invalid(stock(24, "T", "A", Float.NaN, 1, 0, 0, 0), "ISBN 24", "price", "NaN"),
            new Invalid(stock(25, "T", "A", Float.POSITIVE_INFINITY, 1, 0, 0, 0), "ISBN 25", "price", "Infinity"),
            new Invalid(stock(26, "T", "A", Float.NEGATIVE_INFINITY, 1, 0, 0, 0), "ISBN 26", "price", "-Infinity"),
            new Invalid(stock(27, "T", "A", -0.5f, 1, 0, 0, 0), "ISBN 27", "price", "-0.5"),
            new Invalid(stock(28, "T", "A", 1f, 0, 0, 0, 0), "ISBN 28", "copies", "0"),
            new Invalid(stock(29, "T", "A", 1f, -2, 0, 0, 0), "ISBN 29", "copies", "-2"),
            new Invalid(stock(30, "T", "A", 1f, 1, -1, 0, 0), "ISBN 30", "sale misses", "-1"),
            new Invalid(stock(31, "T", "A", 1f, 1, 0, -4, 0), "ISBN 31", "times rated", "-4"),
            new Invalid(stock(32, "T", "A", 1f, 1, 0, 0, -5), "ISBN 32", "total rating", "-5"),
            new Invalid(stock(33, "T", "A", 1f, 1, 0, 0, 1), "ISBN 33", "total rating", "1", "times rated"),
            new Invalid(stock(34, "T", "A", 1f, 1, 0, 2, 11), "ISBN 34", "total rating", "11", "<= 5 x times rated = 10"),
            new Invalid(stock(35, "T", "A", 1f, 1, 0, Long.MAX_VALUE, Long.MAX_VALUE), "ISBN 35", "times rated",
                    Long.toString(Long.MAX_VALUE)),
            new Invalid(stock(36, "T", "A", 1f, 1, Long.MIN_VALUE, 0, 0), "ISBN 36", "sale misses",
                    Long.toString(Long.MIN_VALUE)));

    @ForEachStore
    void addBooks_validBooks_storeEveryField(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            StockBook full = new ImmutableStockBook(8, "Dune", "Herbert", 0f, 4, 3, 2, 7, true);
            store.stock().addBooks(setOf(full, book(5, 1)));

            List<StockBook> books = store.stock().getBooks();
            assertEquals(2, books.size());
            StockBook stored = books.get(1);
            assertSame(ImmutableStockBook.class, stored.getClass());
            assertEquals(8, stored.getISBN());
            assertEquals("Dune", stored.getTitle());
            assertEquals("Herbert", stored.getAuthor());
            assertEquals(0f, stored.getPrice());
            assertEquals(4, stored.getNumCopies());
            assertEquals(3, stored.getNumSaleMisses());
            assertEquals(2, stored.getNumTimesRated());
            assertEquals(7, stored.getTotalRating());
            assertEquals(3.5f, stored.getAverageRating());
            assertEquals(true, stored.isEditorPick());
            assertEquals(8, store.client().getEditorPicks(5).get(0).getISBN());
            assertEquals(8, store.stock().getBooksInDemand().get(0).getISBN());
        }
    }

    @ForEachStore
    void addBooks_eachInvalidField_refusedNamingItAndNothingAdded(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1);
            for (Invalid invalid : INVALID) {
                assertRefused(store, () -> store.stock().addBooks(setOf(book(7, 1), invalid.book())),
                        invalid.fragments());
            }
        }
    }

    @ForEachStore
    void addBooks_isbnAlreadyInStore_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1);
            assertRefused(store, () -> store.stock().addBooks(setOf(book(7, 1), book(1, 5))), "ISBN 1", "already");
        }
    }

    @ForEachStore
    void addBooks_isbnTwiceInRequest_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            StockBook first = stock(5, "One", "A", 1f, 1, 0, 0, 0);
            StockBook second = stock(5, "Two", "A", 1f, 1, 0, 0, 0);
            assertRefused(store, () -> store.stock().addBooks(setOf(first, second)), "ISBN 5");
        }
    }

    @ForEachStore
    void addBooks_nullSetOrElement_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            assertRefused(store, () -> store.stock().addBooks(null), "null");
            Set<StockBook> withNull = setWithNull(book(3, 1));
            assertRefused(store, () -> store.stock().addBooks(withNull), "null");
        }
    }

    @ForEachStore
    void addBooks_argumentChangedAfterCall_storeUnaffected(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            Set<StockBook> books = setOf(book(3, 2), book(4, 2));
            store.stock().addBooks(books);
            StockSnapshot before = StockSnapshot.of(store.stock());

            books.clear();
            books.add(book(9, 1));

            before.assertSameAs(StockSnapshot.of(store.stock()));
            assertEquals(List.of(3, 4), Contract.isbnsOf(store.stock().getBooks()));
        }
    }

    private static StockBook stock(int isbn, String title, String author, float price, int copies,
            long misses, long timesRated, long totalRating) {
        return new ImmutableStockBook(isbn, title, author, price, copies, misses, timesRated, totalRating, false);
    }
}
