package com.acertainbookstore.history;

/**
 * One call compiled against a {@link StoreModel}'s book indexes: what the model's step needs,
 * computed once. Immutable once built; safe to share.
 */
final class ModelOp {

    final HistoryCall call;
    final Method method;
    final Outcome outcome;
    /** The books it names, as indexes. */
    final int[] books;
    /** buyBooks, addCopies: the counts; addBooks: unused. */
    final int[] counts;
    /** addBooks: the words of the added books; getBooksByISBN: the words returned; getBooks: the whole state returned. */
    final long[] words;
    /** Arguments the store refuses whatever its state (an invalid ISBN or count, a duplicate). */
    final boolean invalid;
    /** A result no state explains (wrong fixed fields, duplicates, out of order). */
    final boolean impossible;

    ModelOp(HistoryCall call, int[] books, int[] counts, long[] words, boolean invalid, boolean impossible) {
        this.call = call;
        this.method = call.method();
        this.outcome = call.outcome();
        this.books = books;
        this.counts = counts;
        this.words = words;
        this.invalid = invalid;
        this.impossible = impossible;
    }

    boolean known() {
        return outcome != Outcome.UNKNOWN;
    }
}
