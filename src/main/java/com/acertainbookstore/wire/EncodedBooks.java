package com.acertainbookstore.wire;

import com.acertainbookstore.business.ImmutableBook;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The encoded elements of the books answers carried lately, looked up by the book object itself:
 * safe to share between threads, and shared by every answer a process encodes.
 *
 * <p>Why: the store hands out immutable snapshots ({@code ImmutableStockBook} for the stock,
 * one {@code ImmutableBook} per book for the customer's view) and replaces a book's snapshot only
 * when the book changes. A listing of the whole store therefore mostly repeats books whose
 * snapshots are the very objects encoded for the previous listing, and their bytes can be copied
 * instead of written again (whether the two book memories pay for their lines, measured:
 * {@code docs/decisions/book-memories.md}). A snapshot is immutable, so
 * the same object always encodes to the same bytes; a changed book is a new object and misses.
 *
 * <p>Bounded: {@value #SLOTS} slots, direct-mapped by ISBN and element kind, each holding one
 * book's bytes (at most {@value #MAX_BYTES}, so 4 MiB at the very most); a book that maps to a taken slot replaces its
 * occupant. Entries are immutable and published through the array's release/acquire accesses, so
 * a thread that sees an entry sees its bytes.
 */
final class EncodedBooks {

    /**
     * Slots (a power of two): books whose ISBNs lie within {@code SLOTS / 2} consecutive values
     * (as the harness's 1..100) never evict one another; ISBNs that far apart share a slot.
     */
    static final int SLOTS = 4096;
    /** The longest element kept (a title or author of about a kilobyte is written afresh). */
    static final int MAX_BYTES = 1024;
    private static final int MASK = SLOTS - 1;

    private final AtomicReferenceArray<Entry> slots = new AtomicReferenceArray<>(SLOTS);

    /** A book and its whole element. */
    private record Entry(ImmutableBook book, byte[] bytes) {
    }

    /** The element bytes last written for exactly this object, or {@code null}. */
    byte[] find(ImmutableBook book, Tag tag) {
        Entry entry = slots.getAcquire(slot(book, tag));
        return entry != null && entry.book == book ? entry.bytes : null;
    }

    /** Keeps {@code bytes}, the whole element just written for {@code book} as {@code tag}. */
    void remember(ImmutableBook book, Tag tag, byte[] bytes) {
        if (bytes.length <= MAX_BYTES) {
            slots.setRelease(slot(book, tag), new Entry(book, bytes));
        }
    }

    private static int slot(ImmutableBook book, Tag tag) {
        return ((book.getISBN() << 1) | (tag == Tag.STOCK_BOOK ? 1 : 0)) & MASK;
    }
}
