package com.acertainbookstore.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@link CertainBookStore#replaceAllBooks}: the whole content restored field by field (including a
 * sold-out book with its sale misses and ratings, which {@code addBooks} refuses), and a refused
 * call that changes nothing.
 */
class ReplaceAllBooksTest {

    private static final ImmutableStockBook SOLD_OUT =
            new ImmutableStockBook(7, "Sold out", "Someone", 12.5f, 0, 9, 4, 17, true);
    private static final ImmutableStockBook PLENTY =
            new ImmutableStockBook(3, "Plenty", "Another", 0.0f, 40, 0, 0, 0, false);

    @ParameterizedTest
    @EnumSource(Locking.class)
    void replaceAllBooks_soldOutBookWithHistory_restoresEveryField(Locking locking) throws BookStoreException {
        CertainBookStore store = TestStores.seeded(locking, 5, 1, 2, 3);

        store.replaceAllBooks(List.of(SOLD_OUT, PLENTY));

        List<StockBook> books = store.getBooks();
        assertEquals(List.of(fields(PLENTY), fields(SOLD_OUT)), fieldsOf(books));
        assertEquals(List.of(7), isbnsOf(store.getEditorPicks(5)), "editor-pick index rebuilt");
        assertEquals(List.of(7), isbnsOf(store.getBooksInDemand()), "sale misses restored");
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void replaceAllBooks_invalidOrRepeatedBook_refusedAndNothingChanged(Locking locking) throws BookStoreException {
        CertainBookStore store = TestStores.seeded(locking, 5, 1, 2);
        List<List<String>> before = fieldsOf(store.getBooks());
        ImmutableStockBook negative = new ImmutableStockBook(9, "T", "A", 1f, -1, 0, 0, 0, false);
        ImmutableStockBook tooRated = new ImmutableStockBook(9, "T", "A", 1f, 1, 0, 1, 6, false);
        ImmutableStockBook repeated = new ImmutableStockBook(3, "Other", "B", 1f, 1, 0, 0, 0, false);

        assertRefused(store, () -> store.replaceAllBooks(List.of(PLENTY, negative)),
                "ISBN 9", "number of copies -1", ">= 0");
        assertRefused(store, () -> store.replaceAllBooks(List.of(tooRated)), "ISBN 9", "total rating 6");
        assertRefused(store, () -> store.replaceAllBooks(List.of(PLENTY, repeated)), "ISBN 3",
                "more than once");
        assertRefused(store, () -> store.replaceAllBooks(Arrays.asList(PLENTY, null)), "contains null");
        assertRefused(store, () -> store.replaceAllBooks(null), "books is null");
        assertEquals(before, fieldsOf(store.getBooks()));
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void replaceAllBooks_empty_emptiesTheStore(Locking locking) throws BookStoreException {
        CertainBookStore store = TestStores.seeded(locking, 5, 1, 2);
        store.replaceAllBooks(List.of());
        assertEquals(List.of(), store.getBooks());
    }

    private interface Call {
        void run() throws BookStoreException;
    }

    private static void assertRefused(CertainBookStore store, Call call, String... fragments) {
        BookStoreException refused = assertThrows(BookStoreException.class, call::run);
        for (String fragment : fragments) {
            assertTrue(refused.getMessage().contains(fragment),
                    () -> "'" + refused.getMessage() + "' should contain '" + fragment + "'");
        }
    }

    private static List<String> fields(StockBook b) {
        return List.of(String.valueOf(b.getISBN()), b.getTitle(), b.getAuthor(), String.valueOf(b.getPrice()),
                String.valueOf(b.getNumCopies()), String.valueOf(b.getNumSaleMisses()),
                String.valueOf(b.getNumTimesRated()), String.valueOf(b.getTotalRating()),
                String.valueOf(b.isEditorPick()));
    }

    private static List<List<String>> fieldsOf(List<StockBook> books) {
        List<List<String>> all = new ArrayList<>();
        for (StockBook book : books) {
            all.add(fields(book));
        }
        return all;
    }

    private static List<Integer> isbnsOf(List<? extends Book> books) {
        List<Integer> isbns = new ArrayList<>();
        for (Book book : books) {
            isbns.add(book.getISBN());
        }
        return isbns;
    }
}
