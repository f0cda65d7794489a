package com.acertainbookstore.workload.results;

import com.acertainbookstore.history.Verdict;
import java.util.Objects;

/**
 * What the linearizability check of a repetition's recorded history said, or of a point's
 * repetitions together: the checker's {@link Verdict} and, when it is not a pass, why. Saved
 * beside the audit in the runs and summary files ({@link RunColumns#CHECK},
 * {@link RunColumns#CHECK_REASON}). Immutable and safe to share.
 *
 * @param verdict the verdict; null when no history was checked
 * @param reason  a violation's window and report, or why the verdict is unknown (which budget was
 *                spent on which part); empty for a pass or no check
 */
public record CheckOutcome(Verdict verdict, String reason) {

    /** No history was checked: the check is off, a transport-ceiling point, or a file from before checks were saved. */
    public static final CheckOutcome NOT_CHECKED = new CheckOutcome(null, "");

    public CheckOutcome {
        Objects.requireNonNull(reason, "reason");
        if (verdict == null && !reason.isEmpty()) {
            throw new IllegalArgumentException("a check that did not run has no reason, got '" + reason + "'");
        }
    }

    /** Whether a history was checked. */
    public boolean checked() {
        return verdict != null;
    }

    /** As in the files: the verdict's label ({@code linearizable}, {@code VIOLATION}, {@code unknown}), or empty. */
    public String label() {
        return verdict == null ? "" : verdict.label();
    }

    /**
     * The outcome of a file's cells: the label as {@link #label()} writes it, and the reason.
     *
     * @throws IllegalArgumentException naming the label when it is none of them
     */
    public static CheckOutcome parse(String label, String reason) {
        if (label.isEmpty()) {
            return NOT_CHECKED;
        }
        for (Verdict verdict : Verdict.values()) {
            if (verdict.label().equals(label)) {
                return new CheckOutcome(verdict, reason);
            }
        }
        throw new IllegalArgumentException("'" + label + "' is not a check verdict: expected linearizable,"
                + " VIOLATION, unknown or nothing");
    }

    /** The same outcome, its reason prefixed with {@code what} (e.g. {@code repetition 2: }) when it has one. */
    public CheckOutcome about(String what) {
        return reason.isEmpty() ? this : new CheckOutcome(verdict, what + reason);
    }

    /**
     * This outcome and another together, the worse verdict winning (a violation over unknown over
     * linearizable over no check), with both reasons.
     */
    public CheckOutcome and(CheckOutcome other) {
        Verdict worse = rank(other.verdict) > rank(verdict) ? other.verdict : verdict;
        String reasons = reason.isEmpty() ? other.reason
                : other.reason.isEmpty() ? reason : reason + "; " + other.reason;
        return new CheckOutcome(worse, reasons);
    }

    private static int rank(Verdict verdict) {
        if (verdict == null) {
            return 0;
        }
        return switch (verdict) {
            case LINEARIZABLE -> 1;
            case UNKNOWN -> 2;
            case VIOLATION -> 3;
        };
    }
}
