package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.targets.ProcessSample;

/**
 * What the coordinator saw of one repetition: its timeline (all {@code nanoTime}s of this JVM),
 * the process samples around the window and, open loop, how the schedule stood. Immutable.
 *
 * @param originNs            when the workers were let go: the timeline's origin
 * @param originEpochMs       the same moment in milliseconds since the epoch
 * @param windowStartNs       where the measured window starts
 * @param windowEndNs         where it ends
 * @param endNs               when the last worker had stopped
 * @param before              the process under test at the window's start
 * @param after               the same at its end
 * @param backlogAtEnd        open loop: arrivals due by the window's end not started then; closed: 0
 * @param unstarted           open loop: measured arrivals never started when the drain ended; closed: 0
 * @param backlogByInterval   open loop: the backlog at the end of each interval (index = interval); closed: empty
 */
record Observed(long originNs, long originEpochMs, long windowStartNs, long windowEndNs, long endNs,
        ProcessSample before, ProcessSample after, long backlogAtEnd, long unstarted, long[] backlogByInterval) {

    /** The same, ending when the last worker stopped. */
    Observed endingAt(long nanos) {
        return new Observed(originNs, originEpochMs, windowStartNs, windowEndNs, nanos, before, after, backlogAtEnd,
                unstarted, backlogByInterval);
    }

    /** The window's length in seconds. */
    double windowSeconds() {
        return Math.max(1e-9, (windowEndNs - windowStartNs) / 1e9);
    }

    /** Seconds from the origin to {@code nanos}. */
    double secondsSinceOrigin(long nanos) {
        return (nanos - originNs) / 1e9;
    }
}
