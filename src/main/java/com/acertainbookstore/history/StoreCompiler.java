package com.acertainbookstore.history;

import com.acertainbookstore.business.StoreRules;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Compiles a call into a {@link ModelOp} over a {@link StorePart}'s book indexes: whether the
 * store refuses its arguments whatever its state (by {@link StoreRules}, or a repeated ISBN), the
 * words it adds, and what a read's result must find in the state. Any argument and any result a
 * client may record compiles: one no state explains is marked impossible, never refused. Not
 * thread-safe; used while a part is built.
 */
final class StoreCompiler {

    private final Map<Integer, Integer> indexOf;
    private final Entries entries;

    StoreCompiler(Map<Integer, Integer> indexOf, Entries entries) {
        this.indexOf = indexOf;
        this.entries = entries;
    }

    ModelOp compile(HistoryCall call) {
        int[] isbns = call.isbns();
        boolean invalid = Arrays.stream(isbns).distinct().count() != isbns.length;
        for (int i = 0; i < isbns.length; i++) {
            invalid |= StoreRules.isbnProblem(isbns[i]) != null;
            if (i < call.counts().length) {
                invalid |= StoreRules.countProblem(isbns[i], call.counts()[i]) != null;
            }
        }
        return switch (call.method()) {
            case BUY_BOOKS, ADD_COPIES, REMOVE_BOOKS -> new ModelOp(call, indexes(isbns), null, null, null, invalid,
                    false);
            case ADD_BOOKS -> addBooks(call, invalid);
            case GET_BOOKS_BY_ISBN -> byIsbn(call, invalid);
            case GET_BOOKS -> read(call, call.result(), false, true);
            case GET_EDITOR_PICKS -> read(call, call.result(), StoreRules.numBooksProblem(call.number()) != null,
                    false);
        };
    }

    private ModelOp addBooks(HistoryCall call, boolean invalid) {
        List<BookView> books = call.books();
        long[] words = new long[books.size()];
        long[] misses = new long[books.size()];
        for (int i = 0; i < books.size(); i++) {
            BookView book = books.get(i);
            boolean refused = !book.hasStock() || StoreRules.bookProblem(book.isbn(), book.title(), book.author(),
                    book.price(), book.copies(), book.saleMisses(), book.timesRated(), book.totalRating(), 1) != null;
            invalid |= refused;
            if (!refused) {
                words[i] = BookWords.word(book.copies(), book.editorPick(), entries.of(book));
                misses[i] = book.saleMisses();
            }
        }
        return new ModelOp(call, indexes(call.isbns()), words, misses, null, invalid, false);
    }

    /** getBooksByISBN: the books it names; a result must hold each once, in ascending ISBN order. */
    private ModelOp byIsbn(HistoryCall call, boolean invalid) {
        int[] sorted = call.isbns().clone();
        Arrays.sort(sorted);
        if (call.outcome() != Outcome.OK) {
            return new ModelOp(call, indexes(sorted), null, null, null, invalid, false);
        }
        ModelOp read = read(call, call.result(), invalid, true);
        boolean named = read.books.length == sorted.length;
        for (int i = 0; named && i < sorted.length; i++) {
            named = call.result().get(i).isbn() == sorted[i];
        }
        return named ? read : new ModelOp(call, indexes(sorted), read.words, read.misses, read.entries, invalid,
                true);
    }

    /** A read's result: stock books in strictly ascending ISBN order, or plain books (picks) once each. */
    private ModelOp read(HistoryCall call, List<BookView> result, boolean invalid, boolean stock) {
        int[] books = new int[result.size()];
        long[] words = new long[books.length];
        long[] misses = new long[books.length];
        int[][] matching = new int[books.length][];
        boolean impossible = false;
        for (int i = 0; i < books.length; i++) {
            BookView book = result.get(i);
            books[i] = indexOf.get(book.isbn());
            matching[i] = entries.matching(book);
            impossible |= matching[i].length == 0;
            if (stock) {
                impossible |= !book.hasStock() || book.copies() < 0 || book.saleMisses() < 0
                        || (i > 0 && book.isbn() <= result.get(i - 1).isbn());
                words[i] = BookWords.stock(Math.max(0, book.copies()), book.editorPick());
                misses[i] = book.saleMisses();
            }
        }
        impossible |= Arrays.stream(books).distinct().count() != books.length;
        return new ModelOp(call, books, words, misses, matching, invalid, impossible);
    }

    private int[] indexes(int[] isbns) {
        int[] books = new int[isbns.length];
        for (int i = 0; i < isbns.length; i++) {
            books[i] = indexOf.get(isbns[i]);
        }
        return books;
    }
}
