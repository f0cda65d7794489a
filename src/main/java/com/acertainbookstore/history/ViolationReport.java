package com.acertainbookstore.history;

import java.util.List;

/**
 * The text a person reads when a check fails: the window of calls that cannot be ordered, each
 * with its worker, times, arguments and outcome, and the model states before it. Stateless; safe
 * to share.
 */
public final class ViolationReport {

    /** The most calls a report lists; a longer window (a search cut short by its budget) is shown around its end. */
    public static final int MAX_LISTED = 80;

    private ViolationReport() {
    }

    /** The report of {@code result}: its summary line, then the window when it is a violation. */
    public static String text(CheckResult result) {
        StringBuilder out = new StringBuilder();
        out.append(result.description()).append(": ").append(result.summary()).append('\n');
        Violation violation = result.violation();
        if (violation == null) {
            return out.toString();
        }
        List<HistoryCall> shown = listed(violation);
        out.append("In part ").append(violation.part()).append(" (").append(violation.partCalls())
                .append(" calls), no order of these ").append(violation.window().size())
                .append(" calls explains what the clients saw");
        if (shown.size() < violation.window().size()) {
            out.append(" (the last ").append(shown.size()).append(" are listed)");
        }
        out.append(", starting from any state the calls before them can leave:\n");
        for (String state : violation.statesBefore()) {
            out.append("  state before: ").append(state).append('\n');
        }
        for (HistoryCall call : shown) {
            out.append(violation.failing().contains(call.id()) ? "  >> " : "     ").append(call.describe());
            if (violation.cutShort().contains(call.id())) {
                out.append("  [still running when the window ends: counted as unknown]");
            }
            out.append('\n');
        }
        out.append("(>> marks the calls that end last: without them, and what starts after, the window can be"
                + " ordered; times in ms from the history's origin)\n");
        return out.toString();
    }

    /** The calls listed: the whole window, or its last {@value #MAX_LISTED}. */
    static List<HistoryCall> listed(Violation violation) {
        List<HistoryCall> window = violation.window();
        return window.size() <= MAX_LISTED ? window : window.subList(window.size() - MAX_LISTED, window.size());
    }
}
