package com.acertainbookstore.history;

import static com.acertainbookstore.history.BookWords.ABSENT;
import static com.acertainbookstore.history.BookWords.MISSES_MASK;
import static com.acertainbookstore.history.BookWords.PICK_BIT;
import static com.acertainbookstore.history.BookWords.copies;
import static com.acertainbookstore.history.BookWords.misses;
import static com.acertainbookstore.history.BookWords.pick;
import static com.acertainbookstore.history.BookWords.word;

import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The store as a sequential object, with {@code CertainBookStore}'s rules for the methods a
 * history holds: what a read may return, when a call is refused, what it changes. Built for one
 * history (or one part of it): each call is compiled once into a {@link ModelOp} over dense book
 * indexes, and a state is a {@code long[]} with one word per book ({@link BookWords}). States are never changed in place: {@link #step}
 * returns a new array when the call changes something. Immutable once built; safe to share.
 *
 * <p>A book's title, author and price never change once added, so they are not part of the
 * state: a result whose fixed fields differ from the book's can never be explained. A history that
 * adds one ISBN with two different sets of fixed fields is refused as unsupported.
 */
final class StoreModel {

    private final int[] isbnOf;
    private final Map<Integer, Integer> indexOf = new HashMap<>();
    private final BookView[] fixed;
    private final long[] initial;
    private final ModelOp[] ops;

    /** The model of {@code initial} books and {@code calls} (in the order their ops are numbered). */
    StoreModel(List<BookView> initialBooks, List<HistoryCall> calls) {
        this(initialBooks, calls, calls);
    }

    /**
     * The same, with book indexes drawn from {@code universe} (which must hold every call of
     * {@code calls}), so that two models of parts of one history share their states' layout.
     */
    StoreModel(List<BookView> initialBooks, List<HistoryCall> universe, List<HistoryCall> calls) {
        Map<Integer, BookView> fields = new HashMap<>();
        for (BookView book : initialBooks) {
            index(book.isbn());
            fields.put(book.isbn(), book);
        }
        for (HistoryCall call : universe) {
            for (int isbn : call.isbns()) {
                index(isbn);
            }
            for (BookView book : call.result()) {
                index(book.isbn());
            }
            for (BookView book : call.books()) {
                BookView known = fields.putIfAbsent(book.isbn(), book);
                if (known != null && !known.sameFixedFields(book)) {
                    throw new IllegalArgumentException("unsupported history: book #" + book.isbn()
                            + " is added with other title, author or price than it had (call " + call.id() + ")");
                }
            }
        }
        isbnOf = new int[indexOf.size()];
        fixed = new BookView[isbnOf.length];
        indexOf.forEach((isbn, index) -> {
            isbnOf[index] = isbn;
            fixed[index] = fields.get(isbn);
        });
        initial = new long[isbnOf.length];
        Arrays.fill(initial, ABSENT);
        for (BookView book : initialBooks) {
            initial[indexOf.get(book.isbn())] = word(book);
        }
        ops = new ModelOp[calls.size()];
        for (int i = 0; i < ops.length; i++) {
            ops[i] = compile(calls.get(i));
        }
    }

    private void index(int isbn) {
        indexOf.computeIfAbsent(isbn, k -> indexOf.size());
    }

    /** The state before the first call. */
    long[] initialState() {
        return initial;
    }

    ModelOp op(int i) {
        return ops[i];
    }

    int size() {
        return ops.length;
    }

    private ModelOp compile(HistoryCall call) {
        int[] isbns = call.isbns();
        int[] books = new int[isbns.length];
        boolean invalid = Arrays.stream(isbns).distinct().count() != isbns.length;
        for (int i = 0; i < isbns.length; i++) {
            books[i] = indexOf.get(isbns[i]);
            invalid |= isbns[i] < 1;
        }
        for (int count : call.counts()) {
            invalid |= count < 1;
        }
        long[] words = null;
        boolean impossible = false;
        switch (call.method()) {
            case BUY_BOOKS, ADD_COPIES -> { }
            case ADD_BOOKS -> {
                words = new long[books.length];
                for (int i = 0; i < books.length; i++) {
                    BookView book = call.books().get(i);
                    invalid |= !book.hasStock() || book.copies() < 1 || book.title().isBlank()
                            || book.author().isBlank() || !(book.price() >= 0) || Float.isInfinite(book.price());
                    words[i] = book.hasStock() ? word(book) : ABSENT;
                }
            }
            case GET_BOOKS_BY_ISBN -> {
                List<BookView> result = call.result();
                isbns = isbns.clone();
                Arrays.sort(isbns);
                for (int i = 0; i < isbns.length; i++) {
                    books[i] = indexOf.get(isbns[i]);
                }
                words = new long[books.length];
                boolean returned = call.outcome() == Outcome.OK;
                impossible = returned && result.size() != books.length;
                for (int i = 0; returned && i < books.length && !impossible; i++) {
                    BookView book = result.get(i);
                    impossible = book.isbn() != isbns[i] || !book.hasStock() || !matches(book);
                    words[i] = impossible ? ABSENT : word(book);
                }
            }
            case GET_BOOKS -> {
                words = new long[isbnOf.length];
                Arrays.fill(words, ABSENT);
                int last = 0;
                for (BookView book : call.result()) {
                    int index = indexOf.get(book.isbn());
                    impossible |= book.isbn() <= last || !matches(book) || !book.hasStock();
                    last = book.isbn();
                    words[index] = book.hasStock() ? word(book) : ABSENT;
                }
            }
            case GET_EDITOR_PICKS -> {
                invalid = call.number() < 0;
                books = new int[call.result().size()];
                for (int i = 0; i < books.length; i++) {
                    BookView book = call.result().get(i);
                    books[i] = indexOf.get(book.isbn());
                    impossible |= !matches(book);
                }
                impossible |= Arrays.stream(books).distinct().count() != books.length;
            }
        }
        return new ModelOp(call, books, call.counts(), words, invalid, impossible);
    }

    /** Whether a returned book's fixed fields are the book's own. */
    private boolean matches(BookView book) {
        BookView known = fixed[indexOf.get(book.isbn())];
        return known != null && known.sameFixedFields(book);
    }

    /**
     * The state after op {@code i} in {@code state}, with the outcome it was recorded with (an
     * unknown outcome: whatever the store would have done), or null when that outcome is
     * impossible in this state. Returns {@code state} itself when nothing changes.
     */
    long[] step(long[] state, int i) {
        ModelOp op = ops[i];
        return switch (op.method) {
            case BUY_BOOKS -> buy(state, op);
            case ADD_COPIES -> addCopies(state, op);
            case ADD_BOOKS -> addBooks(state, op);
            case GET_BOOKS_BY_ISBN -> {
                boolean found = !op.invalid && allPresent(state, op.books);
                if (op.outcome == Outcome.REFUSED) {
                    yield found ? null : state;
                }
                if (!found || op.impossible) {
                    yield null;
                }
                for (int b = 0; b < op.books.length; b++) {
                    if (state[op.books[b]] != op.words[b]) {
                        yield null;
                    }
                }
                yield state;
            }
            case GET_BOOKS -> op.outcome == Outcome.OK && !op.impossible && Arrays.equals(state, op.words)
                    ? state : null;
            case GET_EDITOR_PICKS -> {
                if (op.outcome == Outcome.REFUSED) {
                    yield op.invalid ? state : null;
                }
                yield op.invalid || op.impossible || !picksExplained(state, op) ? null : state;
            }
        };
    }

    private static long[] buy(long[] state, ModelOp op) {
        boolean present = !op.invalid && allPresent(state, op.books);
        boolean enough = present;
        for (int b = 0; enough && b < op.books.length; b++) {
            enough = copies(state[op.books[b]]) >= op.counts[b];
        }
        if (op.outcome == Outcome.OK || (op.outcome == Outcome.UNKNOWN && enough)) {
            if (!enough) {
                return null;
            }
            long[] next = state.clone();
            for (int b = 0; b < op.books.length; b++) {
                next[op.books[b]] -= op.counts[b];
            }
            return next;
        }
        if (enough) {
            return null;
        }
        if (!present) {
            return state;
        }
        long[] next = state.clone();
        for (int b = 0; b < op.books.length; b++) {
            long word = state[op.books[b]];
            long missed = op.counts[b] - copies(word);
            if (missed > 0) {
                long misses = Math.min(MISSES_MASK, misses(word) + missed);
                next[op.books[b]] = (word & ~(MISSES_MASK << 32)) | (misses << 32);
            }
        }
        return next;
    }

    private static long[] addCopies(long[] state, ModelOp op) {
        boolean applies = !op.invalid && allPresent(state, op.books);
        if (op.outcome == Outcome.REFUSED) {
            return applies ? null : state;
        }
        if (!applies) {
            return op.outcome == Outcome.OK ? null : state;
        }
        long[] next = state.clone();
        for (int b = 0; b < op.books.length; b++) {
            long copies = (long) copies(state[op.books[b]]) + op.counts[b];
            if (copies > Integer.MAX_VALUE) {
                return null;
            }
            next[op.books[b]] = copies | (state[op.books[b]] & PICK_BIT);
        }
        return next;
    }

    private static long[] addBooks(long[] state, ModelOp op) {
        boolean applies = !op.invalid;
        for (int b = 0; applies && b < op.books.length; b++) {
            applies = state[op.books[b]] == ABSENT;
        }
        if (op.outcome == Outcome.REFUSED) {
            return applies ? null : state;
        }
        if (!applies) {
            return op.outcome == Outcome.OK ? null : state;
        }
        long[] next = state.clone();
        for (int b = 0; b < op.books.length; b++) {
            next[op.books[b]] = op.words[b];
        }
        return next;
    }

    /** Every book returned is an editor pick in the state, and as many as the store would return. */
    private static boolean picksExplained(long[] state, ModelOp op) {
        int picks = 0;
        for (long word : state) {
            if (word != ABSENT && pick(word)) {
                picks++;
            }
        }
        if (op.books.length != Math.min(op.call.number(), picks)) {
            return false;
        }
        for (int book : op.books) {
            if (state[book] == ABSENT || !pick(state[book])) {
                return false;
            }
        }
        return true;
    }

    private static boolean allPresent(long[] state, int[] books) {
        for (int book : books) {
            if (state[book] == ABSENT) {
                return false;
            }
        }
        return true;
    }

    /** For reports: {@code #3: 5 copies, 0 misses, pick; #4: absent}. */
    String describe(long[] state) {
        StringJoiner out = new StringJoiner("; ");
        for (int i = 0; i < state.length; i++) {
            if (state[i] == ABSENT) {
                out.add("#" + isbnOf[i] + ": absent");
            } else {
                out.add("#" + isbnOf[i] + ": " + copies(state[i]) + " copies, " + misses(state[i]) + " misses"
                        + (pick(state[i]) ? ", pick" : ""));
            }
        }
        return out.toString();
    }
}
