package com.acertainbookstore.store;

import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.business.StoreRules;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * One book inside the store: its fixed description and its current stock.
 *
 * <p>The stock is one immutable {@link ImmutableStockBook} that every change replaces (copy on
 * write). A reader therefore never copies fields: {@link #stock()} is the snapshot a caller gets,
 * and a whole-store read under the store lock is a copy of references, which keeps the exclusive
 * sections of two-level locking short.
 *
 * <p>Not thread-safe by itself. {@link #isbn} and {@link #view} never change and may be read by
 * anyone who reached the entry under the store lock. {@link #stock} is guarded as
 * {@link CertainBookStore}'s "Concurrency" comment says: by the store lock in
 * {@link Locking#SINGLE}; by {@link #lock} (with the store lock held shared) or by the store lock
 * held exclusively in {@link Locking#TWO_LEVEL}. The editor flag, part of the stock record, only
 * ever changes under the store lock held exclusively, in both modes.
 */
final class BookEntry {

    final int isbn;
    /** The customer's view of this book; immutable, so handed out as it is. */
    final ImmutableBook view;
    /**
     * This book's lock; taken only in two-level mode. A non-fair, non-reentrant
     * {@link SpinningReadWriteLock}: each call locks a book at most once, and a waiter spins
     * briefly before it parks, so a hand-over takes well under a microsecond.
     */
    final ReadWriteLock lock = new SpinningReadWriteLock();

    /** The current stock; replaced, never mutated. Guarded as the class comment says. */
    private ImmutableStockBook stock;

    BookEntry(StockBook book) {
        this.isbn = book.getISBN();
        this.view = new ImmutableBook(isbn, book.getTitle(), book.getAuthor(), book.getPrice());
        this.stock = new ImmutableStockBook(isbn, view.getTitle(), view.getAuthor(), view.getPrice(),
                book.getNumCopies(), book.getNumSaleMisses(), book.getNumTimesRated(),
                book.getTotalRating(), book.isEditorPick());
    }

    /** The current stock: an immutable snapshot, shared with callers as it is. */
    ImmutableStockBook stock() {
        return stock;
    }

    int copies() {
        return stock.getNumCopies();
    }

    long saleMisses() {
        return stock.getNumSaleMisses();
    }

    long timesRated() {
        return stock.getNumTimesRated();
    }

    boolean isEditorPick() {
        return stock.isEditorPick();
    }

    /** The average rating as {@link StockBook#getAverageRating()} defines it. */
    float averageRating() {
        return stock.getAverageRating();
    }

    void removeCopies(int count) {
        ImmutableStockBook s = stock;
        stock = with(s.getNumCopies() - count, s.getNumSaleMisses(), s.getNumTimesRated(),
                s.getTotalRating(), s.isEditorPick());
    }

    /** Adds copies and resets the sale misses, as a restock does. */
    void restock(int count) {
        ImmutableStockBook s = stock;
        stock = with(s.getNumCopies() + count, 0, s.getNumTimesRated(), s.getTotalRating(),
                s.isEditorPick());
    }

    /** Adds to the sale misses, which stop at {@code Long.MAX_VALUE} rather than overflow. */
    void recordSaleMisses(long missed) {
        ImmutableStockBook s = stock;
        long misses = StoreRules.missesAfter(s.getNumSaleMisses(), missed);
        stock = with(s.getNumCopies(), misses, s.getNumTimesRated(), s.getTotalRating(), s.isEditorPick());
    }

    void rate(int rating) {
        ImmutableStockBook s = stock;
        stock = with(s.getNumCopies(), s.getNumSaleMisses(), s.getNumTimesRated() + 1,
                s.getTotalRating() + rating, s.isEditorPick());
    }

    void setEditorPick(boolean pick) {
        ImmutableStockBook s = stock;
        stock = with(s.getNumCopies(), s.getNumSaleMisses(), s.getNumTimesRated(), s.getTotalRating(),
                pick);
    }

    private ImmutableStockBook with(int copies, long saleMisses, long timesRated, long totalRating,
            boolean editorPick) {
        return new ImmutableStockBook(isbn, view.getTitle(), view.getAuthor(), view.getPrice(), copies,
                saleMisses, timesRated, totalRating, editorPick);
    }
}
