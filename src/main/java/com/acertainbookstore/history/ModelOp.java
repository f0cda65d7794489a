package com.acertainbookstore.history;

/**
 * One call compiled against a {@link StorePart}'s book indexes: what the store model's step needs,
 * computed once. Immutable once built; safe to share.
 */
final class ModelOp {

    final HistoryCall call;
    final Method method;
    final Outcome outcome;
    /** The books it names (a read that returned: the books returned, in order), as indexes. */
    final int[] books;
    /** buyBooks, addCopies: the counts; else empty. */
    final int[] counts;
    /**
     * addBooks: each book's first word ({@link BookWords}); a read: each returned book's copies and
     * editor flag ({@link BookWords#stock}).
     */
    final long[] words;
    /** addBooks: each book's sale misses; a read of stock books: each one's sale misses. */
    final long[] misses;
    /** A read: for each returned book, the entries it may be ({@link Entries#matching}). */
    final int[][] entries;
    /** Arguments the store refuses whatever its state (a rule of {@code StoreRules}, or a repeated ISBN). */
    final boolean invalid;
    /** A result no state explains (negative stock, fields never added, duplicates, out of order). */
    final boolean impossible;

    ModelOp(HistoryCall call, int[] books, long[] words, long[] misses, int[][] entries, boolean invalid,
            boolean impossible) {
        this.call = call;
        this.method = call.method();
        this.outcome = call.outcome();
        this.books = books;
        this.counts = call.counts();
        this.words = words;
        this.misses = misses;
        this.entries = entries;
        this.invalid = invalid;
        this.impossible = impossible;
    }
}
