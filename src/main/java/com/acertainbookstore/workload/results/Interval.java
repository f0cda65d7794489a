package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * One interval of one repetition (a second by default): what completed in it. A row of the
 * intervals file ({@link IntervalColumns}). Times are seconds since the repetition's workers were
 * let go. Immutable and safe to share.
 *
 * @param point              the point
 * @param repetition         the repetition
 * @param startSeconds       where the interval starts
 * @param endSeconds         where it ends
 * @param windowStartSeconds where the repetition's measured window starts (the same on each of its rows)
 * @param windowEndSeconds   where that window ends
 * @param successes          interactions that ended in the interval without throwing
 * @param failures           interactions that ended in it by throwing
 * @param unknown            of those, the ones whose outcome is unknown ({@code OutcomeUnknownException})
 * @param refused            of those, the ones the store refused (not enough copies, a book already in or not
 *                           in the store); the rest failed for want of an answer (unavailable, timeouts, connections)
 * @param latency            their latency (open loop: from the intended start)
 * @param service            open loop: their service time (from the actual start); closed loop: {@link Latency#NONE}
 * @param backlog            open loop: interactions due but not started at the interval's end; closed loop: 0
 */
public record Interval(Point point, int repetition, double startSeconds, double endSeconds,
        double windowStartSeconds, double windowEndSeconds, long successes, long failures, long unknown,
        long refused, Latency latency,
        Latency service, long backlog) {

    public Interval {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(service, "service");
        if (!(endSeconds > startSeconds)) {
            throw new IllegalArgumentException("interval end (" + endSeconds + " s) must be after its start ("
                    + startSeconds + " s)");
        }
    }

    /** Successful interactions per second of the interval. */
    public double throughput() {
        return successes / (endSeconds - startSeconds);
    }
}
