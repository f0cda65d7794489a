package com.acertainbookstore.interfaces;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import java.util.List;
import java.util.Set;

/**
 * The stock manager's view of the store. Every call is atomic (all-or-nothing, before-or-after);
 * implementations are safe to share between threads. Lists come in ascending ISBN order and hold
 * immutable snapshots.
 */
public interface StockManager {

    /** Adds new books; each takes every field (copies, misses, ratings, flag) from the argument. */
    void addBooks(Set<StockBook> bookSet) throws BookStoreException;

    /** Adds copies to books in the store and resets their sale misses to 0. */
    void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException;

    /** Every book in the store. */
    List<StockBook> getBooks() throws BookStoreException;

    /** The named books. */
    List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException;

    /** Every book with at least one sale miss. */
    List<StockBook> getBooksInDemand() throws BookStoreException;

    /** Sets the editor-pick flag of each named book. */
    void updateEditorPicks(Set<BookEditorPick> editorPicks) throws BookStoreException;

    /** Removes the named books. */
    void removeBooks(Set<Integer> isbnSet) throws BookStoreException;

    /** Empties the store. */
    void removeAllBooks() throws BookStoreException;
}
