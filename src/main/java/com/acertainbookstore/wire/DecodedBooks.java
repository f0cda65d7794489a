package com.acertainbookstore.wire;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The books answers carried lately, each with the exact text of its element: safe to share between
 * threads, and shared by every answer a process decodes.
 *
 * <p>Why: successive listings of a store repeat most of their books unchanged, character for
 * character. When an item's text equals the text of an item decoded before, reading it again
 * would build an equal immutable book after the same checks; the reader takes the earlier book
 * instead (comparing the text costs far less than reading it). Correctness rests on the
 * comparison alone: XML read from a position depends only on the characters from there on, so the
 * same characters read the same way, and pass or fail the same checks. Whether the two book
 * memories pay for their lines, measured: {@code docs/decisions/book-memories.md}.
 *
 * <p>Only books are kept, and only books read from answers ({@link WireCodec} never hands a
 * request to it): what a caller sends the server is read in full, every time. Trying costs no
 * more than reading: where the text starts as a known book's does for {@code k} characters and
 * then differs, the element there cannot end within those {@code k} characters (the known book
 * did not), so the comparison never reads further than the reading that follows it.
 *
 * <p>Bounded: {@value #SLOTS} slots, each holding one element of at most {@value #MAX_CHARS}
 * characters (8 MiB of text at the very most, about 1 MiB for a store of a thousand books). The
 * slot is chosen by the element's kind and the ISBN written first in its start tag, as this codec
 * writes it ({@code <sb i="12" ...}); that choice is only a hint, since a hit needs the whole
 * text to match. Entries are immutable and published through the array's release/acquire
 * accesses.
 */
final class DecodedBooks {

    /** Slots (a power of two). */
    static final int SLOTS = 4096;
    /** The longest element kept. */
    static final int MAX_CHARS = 1024;
    private static final int MASK = SLOTS - 1;
    /** Most digits of an ISBN read for the hint (more cannot be an int). */
    private static final int MAX_DIGITS = 9;

    private final AtomicReferenceArray<Entry> slots = new AtomicReferenceArray<>(SLOTS);

    /**
     * A book and its element: {@code elements} elements in all (the book's and its children's),
     * the book's element opening at nesting {@code depth}.
     */
    record Entry(char[] text, Object book, int elements, int depth) {
    }

    /**
     * The book whose element is exactly the text starting at {@code in[start]} (up to
     * {@code end}), read before at nesting {@code depth}; {@code null} when none is known.
     */
    Entry find(char[] in, int start, int end, int depth) {
        int slot = slot(in, start, end);
        if (slot < 0) {
            return null;
        }
        Entry entry = slots.getAcquire(slot);
        if (entry == null || entry.depth != depth) {
            return null;
        }
        int length = entry.text.length;
        return start + length <= end && Arrays.equals(in, start, start + length, entry.text, 0, length)
                ? entry : null;
    }

    /** Keeps {@code book}, read from {@code in[start..stop)} at nesting {@code depth}. */
    void remember(char[] in, int start, int stop, Object book, int elements, int depth) {
        int slot = slot(in, start, stop);
        if (slot >= 0 && stop - start <= MAX_CHARS) {
            slots.setRelease(slot, new Entry(Arrays.copyOfRange(in, start, stop), book, elements, depth));
        }
    }

    /** The slot for a start tag written as {@code <b i="digits"} or {@code <sb i="digits"}; else -1. */
    private static int slot(char[] in, int start, int end) {
        int p = start + 1;
        int kind;
        if (p + 1 < end && in[p] == 's' && in[p + 1] == 'b') {
            kind = 1;
            p += 2;
        } else if (p < end && in[p] == 'b') {
            kind = 0;
            p += 1;
        } else {
            return -1;
        }
        if (p + 4 > end || in[p] != ' ' || in[p + 1] != 'i' || in[p + 2] != '=' || in[p + 3] != '"') {
            return -1;
        }
        p += 4;
        int isbn = 0;
        int digits = 0;
        while (p < end && in[p] >= '0' && in[p] <= '9' && digits < MAX_DIGITS) {
            isbn = isbn * 10 + (in[p++] - '0');
            digits++;
        }
        return digits == 0 ? -1 : ((isbn << 1) | kind) & MASK;
    }
}
