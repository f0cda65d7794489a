package com.acertainbookstore.history;

import java.util.List;
import java.util.Set;

/**
 * The smallest window of calls found that no order explains, from any state the calls before it
 * can leave. Immutable and safe to share.
 *
 * @param part         which part of the history: {@code ISBN 3}, or {@code whole store}
 * @param window       the window's calls, ordered by start
 * @param failing      ids of the calls that end last in the window: with them the window cannot be ordered,
 *                     without them (and what starts later) it can
 * @param cutShort     ids of window calls still running when the last failing call ended: their outcome is
 *                     not used (a write counts as unknown, a read is left out of the search)
 * @param statesBefore the model states the calls before the window can leave, each with the calls of the
 *                     window already applied in it
 * @param partCalls    how many calls the part holds in all
 */
public record Violation(String part, List<HistoryCall> window, Set<Integer> failing, Set<Integer> cutShort,
        List<String> statesBefore, int partCalls) {

    public Violation {
        window = List.copyOf(window);
        failing = Set.copyOf(failing);
        cutShort = Set.copyOf(cutShort);
        statesBefore = List.copyOf(statesBefore);
    }
}
