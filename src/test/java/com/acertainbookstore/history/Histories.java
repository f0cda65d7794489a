package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds histories by hand for the checker's tests: books in the store at the start, then calls
 * with their worker, times (any unit: ns) and outcome; each call gets the next id. Not thread-safe.
 */
final class Histories {

    private final List<BookView> initial = new ArrayList<>();
    private final List<HistoryCall> calls = new ArrayList<>();

    static Histories store() {
        return new Histories();
    }

    /** Book {@code isbn} in the store at the start: catalogue fields, {@code copies} copies, an editor pick. */
    Histories book(int isbn, int copies) {
        initial.add(stock(isbn, copies, 0, true));
        return this;
    }

    static BookView stock(int isbn, int copies, long misses, boolean pick) {
        return BookView.stock(isbn, "bookTitle " + isbn, "author " + isbn, 10f, copies, misses, pick);
    }

    static BookView plain(int isbn) {
        return BookView.plain(isbn, "bookTitle " + isbn, "author " + isbn, 10f);
    }

    Histories buy(int worker, int isbn, long start, long end, Outcome outcome) {
        return call(worker, Method.BUY_BOOKS, new int[] {isbn}, new int[] {1}, List.of(), 0, start, end, outcome,
                List.of());
    }

    Histories add(int worker, int isbn, int copies, long start, long end, Outcome outcome) {
        return call(worker, Method.ADD_COPIES, new int[] {isbn}, new int[] {copies}, List.of(), 0, start, end, outcome,
                List.of());
    }

    Histories addBook(int worker, int isbn, int copies, long start, long end, Outcome outcome) {
        return call(worker, Method.ADD_BOOKS, null, null, List.of(stock(isbn, copies, 0, isbn % 2 == 0)), 0, start,
                end, outcome, List.of());
    }

    /** getBooksByISBN({isbn}) that returned the book with these copies and misses. */
    Histories read(int worker, int isbn, long start, long end, int copies, long misses) {
        return call(worker, Method.GET_BOOKS_BY_ISBN, new int[] {isbn}, null, List.of(), 0, start, end, Outcome.OK,
                List.of(stock(isbn, copies, misses, true)));
    }

    Histories readRefused(int worker, int isbn, long start, long end) {
        return call(worker, Method.GET_BOOKS_BY_ISBN, new int[] {isbn}, null, List.of(), 0, start, end,
                Outcome.REFUSED, List.of());
    }

    Histories readAll(int worker, long start, long end, List<BookView> result) {
        return call(worker, Method.GET_BOOKS, null, null, List.of(), 0, start, end, Outcome.OK, result);
    }

    Histories picks(int worker, int number, long start, long end, List<BookView> result) {
        return call(worker, Method.GET_EDITOR_PICKS, null, null, List.of(), number, start, end, Outcome.OK, result);
    }

    Histories call(int worker, Method method, int[] isbns, int[] counts, List<BookView> books, int number, long start,
            long end, Outcome outcome, List<BookView> result) {
        calls.add(new HistoryCall(calls.size(), worker, method, isbns, counts, books, number, start, end, outcome,
                result, outcome == Outcome.REFUSED ? "refused by the store" : ""));
        return this;
    }

    History build() {
        return new History("test history", initial, calls);
    }

    static CheckResult check(History history) {
        return Checker.check(history, Budget.of(10, 256));
    }
}
