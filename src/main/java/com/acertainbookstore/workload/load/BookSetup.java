package com.acertainbookstore.workload.load;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The books of a run: the catalogue (ISBN 1..catalogueSize, title {@code bookTitle i}, author
 * {@code author i}, price 10, {@code initialCopies} copies; the first {@code initialBooks} are
 * editor picks, later ones when their ISBN is even) and the initial store (its first
 * {@code initialBooks} books). Immutable and safe to share: the books are immutable values.
 */
public final class BookSetup {

    private final StockBook[] catalogue;
    private final int initialBooks;

    public BookSetup(WorkloadConfig config) {
        this.initialBooks = config.initialBooks;
        this.catalogue = new StockBook[config.catalogueSize + 1];
        for (int isbn = 1; isbn <= config.catalogueSize; isbn++) {
            boolean pick = isbn <= initialBooks || isbn % 2 == 0;
            catalogue[isbn] = new ImmutableStockBook(isbn, "bookTitle " + isbn, "author " + isbn, 10f,
                    config.initialCopies, 0, 0, 0, pick);
        }
    }

    /** Number of catalogue books (ISBN 1..size). */
    public int catalogueSize() {
        return catalogue.length - 1;
    }

    /** The catalogue book with this ISBN (1..catalogueSize). */
    public StockBook book(int isbn) {
        return catalogue[isbn];
    }

    /** Copies of each ISBN (index) right after a reset; 0 for books not in the initial store. */
    public long[] initialCopies() {
        long[] copies = new long[catalogue.length];
        for (int isbn = 1; isbn <= initialBooks; isbn++) {
            copies[isbn] = catalogue[isbn].getNumCopies();
        }
        return copies;
    }

    /** The books of the store right after a reset. */
    public List<StockBook> initialStore() {
        List<StockBook> books = new ArrayList<>();
        for (int isbn = 1; isbn <= initialBooks; isbn++) {
            books.add(catalogue[isbn]);
        }
        return books;
    }

    /** Empties the store and adds the initial books. */
    public void reset(StockManager stock) throws BookStoreException {
        stock.removeAllBooks();
        stock.addBooks(new HashSet<>(initialStore()));
    }
}
