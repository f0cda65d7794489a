package com.acertainbookstore.history;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.store.CertainBookStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The checker's reference, written apart from its search and its models: every order of the calls
 * that real time allows is tried, plainly, by making each call on a fresh real
 * {@link CertainBookStore} holding the state the calls before it left, and comparing what it
 * answers with what was recorded. A call whose outcome is unknown may be placed anywhere after its
 * start, or nowhere; failed calls and unknown reads are left out. No cache, no pruning beyond real
 * time: exponential, for histories of a few calls. Stateless; safe to share.
 */
final class BruteForce {

    private BruteForce() {
    }

    /** LINEARIZABLE when some order explains every known call, else VIOLATION. */
    static Verdict verdict(History history) {
        List<HistoryCall> calls = new ArrayList<>();
        for (HistoryCall call : history.calls()) {
            boolean changedNothing = call.outcome() == Outcome.FAILED
                    || (call.outcome() == Outcome.UNKNOWN && !call.method().mutating());
            if (!changedNothing) {
                calls.add(call);
            }
        }
        List<StockBook> initial = new ArrayList<>();
        history.initial().forEach(b -> initial.add(StoreCalls.stockBook(b)));
        return explains(initial, calls, new HashSet<>()) ? Verdict.LINEARIZABLE : Verdict.VIOLATION;
    }

    private static boolean explains(List<StockBook> state, List<HistoryCall> calls, Set<Integer> placed) {
        boolean allKnownPlaced = calls.stream()
                .allMatch(c -> c.outcome() == Outcome.UNKNOWN || placed.contains(c.id()));
        if (allKnownPlaced) {
            return true;
        }
        for (HistoryCall next : calls) {
            if (placed.contains(next.id()) || !mayGoNext(next, calls, placed)) {
                continue;
            }
            CertainBookStore store = StoreCalls.storeWith(state, Locking.SINGLE);
            StoreCalls.Answer answer = StoreCalls.apply(store, next);
            if (!agrees(next, answer, state)) {
                continue;
            }
            placed.add(next.id());
            boolean explained = explains(everyBook(store), calls, placed);
            placed.remove(next.id());
            if (explained) {
                return true;
            }
        }
        return false;
    }

    /** Real time: no call still to place returned before {@code next} was called. */
    private static boolean mayGoNext(HistoryCall next, List<HistoryCall> calls, Set<Integer> placed) {
        for (HistoryCall other : calls) {
            if (!placed.contains(other.id()) && other.outcome() != Outcome.UNKNOWN && other.endNs() < next.startNs()) {
                return false;
            }
        }
        return true;
    }

    /** Whether the store's answer is what the client recorded (an unknown outcome: any answer). */
    private static boolean agrees(HistoryCall call, StoreCalls.Answer answer, List<StockBook> before) {
        if (call.outcome() == Outcome.UNKNOWN) {
            return true;
        }
        if (call.outcome() != answer.outcome()) {
            return false;
        }
        if (answer.outcome() != Outcome.OK || call.method() == Method.GET_EDITOR_PICKS) {
            return answer.outcome() != Outcome.OK || picksAgree(call, before);
        }
        return call.method().mutating() || answer.result().equals(call.result());
    }

    /** Random picks: as many as the store holds up to the number asked, each a distinct pick, as it was then. */
    private static boolean picksAgree(HistoryCall call, List<StockBook> before) {
        List<BookView> picks = new ArrayList<>();
        for (StockBook book : before) {
            if (book.isEditorPick()) {
                picks.add(BookView.plain(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice()));
            }
        }
        Set<BookView> returned = new HashSet<>(call.result());
        return returned.size() == call.result().size() && call.result().size() == Math.min(call.number(), picks.size())
                && picks.containsAll(returned);
    }

    private static List<StockBook> everyBook(CertainBookStore store) {
        try {
            return store.getBooks();
        } catch (BookStoreException e) {
            throw new IllegalStateException("getBooks() refused: " + e.getMessage(), e);
        }
    }
}
