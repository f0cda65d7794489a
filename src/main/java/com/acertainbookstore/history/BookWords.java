package com.acertainbookstore.history;

/**
 * A book's state as the store model keeps it: two {@code long}s per book. The first is
 * {@link #ABSENT} for a book not in the store, else its copies (bits 0-30: a store never holds a
 * negative count), editor flag (bit 31) and entry (bits 32-62: which of the catalogue entries
 * seen for its ISBN it was added with, see {@link Entries}); the second its sale misses, any
 * {@code long} the store can hold (0 when absent). Stateless; safe to share.
 */
final class BookWords {

    /** Longs per book in a state. */
    static final int WIDTH = 2;
    /** The first word of a book that is not in the store. */
    static final long ABSENT = -1L;
    /** The copies and the editor flag: what a read compares besides the entry. */
    static final long STOCK_MASK = 0xFFFF_FFFFL;
    private static final long PICK_BIT = 1L << 31;
    private static final long COPIES_MASK = PICK_BIT - 1;

    /** The first word of a book with stock. */
    static long word(int copies, boolean pick, int entry) {
        if (copies < 0 || entry < 0) {
            throw new IllegalArgumentException("a book's copies (" + copies + ") and entry (" + entry
                    + ") must be >= 0");
        }
        return copies | (pick ? PICK_BIT : 0) | ((long) entry << 32);
    }

    /** The copies and editor flag of a word, as {@link #word} packs them with entry 0. */
    static long stock(int copies, boolean pick) {
        return copies | (pick ? PICK_BIT : 0);
    }

    static int copies(long word) {
        return (int) (word & COPIES_MASK);
    }

    static boolean pick(long word) {
        return (word & PICK_BIT) != 0;
    }

    static int entry(long word) {
        return (int) (word >>> 32);
    }

    /** The word with {@code copies} instead of its own. */
    static long withCopies(long word, int copies) {
        return (word & ~COPIES_MASK) | copies;
    }

    private BookWords() {
    }
}
