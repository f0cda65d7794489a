package com.acertainbookstore.interfaces;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import java.util.List;
import java.util.Set;

/**
 * The customer's view of the store. Every call is atomic: it validates all of its input before it
 * changes anything, and it takes effect before or after any other call, never in between.
 * Implementations are safe to share between threads. Returned books are plain
 * {@link com.acertainbookstore.business.ImmutableBook}s that carry no stock.
 */
public interface BookStore {

    /**
     * Buys the given copies. If any book has fewer copies than requested, records a sale miss of
     * {@code requested - available} on each such book, buys nothing and throws.
     */
    void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException;

    /** Adds each rating (0 to 5) to its book's total and counts it. */
    void rateBooks(Set<BookRating> bookRating) throws BookStoreException;

    /** The named books, in ascending ISBN order. */
    List<Book> getBooks(Set<Integer> isbnSet) throws BookStoreException;

    /**
     * Up to {@code numBooks} books by average rating, highest first; never-rated books last; ties
     * by ascending ISBN.
     */
    List<Book> getTopRatedBooks(int numBooks) throws BookStoreException;

    /** {@code min(numBooks, number of editor picks)} distinct editor picks chosen at random. */
    List<Book> getEditorPicks(int numBooks) throws BookStoreException;
}
