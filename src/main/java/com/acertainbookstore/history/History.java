package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * A recorded history: the store's state when the calls began, and every call. Immutable and safe
 * to share.
 *
 * @param description what was recorded (the point and repetition), for reports
 * @param initial     every book in the store before the first call
 * @param calls       the calls, in any order (the checker orders them by time)
 */
public record History(String description, List<BookView> initial, List<HistoryCall> calls) {

    public History {
        Objects.requireNonNull(description, "description");
        initial = List.copyOf(initial);
        calls = List.copyOf(calls);
        for (BookView book : initial) {
            if (!book.hasStock()) {
                throw new IllegalArgumentException("initial book #" + book.isbn() + " needs its stock fields");
            }
        }
    }

    /** Whether every call names exactly one ISBN, so that the history splits per ISBN. */
    public boolean splitsPerIsbn() {
        for (HistoryCall call : calls) {
            if (!call.touchesOneIsbn()) {
                return false;
            }
        }
        return true;
    }

    /** The calls ordered by start, then end, then id. */
    public static List<HistoryCall> byStart(List<HistoryCall> calls) {
        List<HistoryCall> sorted = new ArrayList<>(calls);
        sorted.sort(Comparator.comparingLong(HistoryCall::startNs).thenComparingLong(HistoryCall::endNs)
                .thenComparingInt(HistoryCall::id));
        return sorted;
    }
}
