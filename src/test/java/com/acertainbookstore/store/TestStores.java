package com.acertainbookstore.store;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/** Small catalogues and set builders for the store's own tests. Stateless; safe to share. */
final class TestStores {

    private TestStores() {
    }

    static ImmutableStockBook book(int isbn, int copies, boolean editorPick) {
        return new ImmutableStockBook(isbn, "Title " + isbn, "Author " + isbn, 5.0f + isbn, copies, 0, 0, 0,
                editorPick);
    }

    /** A store in the given mode holding one book per ISBN, each with {@code copies} copies. */
    static CertainBookStore seeded(Locking locking, int copies, int... isbns) throws BookStoreException {
        CertainBookStore store = new CertainBookStore(locking);
        store.addBooks(books(copies, false, isbns));
        return store;
    }

    static Set<StockBook> books(int copies, boolean editorPick, int... isbns) {
        Set<StockBook> books = new HashSet<>();
        for (int isbn : isbns) {
            books.add(book(isbn, copies, editorPick));
        }
        return books;
    }

    /** {@code BookCopy(isbn, n)} for each ISBN, in the given iteration order. */
    static Set<BookCopy> copies(int n, int... isbns) {
        Set<BookCopy> copies = new LinkedHashSet<>();
        for (int isbn : isbns) {
            copies.add(new BookCopy(isbn, n));
        }
        return copies;
    }

    static Set<Integer> isbns(int... isbns) {
        Set<Integer> set = new LinkedHashSet<>();
        Arrays.stream(isbns).forEach(set::add);
        return set;
    }

    /** Copies of every book, by ISBN. */
    static Map<Integer, Integer> copiesByIsbn(List<StockBook> books) {
        Map<Integer, Integer> copies = new TreeMap<>();
        for (StockBook book : books) {
            copies.put(book.getISBN(), book.getNumCopies());
        }
        return copies;
    }
}
