package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One recorded call: who made it, what it asked, when (nanoseconds on the harness's one monotonic
 * clock, from the history's origin) and how it ended. Immutable and safe to share (the arrays are
 * copied in and never handed out for writing: treat {@link #isbns()} and {@link #counts()} as
 * read-only).
 *
 * @param id      the call's number in its history (0, 1, ...), for reports
 * @param worker  the client thread that made it
 * @param method  the store method
 * @param isbns   the ISBNs it names: buyBooks, addCopies, removeBooks, getBooksByISBN, and addBooks (those of its books);
 *                empty for whole-store reads
 * @param counts  buyBooks and addCopies: the count for each ISBN; else empty
 * @param books   addBooks: the books added; else empty
 * @param number  getEditorPicks: the number asked; else 0
 * @param startNs when it was called
 * @param endNs   when it returned or threw ({@code >= startNs})
 * @param outcome how it ended
 * @param result  a read that returned: the books returned, in order; else empty
 * @param message a refusal's or failure's message; else empty
 */
public record HistoryCall(int id, int worker, Method method, int[] isbns, int[] counts, List<BookView> books,
        int number, long startNs, long endNs, Outcome outcome, List<BookView> result, String message) {

    public HistoryCall {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(outcome, "outcome");
        isbns = isbns == null ? new int[0] : isbns.clone();
        counts = counts == null ? new int[0] : counts.clone();
        books = books == null ? List.of() : List.copyOf(books);
        result = result == null ? List.of() : List.copyOf(result);
        message = message == null ? "" : message;
        if (endNs < startNs) {
            throw new IllegalArgumentException("call " + id + " ends (" + endNs + ") before it starts (" + startNs + ")");
        }
        if ((method == Method.BUY_BOOKS || method == Method.ADD_COPIES) && counts.length != isbns.length) {
            throw new IllegalArgumentException("call " + id + ": " + method.label() + " needs one count per ISBN ("
                    + isbns.length + " ISBNs, " + counts.length + " counts)");
        }
        if (method == Method.ADD_BOOKS) {
            isbns = books.stream().mapToInt(BookView::isbn).toArray();
        }
    }

    /**
     * This call with its outcome unknown: how a window treats a write whose effect it cannot pin
     * down (cut off by the window's end, or made before its start).
     */
    public HistoryCall asUnknown() {
        return new HistoryCall(id, worker, method, isbns, counts, books, number, startNs, endNs, Outcome.UNKNOWN,
                result, message);
    }

    /** Whether it names exactly one ISBN (so a history of such calls splits per ISBN). */
    public boolean touchesOneIsbn() {
        return !method.wholeStore() && Arrays.stream(isbns).distinct().count() == 1;
    }

    /** For reports: {@code buyBooks(#3 x1)}, {@code getEditorPicks(10)}, {@code getBooksByISBN(#3)}. */
    public String describeCall() {
        String arguments = switch (method) {
            case BUY_BOOKS, ADD_COPIES -> {
                List<String> items = new ArrayList<>();
                for (int i = 0; i < isbns.length; i++) {
                    items.add("#" + isbns[i] + " x" + counts[i]);
                }
                yield String.join(", ", items);
            }
            case GET_BOOKS_BY_ISBN, REMOVE_BOOKS -> Arrays.stream(isbns).mapToObj(i -> "#" + i).collect(Collectors.joining(", "));
            case ADD_BOOKS -> books.stream().map(BookView::describe).collect(Collectors.joining(", "));
            case GET_BOOKS -> "";
            case GET_EDITOR_PICKS -> Integer.toString(number);
        };
        return method.label() + "(" + arguments + ")";
    }

    /** For reports: {@code ok [#3 (5 copies, 0 misses)]}, {@code refused: ISBN 3: ...}, {@code unknown}. */
    public String describeOutcome() {
        return switch (outcome) {
            case OK -> method.mutating() ? "ok"
                    : "ok [" + result.stream().map(BookView::describe).collect(Collectors.joining(", ")) + "]";
            case REFUSED, FAILED -> outcome.label() + (message.isEmpty() ? "" : ": " + message);
            case UNKNOWN -> "unknown (may have taken effect)";
        };
    }

    /** One line for reports: worker, times in ms from the origin, call and outcome. */
    public String describe() {
        return String.format(Locale.ROOT, "call %d  worker %d  %.3f..%.3f ms  %s -> %s", id, worker, startNs / 1e6,
                endNs / 1e6, describeCall(), describeOutcome());
    }
}
