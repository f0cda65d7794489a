package com.acertainbookstore.history;

/**
 * A book's state in one {@code long}, as the model keeps it: {@link #ABSENT} for a book not in
 * the store, else its copies (bits 0-31), sale misses (bits 32-61) and editor flag (bit 62).
 * Stateless; safe to share.
 */
final class BookWords {

    /** The word of a book that is not in the store. */
    static final long ABSENT = -1L;
    static final long COPIES_MASK = 0xFFFF_FFFFL;
    static final long MISSES_MASK = (1L << 30) - 1;
    static final long PICK_BIT = 1L << 62;

    /** The word of a book with stock. */
    static long word(BookView book) {
        if (book.copies() < 0 || book.saleMisses() < 0 || book.saleMisses() > MISSES_MASK) {
            throw new IllegalArgumentException("unsupported history: book #" + book.isbn() + " has "
                    + book.copies() + " copies and " + book.saleMisses() + " sale misses");
        }
        return book.copies() | (book.saleMisses() << 32) | (book.editorPick() ? PICK_BIT : 0);
    }

    static int copies(long word) {
        return (int) (word & COPIES_MASK);
    }

    static long misses(long word) {
        return (word >>> 32) & MISSES_MASK;
    }

    static boolean pick(long word) {
        return (word & PICK_BIT) != 0;
    }

    private BookWords() {
    }
}
