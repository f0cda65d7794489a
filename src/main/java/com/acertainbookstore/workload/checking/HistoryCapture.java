package com.acertainbookstore.workload.checking;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.history.BookView;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryCall;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Outcome;
import com.acertainbookstore.workload.load.BookSetup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Turns the workers' {@link CallLog}s of one repetition into a {@link History}, or writes them as
 * one: the initial store of the reset, and every call numbered in order of its start, its times
 * counted from the repetition's origin. Runs on the coordinator after every worker was joined. Stateless; safe to
 * share.
 */
final class HistoryCapture {

    private HistoryCapture() {
    }

    /** The history in memory (for a check). */
    static History of(String description, BookSetup books, List<CallLog> logs, long originNs) {
        List<HistoryCall> calls = new ArrayList<>();
        forEach(logs, originNs, calls::add);
        return new History(description, initial(books), calls);
    }

    /** Writes the history to {@code file} one call at a time, without holding it whole; returns the calls written. */
    static int write(Path file, String description, BookSetup books, List<CallLog> logs, long originNs)
            throws IOException {
        try (HistoryFile.Writer out = new HistoryFile.Writer(file, description, initial(books))) {
            IOException[] failure = new IOException[1];
            int written = forEach(logs, originNs, call -> {
                if (failure[0] == null) {
                    try {
                        out.write(call);
                    } catch (IOException e) {
                        failure[0] = e;
                    }
                }
            });
            if (failure[0] != null) {
                throw failure[0];
            }
            return written;
        }
    }

    private static List<BookView> initial(BookSetup books) {
        return books.initialStore().stream().map(BookView::of).toList();
    }

    /** Hands every call, numbered by start, to {@code sink}; returns how many. */
    private static int forEach(List<CallLog> logs, long originNs, Consumer<HistoryCall> sink) {
        record Made(int worker, CallLog.Recorded call) {
        }
        List<Made> all = new ArrayList<>();
        for (CallLog log : logs) {
            for (CallLog.Recorded call : log.calls()) {
                all.add(new Made(log.worker(), call));
            }
        }
        all.sort(Comparator.comparingLong((Made m) -> m.call().startNs()).thenComparingInt(Made::worker));
        for (int id = 0; id < all.size(); id++) {
            sink.accept(call(id, all.get(id).worker(), all.get(id).call(), originNs));
            all.set(id, null);
        }
        return all.size();
    }

    @SuppressWarnings("unchecked")
    private static HistoryCall call(int id, int worker, CallLog.Recorded call, long originNs) {
        int[] isbns = null;
        int[] counts = null;
        List<BookView> books = null;
        int number = 0;
        switch (call.method()) {
            case BUY_BOOKS, ADD_COPIES -> {
                Set<BookCopy> copies = (Set<BookCopy>) call.argument();
                isbns = new int[copies.size()];
                counts = new int[copies.size()];
                int i = 0;
                for (BookCopy copy : copies) {
                    isbns[i] = copy.getISBN();
                    counts[i++] = copy.getNumCopies();
                }
            }
            case ADD_BOOKS -> books = ((Set<StockBook>) call.argument()).stream().map(BookView::of).toList();
            case GET_BOOKS_BY_ISBN, REMOVE_BOOKS -> isbns = ((Set<Integer>) call.argument()).stream().mapToInt(Integer::intValue)
                    .toArray();
            case GET_EDITOR_PICKS -> number = (Integer) call.argument();
            case GET_BOOKS -> { }
        }
        List<BookView> result = new ArrayList<>();
        if (call.outcome() == Outcome.OK && call.result() != null) {
            for (Book book : call.result()) {
                result.add(BookView.of(book));
            }
        }
        return new HistoryCall(id, worker, call.method(), isbns, counts, books, number, call.startNs() - originNs,
                call.endNs() - originNs, call.outcome(), result, call.message());
    }
}
