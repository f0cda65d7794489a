package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * One fault of one repetition and what the clients felt around it: a row of the faults file
 * ({@link FaultsFile}). Times are seconds since the repetition's workers were let go, as in the
 * intervals file. Derived as {@code FaultReport} explains; NaN where a figure has no data, -1
 * elections where the term could not be read. Immutable.
 *
 * @param point           the point
 * @param repetition      the repetition
 * @param fault           the fault as planned, e.g. {@code kill-leader@4}
 * @param replica         the replica it hit, e.g. {@code r0}
 * @param startSeconds    when it began (the signal sent, the restart forked)
 * @param endSeconds      when it ended (the process gone, resumed, or serving again)
 * @param beforePerSecond the pre-fault level: the mean throughput of the measured window's whole intervals before
 *                        the repetition's first fault (the same on every row of the repetition)
 * @param afterPerSecond  mean throughput from the interval of {@code t50Seconds} to the next fault or the window's
 *                        end (NaN: never back at 50 %)
 * @param t50Seconds      from the fault's start to the start of the first whole interval of the window, begun after
 *                        it, whose throughput is at least 50 % of {@code beforePerSecond} (NaN: none)
 * @param t90Seconds      the same to 90 % of {@code beforePerSecond} (NaN: none); never less than {@code t50Seconds}
 * @param failed          interactions that failed for want of an answer (not the store's refusals) in the intervals
 *                        from the one the fault began in to the one before {@code t50Seconds}'s (to the last one when
 *                        there is none), leaving out those that ended after the next fault began
 * @param unknown         of those, the ones whose outcome is unknown
 * @param elections       Raft terms begun from this fault until the next one (or the group healed)
 */
public record FaultRow(Point point, int repetition, String fault, String replica, double startSeconds,
        double endSeconds, double beforePerSecond, double afterPerSecond, double t50Seconds, double t90Seconds,
        long failed, long unknown, long elections) {

    /** The share of {@code beforePerSecond} that {@code t50Seconds} waits for. */
    public static final double T50_SHARE = 0.5;
    /** The share of {@code beforePerSecond} that {@code t90Seconds} waits for. */
    public static final double T90_SHARE = 0.9;

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
