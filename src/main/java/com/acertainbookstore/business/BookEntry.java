package com.acertainbookstore.business;

import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

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
    /**
     * This book's lock; taken only in two-level mode. A non-fair, non-reentrant read-write lock
     * ({@link StampedLock}'s view): each call locks a book at most once, and a lock that spins a
     * little before it parks hands over in well under a microsecond where a
     * {@code ReentrantReadWriteLock} parks at once and costs tens of microseconds per hand-over.
     */
    final ReadWriteLock lock = new StampedLock().asReadWriteLock();

    /** Guarded by the book's lock (two-level) or the store lock (single). */
    private int copies;
    /** Guarded by the book's lock (two-level) or the store lock (single). */
    private long saleMisses;
    /** Guarded by the book's lock (two-level) or the store lock (single). */
    private long timesRated;
    /** Guarded by the book's lock (two-level) or the store lock (single). */
    private long totalRating;
    /** Guarded by the store lock: changes only while it is held exclusively. */
    private boolean editorPick;
    /**
     * The snapshot of the current stock, or null after a change. Cleared by every change (made
     * under the guarding lock in write mode), filled lazily by readers, possibly by several
     * readers at once under a shared lock: a benign race, since every such reader builds an equal
     * immutable object whose fields are final (so safely published), and no change can run until
     * those readers release the lock.
     */
    private ImmutableStockBook snapshot;

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

    int copies() {
        return copies;
    }

    long saleMisses() {
        return saleMisses;
    }

    boolean isEditorPick() {
        return editorPick;
    }

    /** The average rating as {@link StockBook#getAverageRating()} defines it. */
    float averageRating() {
        return timesRated == 0 ? -1.0f : (float) totalRating / timesRated;
    }

    void removeCopies(int count) {
        copies -= count;
        snapshot = null;
    }

    /** Adds copies and resets the sale misses, as a restock does. */
    void restock(int count) {
        copies += count;
        saleMisses = 0;
        snapshot = null;
    }

    void recordSaleMisses(long missed) {
        saleMisses += missed;
        snapshot = null;
    }

    void rate(int rating) {
        totalRating += rating;
        timesRated++;
        snapshot = null;
    }

    void setEditorPick(boolean pick) {
        editorPick = pick;
        snapshot = null;
    }

    /**
     * An immutable copy of the whole entry, stock included, shared by callers until the next
     * change. Caller holds the guarding lock in some mode.
     */
    ImmutableStockBook snapshot() {
        ImmutableStockBook current = snapshot;
        if (current == null) {
            current = new ImmutableStockBook(isbn, title, author, price, copies, saleMisses,
                    timesRated, totalRating, editorPick);
            snapshot = current;
        }
        return current;
    }
}
