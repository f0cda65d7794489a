package com.acertainbookstore.history;

import static com.acertainbookstore.history.BookWords.ABSENT;
import static com.acertainbookstore.history.BookWords.STOCK_MASK;
import static com.acertainbookstore.history.BookWords.WIDTH;
import static com.acertainbookstore.history.BookWords.copies;
import static com.acertainbookstore.history.BookWords.entry;
import static com.acertainbookstore.history.BookWords.pick;
import static com.acertainbookstore.history.BookWords.withCopies;

import com.acertainbookstore.business.StoreRules;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * One part of a history against the store model: the store as a sequential object, with the rules
 * of {@link StoreRules} (the ones {@code CertainBookStore} refuses by) for every method a history
 * holds: what a read may return, when a call is refused, what it changes. Each call is compiled
 * once ({@link StoreCompiler}) into a {@link ModelOp} over dense book indexes; a state is a
 * {@code long[]} of {@link BookWords#WIDTH} words per book, never changed in place. A book's
 * title, author, price and ratings are not in the state: a state names which of the entries seen
 * for its ISBN ({@link Entries}) the book was added with. Immutable once built; safe to share.
 */
final class StorePart implements PartModel<long[]> {

    private final int[] isbnOf;
    private final Entries entries = new Entries();
    private final long[] initial;
    private final ModelOp[] ops;

    /** The part of {@code calls} from {@code initialBooks}, its book indexes drawn from {@code universe}. */
    StorePart(List<BookView> initialBooks, List<HistoryCall> universe, List<HistoryCall> calls) {
        Map<Integer, Integer> indexOf = new HashMap<>();
        for (BookView book : initialBooks) {
            indexOf.computeIfAbsent(book.isbn(), k -> indexOf.size());
            entries.add(book);
        }
        for (HistoryCall call : universe) {
            for (int isbn : call.isbns()) {
                indexOf.computeIfAbsent(isbn, k -> indexOf.size());
            }
            for (BookView book : call.result()) {
                indexOf.computeIfAbsent(book.isbn(), k -> indexOf.size());
            }
            call.books().forEach(entries::add);
        }
        isbnOf = new int[indexOf.size()];
        indexOf.forEach((isbn, index) -> isbnOf[index] = isbn);
        initial = new long[WIDTH * isbnOf.length];
        for (int b = 0; b < isbnOf.length; b++) {
            initial[WIDTH * b] = ABSENT;
        }
        for (BookView book : initialBooks) {
            if (book.copies() < 0 || book.saleMisses() < 0) {
                throw new IllegalArgumentException("initial book #" + book.isbn() + " has " + book.copies()
                        + " copies and " + book.saleMisses() + " sale misses: no store holds a negative count");
            }
            int b = indexOf.get(book.isbn());
            initial[WIDTH * b] = BookWords.word(book.copies(), book.editorPick(), entries.of(book));
            initial[WIDTH * b + 1] = book.saleMisses();
        }
        StoreCompiler compiler = new StoreCompiler(indexOf, entries);
        ops = new ModelOp[calls.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = compiler.compile(calls.get(i));
        }
    }

    @Override
    public long[] initialState() {
        return initial;
    }

    @Override
    public int size() {
        return ops.length;
    }

    @Override
    public HistoryCall call(int op) {
        return ops[op].call;
    }

    @Override
    public boolean known(int op) {
        return ops[op].outcome != Outcome.UNKNOWN;
    }

    @Override
    public long[] step(long[] state, int i) {
        ModelOp op = ops[i];
        if (op.invalid || refuses(state, op)) {
            if (op.outcome == Outcome.OK) {
                return null;
            }
            return op.method == Method.BUY_BOOKS && !op.invalid ? missed(state, op) : state;
        }
        return op.outcome == Outcome.REFUSED ? null : apply(state, op);
    }

    @Override
    public boolean equal(long[] a, long[] b) {
        return Arrays.equals(a, b);
    }

    @Override
    public int hash(long[] state) {
        return Arrays.hashCode(state);
    }

    @Override
    public long fingerprint(long[] state, long seed) {
        return Fingerprints.ofWords(state, seed);
    }

    @Override
    public long bytes(long[] state) {
        return 16 + 8L * state.length;
    }

    /** Whether the store refuses the (valid) call in {@code state}. */
    private static boolean refuses(long[] state, ModelOp op) {
        return switch (op.method) {
            case BUY_BOOKS -> !allPresent(state, op.books) || anyShort(state, op);
            case ADD_COPIES -> !allPresent(state, op.books) || anyOverflow(state, op);
            case ADD_BOOKS -> anyPresent(state, op.books);
            case REMOVE_BOOKS, GET_BOOKS_BY_ISBN -> !allPresent(state, op.books);
            case GET_BOOKS, GET_EDITOR_PICKS -> false;
        };
    }

    /** The state after a call the store accepts; null when it is a read whose result the state does not explain. */
    private static long[] apply(long[] state, ModelOp op) {
        return switch (op.method) {
            case BUY_BOOKS, ADD_COPIES -> {
                long[] next = state.clone();
                for (int b = 0; b < op.books.length; b++) {
                    int at = WIDTH * op.books[b];
                    if (op.method == Method.BUY_BOOKS) {
                        next[at] = withCopies(state[at], copies(state[at]) - op.counts[b]);
                    } else {
                        next[at] = withCopies(state[at], copies(state[at]) + op.counts[b]);
                        next[at + 1] = 0;
                    }
                }
                yield next;
            }
            case ADD_BOOKS, REMOVE_BOOKS -> {
                long[] next = state.clone();
                boolean add = op.method == Method.ADD_BOOKS;
                for (int b = 0; b < op.books.length; b++) {
                    next[WIDTH * op.books[b]] = add ? op.words[b] : ABSENT;
                    next[WIDTH * op.books[b] + 1] = add ? op.misses[b] : 0;
                }
                yield next;
            }
            case GET_BOOKS_BY_ISBN -> !op.impossible && returned(state, op) ? state : null;
            case GET_BOOKS -> !op.impossible && present(state) == op.books.length && returned(state, op) ? state
                    : null;
            case GET_EDITOR_PICKS -> !op.impossible && picksExplained(state, op) ? state : null;
        };
    }

    /** A refused buy of books all present: each short book records the copies it missed. */
    private static long[] missed(long[] state, ModelOp op) {
        if (!allPresent(state, op.books)) {
            return state;
        }
        long[] next = state.clone();
        for (int b = 0; b < op.books.length; b++) {
            int at = WIDTH * op.books[b];
            long missed = StoreRules.missed(op.counts[b], copies(state[at]));
            if (missed > 0) {
                next[at + 1] = StoreRules.missesAfter(state[at + 1], missed);
            }
        }
        return next;
    }

    private static boolean anyShort(long[] state, ModelOp op) {
        for (int b = 0; b < op.books.length; b++) {
            if (StoreRules.missed(op.counts[b], copies(state[WIDTH * op.books[b]])) > 0) {
                return true;
            }
        }
        return false;
    }

    private static boolean anyOverflow(long[] state, ModelOp op) {
        for (int b = 0; b < op.books.length; b++) {
            if (StoreRules.exceedsCopies(copies(state[WIDTH * op.books[b]]), op.counts[b])) {
                return true;
            }
        }
        return false;
    }

    /** Every returned stock book is in the state with the copies, flag, misses and entry returned. */
    private static boolean returned(long[] state, ModelOp op) {
        for (int b = 0; b < op.books.length; b++) {
            int at = WIDTH * op.books[b];
            long word = state[at];
            if (word == ABSENT || (word & STOCK_MASK) != op.words[b] || state[at + 1] != op.misses[b]
                    || !contains(op.entries[b], entry(word))) {
                return false;
            }
        }
        return true;
    }

    /** Every book returned is an editor pick in the state with its entry, and as many as the store would return. */
    private static boolean picksExplained(long[] state, ModelOp op) {
        int picks = 0;
        for (int at = 0; at < state.length; at += WIDTH) {
            if (state[at] != ABSENT && pick(state[at])) {
                picks++;
            }
        }
        if (op.books.length != Math.min(op.call.number(), picks)) {
            return false;
        }
        for (int b = 0; b < op.books.length; b++) {
            long word = state[WIDTH * op.books[b]];
            if (word == ABSENT || !pick(word) || !contains(op.entries[b], entry(word))) {
                return false;
            }
        }
        return true;
    }

    private static boolean contains(int[] values, int value) {
        for (int v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }

    private static int present(long[] state) {
        int present = 0;
        for (int at = 0; at < state.length; at += WIDTH) {
            present += state[at] == ABSENT ? 0 : 1;
        }
        return present;
    }

    private static boolean allPresent(long[] state, int[] books) {
        for (int book : books) {
            if (state[WIDTH * book] == ABSENT) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyPresent(long[] state, int[] books) {
        for (int book : books) {
            if (state[WIDTH * book] != ABSENT) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String describe(long[] state) {
        StringJoiner out = new StringJoiner("; ");
        for (int b = 0; b < isbnOf.length; b++) {
            long word = state[WIDTH * b];
            if (word == ABSENT) {
                out.add("#" + isbnOf[b] + ": absent");
            } else {
                out.add("#" + isbnOf[b] + ": " + copies(word) + " copies, " + state[WIDTH * b + 1] + " misses"
                        + (pick(word) ? ", pick" : "") + (entry(word) == 0 ? ""
                        : ", \"" + entries.get(isbnOf[b], entry(word)).title() + "\""));
            }
        }
        return out.toString();
    }
}
