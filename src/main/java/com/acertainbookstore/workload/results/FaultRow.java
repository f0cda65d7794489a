package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * One fault of one repetition and what the clients felt around it: a row of the faults file
 * ({@link FaultsFile}). Times are seconds since the repetition's workers were let go, as in the
 * intervals file. Derived as {@code FaultReport} explains; NaN where a figure has no data, -1
 * elections where the term could not be read. Immutable.
 *
 * @param point              the point
 * @param repetition         the repetition
 * @param fault              the fault as planned, e.g. {@code kill-leader@4}
 * @param replica            the replica it hit, e.g. {@code r0}
 * @param startSeconds       when it began (the signal sent, the restart forked)
 * @param endSeconds         when it ended (the process gone, resumed, or serving again)
 * @param beforePerSecond    the level to come back to: the mean throughput of the window's whole intervals before
 *                           the first fault, or, for a later one, from the last recovery to it
 * @param afterPerSecond     mean throughput from the recovery to the next fault or the window's end
 * @param unavailableSeconds from the fault to the start of the first whole interval begun after it and back
 *                           at half {@code beforePerSecond}
 *                           (NaN: not back before the repetition ended)
 * @param failed             interactions that failed for want of an answer (not the store's refusals) from the
 *                           fault's interval until then
 * @param unknown            of those, the ones whose outcome is unknown
 * @param elections          Raft terms begun from this fault until the next one (or the group healed)
 */
public record FaultRow(Point point, int repetition, String fault, String replica, double startSeconds,
        double endSeconds, double beforePerSecond, double afterPerSecond, double unavailableSeconds, long failed,
        long unknown, long elections) {

    public FaultRow {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(fault, "fault");
        Objects.requireNonNull(replica, "replica");
    }

    /** {@code kill-leader@4 (r0)}. */
    public String name() {
        return fault + " (" + replica + ")";
    }

    /** {@code 1 election}, {@code 2 elections}, or {@code elections unknown} for a negative count. */
    public static String elections(long count) {
        return count < 0 ? "elections unknown" : count + " election" + (count == 1 ? "" : "s");
    }
}
