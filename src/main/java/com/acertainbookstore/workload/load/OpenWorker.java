package com.acertainbookstore.workload.load;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * An open-loop worker of the pool: takes the next arrival from the shared {@link Schedule}, waits
 * for its intended start (parked while far off, then yielding), runs it, and records its latency
 * from the intended start, its service time from the actual start and how late it started. So an
 * interaction that waited for a free worker (all were busy, or the store stalled them) carries the
 * wait in its latency. An interaction is measured when its intended start falls in the window.
 * Not thread-safe: see {@link Worker}.
 */
public final class OpenWorker extends Worker {

    /** Waits longer than this are parked; shorter ones yield the CPU until the arrival is due. */
    private static final long PARK_ABOVE_NS = TimeUnit.MICROSECONDS.toNanos(80);
    /**
     * How early a parked worker asks to wake. Parking oversleeps (by about 80 us at the median and
     * 130 us at p99 on this project's 2-core machine), so a parked worker usually wakes a little
     * late and rarely needs to yield: a worker that yields while the server's threads want the
     * same cores may not run again for a millisecond (starts over HTTP at 400/s were 1.2 ms late
     * at the median when workers woke 120 us early and yielded). Yielding rather than spinning
     * suits high rates in-process, where the other runnable threads are the pool's own.
     */
    private static final long PARK_MARGIN_NS = TimeUnit.MICROSECONDS.toNanos(60);

    private final Schedule schedule;
    private final long windowStartOffsetNs;
    private final long windowEndOffsetNs;
    private final long lateNs;

    /**
     * A pool worker of {@code schedule}; the window is given as offsets from the origin, and an
     * interaction starting more than {@code lateNs} after its intended start counts as late.
     */
    public OpenWorker(RunControl control, Interactions interactions, WorkloadConfig config, SplittableRandom random,
            Schedule schedule, long windowStartOffsetNs, long windowEndOffsetNs, long lateNs) {
        super(control, interactions, null, config, random, true);
        this.schedule = schedule;
        this.windowStartOffsetNs = windowStartOffsetNs;
        this.windowEndOffsetNs = windowEndOffsetNs;
        this.lateNs = lateNs;
    }

    @Override
    void loop() {
        long origin = control.startNanos();
        long windowStart = origin + windowStartOffsetNs;
        long windowEnd = origin + windowEndOffsetNs;
        long claimed = 0;
        long finished = 0;
        while (control.phase() != RunControl.STOP) {
            long offset = schedule.claim();
            long intended = origin + offset;
            boolean measured = offset >= windowStartOffsetNs && offset < windowEndOffsetNs;
            if (measured) {
                log.publishMeasured(++claimed, finished);
            }
            if (!awaitDue(intended)) {
                return;
            }
            InteractionType type = draw();
            long start = System.nanoTime();
            long end = attempt(type, start, measured);
            if (measured) {
                log.record(type, end - intended, succeeded());
                log.recordStartDelay(start - intended, lateNs);
                log.publishMeasured(claimed, ++finished);
            }
            if (succeeded() && end >= windowStart && end < windowEnd) {
                log.windowSuccesses++;
            }
            log.intervals.record(end, end - intended, end - start, failure, measured);
        }
    }

    /** Waits until {@code intended}; false when told to stop meanwhile. */
    private boolean awaitDue(long intended) {
        for (long wait = intended - System.nanoTime(); wait > 0; wait = intended - System.nanoTime()) {
            if (control.phase() == RunControl.STOP) {
                return false;
            }
            if (wait > PARK_ABOVE_NS) {
                LockSupport.parkNanos(this, wait - PARK_MARGIN_NS);
            } else {
                Thread.yield();
            }
        }
        return true;
    }
}
