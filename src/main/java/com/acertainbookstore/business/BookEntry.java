package com.acertainbookstore.business;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * One book inside the store: its fixed description and its mutable stock.
 *
 * <p>Not thread-safe by itself. The fixed fields (ISBN, title, author, price, {@link #view}) never
 * change and may be read by anyone who reached the entry under the store lock. The mutable
 * fields are guarded as {@link CertainBookStore}'s "Concurrency" comment says: by the store lock
 * in {@link Locking#SINGLE}; by {@link #lock} (with the store lock held shared) or by the store
 * lock held exclusively in {@link Locking#TWO_LEVEL}; {@link #editorPick} only ever changes under
 * the store lock held exclusively, in both modes.
 */
final class BookEntry {

    final int isbn;
    final String title;
    final String author;
    final float price;
    /** The customer's view of this book; immutable, so handed out as it is. */
    final ImmutableBook view;
    /** This book's lock; taken only in two-level mode. Non-fair. */
    final ReentrantReadWriteLock lock = new ReentrantReadWriteLock(false);

    /** Guarded by the book's lock (two-level) or the store lock (single). */
    int copies;
    /** Guarded by the book's lock (two-level) or the store lock (single). */
    long saleMisses;
    /** Guarded by the book's lock (two-level) or the store lock (single). */
    long timesRated;
    /** Guarded by the book's lock (two-level) or the store lock (single). */
    long totalRating;
    /** Guarded by the store lock: changes only while it is held exclusively. */
    boolean editorPick;

    BookEntry(StockBook book) {
        this.isbn = book.getISBN();
        this.title = book.getTitle();
        this.author = book.getAuthor();
        this.price = book.getPrice();
        this.view = new ImmutableBook(isbn, title, author, price);
        this.copies = book.getNumCopies();
        this.saleMisses = book.getNumSaleMisses();
        this.timesRated = book.getNumTimesRated();
        this.totalRating = book.getTotalRating();
        this.editorPick = book.isEditorPick();
    }

    /** The average rating as {@link StockBook#getAverageRating()} defines it. */
    float averageRating() {
        return timesRated == 0 ? -1.0f : (float) totalRating / timesRated;
    }

    /** An immutable copy of the whole entry, stock included. Caller holds the guarding lock. */
    ImmutableStockBook snapshot() {
        return new ImmutableStockBook(isbn, title, author, price, copies, saleMisses, timesRated,
                totalRating, editorPick);
    }
}
