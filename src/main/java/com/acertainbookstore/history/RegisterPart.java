package com.acertainbookstore.history;

import com.acertainbookstore.business.StoreRules;
import java.util.List;

/**
 * One book's stock as a register, against the register profile's calls on it: a state is
 * {@code {copies, sale misses}}, or {@code {-1, 0}} when the book is not in the store (then every
 * call is refused). Buys, adds and reads follow {@link StoreRules}, as the store does; the book's
 * title, author, price, ratings and editor flag never change here, so a read is compared with them
 * once, when compiled. Immutable once built; safe to share.
 */
final class RegisterPart implements PartModel<long[]> {

    private static final long[] ABSENT = {-1, 0};

    private final int isbn;
    /** The book's editor flag, which none of the register's calls changes. */
    private final boolean pick;
    private final List<HistoryCall> calls;
    private final long[] initial;
    /** Per call: arguments the store refuses whatever its state. */
    private final boolean[] invalid;
    /** Per call: a read's result no state explains (another book, fields, negative stock). */
    private final boolean[] impossible;
    /** Per call: a read's copies and misses returned. */
    private final long[] readCopies;
    private final long[] readMisses;

    /** The part of {@code calls}, all on the ISBN of {@code universe}'s calls, from that book of {@code initialBooks}. */
    RegisterPart(List<BookView> initialBooks, List<HistoryCall> universe, List<HistoryCall> calls) {
        isbn = universe.isEmpty() ? 0 : universe.get(0).isbns()[0];
        if (!RegisterModel.fits(universe) || universe.stream().anyMatch(c -> c.isbns()[0] != isbn)) {
            throw new IllegalArgumentException("a register part holds buyBooks, addCopies and getBooksByISBN calls"
                    + " on one ISBN (" + isbn + ")");
        }
        BookView book = initialBooks.stream().filter(b -> b.isbn() == isbn).findFirst().orElse(null);
        if (book != null && (book.copies() < 0 || book.saleMisses() < 0)) {
            throw new IllegalArgumentException("initial book #" + isbn + " has " + book.copies() + " copies and "
                    + book.saleMisses() + " sale misses: no store holds a negative count");
        }
        this.calls = List.copyOf(calls);
        pick = book != null && book.editorPick();
        initial = book == null ? ABSENT : new long[] {book.copies(), book.saleMisses()};
        int n = calls.size();
        invalid = new boolean[n];
        impossible = new boolean[n];
        readCopies = new long[n];
        readMisses = new long[n];
        for (int i = 0; i < n; i++) {
            HistoryCall call = calls.get(i);
            int[] counts = call.counts();
            invalid[i] = StoreRules.isbnProblem(isbn) != null
                    || (counts.length == 1 && StoreRules.countProblem(isbn, counts[0]) != null);
            if (call.method() == Method.GET_BOOKS_BY_ISBN && call.outcome() == Outcome.OK) {
                BookView read = call.result().size() == 1 ? call.result().get(0) : null;
                impossible[i] = book == null || read == null || read.isbn() != isbn || !read.hasStock()
                        || !read.sameEntry(book) || read.editorPick() != book.editorPick() || read.copies() < 0
                        || read.saleMisses() < 0;
                readCopies[i] = read == null ? -1 : read.copies();
                readMisses[i] = read == null ? -1 : read.saleMisses();
            }
        }
    }

    @Override
    public long[] initialState() {
        return initial;
    }

    @Override
    public int size() {
        return calls.size();
    }

    @Override
    public HistoryCall call(int op) {
        return calls.get(op);
    }

    @Override
    public long[] step(long[] state, int op) {
        HistoryCall call = calls.get(op);
        boolean absent = state[0] < 0;
        int copies = (int) state[0];
        int count = call.method() == Method.GET_BOOKS_BY_ISBN ? 0 : call.counts()[0];
        boolean refused = invalid[op] || absent || switch (call.method()) {
            case BUY_BOOKS -> StoreRules.missed(count, copies) > 0;
            case ADD_COPIES -> StoreRules.exceedsCopies(copies, count);
            case GET_BOOKS_BY_ISBN, ADD_BOOKS, REMOVE_BOOKS, GET_BOOKS, GET_EDITOR_PICKS -> false;
        };
        Outcome outcome = call.outcome();
        if (refused) {
            if (outcome == Outcome.OK) {
                return null;
            }
            boolean missed = call.method() == Method.BUY_BOOKS && !invalid[op] && !absent;
            return missed ? new long[] {copies, StoreRules.missesAfter(state[1], StoreRules.missed(count, copies))}
                    : state;
        }
        if (outcome == Outcome.REFUSED) {
            return null;
        }
        return switch (call.method()) {
            case BUY_BOOKS -> new long[] {copies - count, state[1]};
            case ADD_COPIES -> new long[] {copies + count, 0};
            case GET_BOOKS_BY_ISBN -> !impossible[op] && state[0] == readCopies[op] && state[1] == readMisses[op]
                    ? state : null;
            case ADD_BOOKS, REMOVE_BOOKS, GET_BOOKS, GET_EDITOR_PICKS -> throw new IllegalStateException(
                    "call " + call.id() + ": " + call.method().label() + " is not a register call");
        };
    }

    @Override
    public boolean equal(long[] a, long[] b) {
        return a[0] == b[0] && a[1] == b[1];
    }

    @Override
    public int hash(long[] state) {
        return Long.hashCode(state[0]) * 31 + Long.hashCode(state[1]);
    }

    @Override
    public long fingerprint(long[] state, long seed) {
        return Fingerprints.ofWords(state, seed);
    }

    @Override
    public long bytes(long[] state) {
        return 32;
    }

    @Override
    public String describe(long[] state) {
        return "#" + isbn + ": " + (state[0] < 0 ? "absent"
                : state[0] + " copies, " + state[1] + " misses" + (pick ? ", pick" : ""));
    }
}
