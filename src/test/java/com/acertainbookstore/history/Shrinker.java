package com.acertainbookstore.history;

import java.util.List;
import java.util.function.Predicate;

/**
 * Shrinks a history that shows a problem to a smallest one that still shows it: drops one call at
 * a time, keeping each drop after which the problem remains, until no single call can go (the
 * one-minimal result of delta debugging). Stateless; safe to share.
 */
final class Shrinker {

    private Shrinker() {
    }

    static History shrink(History history, Predicate<History> showsProblem) {
        History smallest = history;
        boolean dropped = true;
        while (dropped) {
            dropped = false;
            List<HistoryCall> calls = smallest.calls();
            for (int i = 0; i < calls.size() && !dropped; i++) {
                History candidate = Mutants.without(smallest, calls.get(i));
                if (showsProblem.test(candidate)) {
                    smallest = candidate;
                    dropped = true;
                }
            }
        }
        return smallest;
    }

    /** The history as it would be written: its initial books, then a JSON line per call. */
    static String describe(History history) {
        StringBuilder out = new StringBuilder(history.description()).append("\ninitial:");
        history.initial().forEach(b -> out.append(' ').append(b));
        history.calls().forEach(c -> out.append('\n').append(HistoryFile.line(c)));
        return out.toString();
    }
}
