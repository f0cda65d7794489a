package com.acertainbookstore.interfaces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.function.Executable;

/**
 * Shared vocabulary of the contract tests: sample books, seeding, and the "refused and nothing
 * changed" assertion. Uses only the two interfaces and the public value types, so it works for
 * every implementation. Stateless; safe to share.
 */
final class Contract {

    private Contract() {
    }

    /** A valid, never-rated, not-picked book with derived title, author and price. */
    static ImmutableStockBook book(int isbn, int copies) {
        return new ImmutableStockBook(isbn, "Title " + isbn, "Author " + isbn, 10.0f + isbn, copies,
                0, 0, 0, false);
    }

    /** Adds a book with each ISBN and the given number of copies. */
    static void seed(StockManager stock, int copies, int... isbns) throws BookStoreException {
        Set<StockBook> books = new HashSet<>();
        for (int isbn : isbns) {
            books.add(book(isbn, copies));
        }
        stock.addBooks(books);
    }

    /** A mutable set keeping insertion order (to prove order of arguments does not matter). */
    @SafeVarargs
    static <T> Set<T> setOf(T... items) {
        Set<T> set = new LinkedHashSet<>();
        for (T item : items) {
            set.add(item);
        }
        return set;
    }

    /** A mutable set that holds {@code null} next to the given items. */
    @SafeVarargs
    static <T> Set<T> setWithNull(T... items) {
        Set<T> set = new HashSet<>();
        for (T item : items) {
            set.add(item);
        }
        set.add(null);
        return set;
    }

    static List<Integer> isbnsOf(List<? extends Book> books) {
        List<Integer> isbns = new ArrayList<>();
        for (Book book : books) {
            isbns.add(book.getISBN());
        }
        return isbns;
    }

    /**
     * Asserts that {@code call} throws a {@link BookStoreException} whose message contains every
     * fragment (the offending value and the rule), and that the store's stock is unchanged field
     * by field.
     */
    static BookStoreException assertRefused(StoreFixture store, Executable call, String... fragments)
            throws BookStoreException {
        StockSnapshot before = StockSnapshot.of(store.stock());
        BookStoreException refused = assertRefusedLeavingState(call, fragments);
        before.assertSameAs(StockSnapshot.of(store.stock()));
        return refused;
    }

    /** Asserts the exception and message only; the caller checks what the failure may change. */
    static BookStoreException assertRefusedLeavingState(Executable call, String... fragments) {
        BookStoreException refused = assertThrows(BookStoreException.class, call);
        String message = refused.getMessage();
        for (String fragment : fragments) {
            assertTrue(message != null && message.contains(fragment),
                    () -> "message '" + message + "' should contain '" + fragment + "'");
        }
        return refused;
    }

    /** Asserts that every customer-visible book is a plain {@link ImmutableBook}. */
    static void assertPlainBooks(List<Book> books) {
        for (Book book : books) {
            assertSame(ImmutableBook.class, book.getClass(), "client view of ISBN " + book.getISBN());
        }
    }

    /** Asserts the four book fields of a returned book against the seeded one. */
    static void assertDescribes(Book expected, Book actual) {
        assertEquals(expected.getISBN(), actual.getISBN(), "ISBN");
        assertEquals(expected.getTitle(), actual.getTitle(), "title of ISBN " + expected.getISBN());
        assertEquals(expected.getAuthor(), actual.getAuthor(), "author of ISBN " + expected.getISBN());
        assertEquals(expected.getPrice(), actual.getPrice(), "price of ISBN " + expected.getISBN());
    }

    /** Clears a returned list if it is mutable; an unmodifiable list is just as good a snapshot. */
    static void tryToClear(List<?> list) {
        try {
            list.clear();
        } catch (UnsupportedOperationException unmodifiable) {
            // An unmodifiable result cannot be changed at all, which is just as good.
        }
    }
}
