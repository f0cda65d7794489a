package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Checks a history for linearizability against the store's sequential model. Calls that failed
 * without reaching the store, and reads whose outcome is unknown, are left out (they changed
 * nothing). When every call names one ISBN the history splits per ISBN and each part is searched
 * alone (P-compositionality: a history of independent objects is linearizable when each object's
 * is); otherwise the whole store is one part. The first part that cannot be ordered is cut down
 * to its smallest window ({@link WindowFinder}). Stateless; safe to share.
 */
public final class Checker {

    private Checker() {
    }

    /** Checks {@code history} within {@code budget}. */
    public static CheckResult check(History history, Budget budget) {
        long begin = System.nanoTime();
        long deadline = begin + budget.time().toNanos();
        List<HistoryCall> relevant = relevant(history);
        boolean perIsbn = history.splitsPerIsbn();
        Map<String, Part> parts = perIsbn ? perIsbn(history.initial(), relevant)
                : Map.of("whole store", new Part(history.initial(), relevant));
        int unknown = (int) relevant.stream().filter(c -> c.outcome() == Outcome.UNKNOWN).count();
        long steps = 0;
        String reason = "";
        for (Map.Entry<String, Part> entry : parts.entrySet()) {
            Part part = entry.getValue();
            List<HistoryCall> calls = History.byStart(part.calls);
            StoreModel model = new StoreModel(part.initial, calls);
            Search search = new Search(model, deadline, budget.memoryBytes());
            Search.Result result = search.find(model.initialState(), new int[0]);
            steps += search.steps();
            if (result == Search.Result.VIOLATION) {
                WindowFinder finder = new WindowFinder(part.initial, calls, deadline, budget.memoryBytes());
                Violation violation = finder.find(entry.getKey());
                return new CheckResult(Verdict.VIOLATION, history.description(), relevant.size(), unknown,
                        parts.size(), perIsbn, System.nanoTime() - begin, steps + finder.steps(), "", violation);
            }
            if (result == Search.Result.BUDGET && reason.isEmpty()) {
                boolean late = System.nanoTime() - deadline >= 0;
                reason = (late ? "time" : "memory") + " budget (" + budget.describe() + ") spent on part "
                        + entry.getKey() + " (" + calls.size() + " calls, " + search.cached() + " states cached)";
                if (late) {
                    break;
                }
            }
        }
        return new CheckResult(reason.isEmpty() ? Verdict.LINEARIZABLE : Verdict.UNKNOWN, history.description(),
                relevant.size(), unknown, parts.size(), perIsbn, System.nanoTime() - begin, steps, reason, null);
    }

    /** The calls that may have changed or seen the store; ids must be unique. */
    private static List<HistoryCall> relevant(History history) {
        Set<Integer> ids = new HashSet<>();
        List<HistoryCall> relevant = new ArrayList<>();
        for (HistoryCall call : history.calls()) {
            if (!ids.add(call.id())) {
                throw new IllegalArgumentException("call id " + call.id() + " appears twice in " + history.description()
                        + ": ids must be unique");
            }
            boolean changedNothing = call.outcome() == Outcome.FAILED
                    || (call.outcome() == Outcome.UNKNOWN && !call.method().mutating());
            if (!changedNothing) {
                relevant.add(call);
            }
        }
        return relevant;
    }

    private static Map<String, Part> perIsbn(List<BookView> initial, List<HistoryCall> calls) {
        Map<Integer, Part> byIsbn = new TreeMap<>();
        for (HistoryCall call : calls) {
            int isbn = call.isbns()[0];
            byIsbn.computeIfAbsent(isbn, k -> new Part(initial.stream().filter(b -> b.isbn() == isbn).toList(),
                    new ArrayList<>())).calls.add(call);
        }
        Map<String, Part> parts = new java.util.LinkedHashMap<>();
        byIsbn.forEach((isbn, part) -> parts.put("ISBN " + isbn, part));
        return parts;
    }

    /** One part of a history: the books it starts with and its calls. */
    private record Part(List<BookView> initial, List<HistoryCall> calls) {
    }
}
