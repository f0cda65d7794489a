package com.acertainbookstore.workload.load;

import com.acertainbookstore.workload.results.Call;
import com.acertainbookstore.workload.results.FailureCause;
import com.acertainbookstore.workload.results.InteractionType;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * What one worker measured and did: latency histograms (overall, per interaction type, per call;
 * open loop also service time and start delay), counts, failures by cause, its figures per
 * interval, and the audit tallies (copies added and bought per ISBN).
 *
 * <p>Not thread-safe: written only by its worker thread (which also allocates it, so that no two
 * workers' data share a cache line) and read by the coordinator after joining that thread. The
 * only exceptions are {@link #done()}, {@link #failed()} and, open loop, {@link #measuredClaimed()}
 * and {@link #measuredDone()}, published with opaque writes for the live line and the drain.
 */
public final class WorkerLog {

    private static final VarHandle DONE;
    private static final VarHandle FAILED;
    private static final VarHandle MEASURED_CLAIMED;
    private static final VarHandle MEASURED_DONE;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            DONE = lookup.findVarHandle(WorkerLog.class, "done", long.class);
            FAILED = lookup.findVarHandle(WorkerLog.class, "failed", long.class);
            MEASURED_CLAIMED = lookup.findVarHandle(WorkerLog.class, "measuredClaimed", long.class);
            MEASURED_DONE = lookup.findVarHandle(WorkerLog.class, "measuredDone", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /**
     * Latency histograms in nanoseconds, 2 significant digits (1 % resolution), self-sizing. Open
     * loop: latency runs from the intended start. The overall latency (and service time) is
     * recorded per interval ({@link #intervals}), whose measured buckets sum to the window's.
     */
    public final AbstractHistogram[] byType = new AbstractHistogram[InteractionType.values().length];
    public final AbstractHistogram[] byCall = new AbstractHistogram[Call.values().length];
    /** Measured interactions attempted and succeeded, per type (health probes count in totals only). */
    public final long[] attemptsByType = new long[InteractionType.values().length];
    public final long[] successesByType = new long[InteractionType.values().length];
    public long attempts;
    public long successes;
    /** Measured failures by cause. */
    public final Map<FailureCause, long[]> failures = new HashMap<>();
    /** Open loop: start delay (actual minus intended start) of measured interactions; else null. */
    public final AbstractHistogram startDelay;
    /** Open loop: measured interactions that started later than the tolerance. */
    public long lateStarts;
    /** Open loop: successful interactions that ended inside the window, whenever they were due. */
    public long windowSuccesses;
    /** Figures per interval of the repetition, warm-up included. */
    public final IntervalRecorder intervals;
    /** Copies added and bought by successful interactions (warm-up included), by ISBN. */
    public final long[] added;
    public final long[] bought;
    /**
     * Copies that calls with an unknown outcome ({@code OutcomeUnknownException}: they may or may
     * not have taken effect) would have added or bought, by ISBN, warm-up included: the audit's
     * bounds.
     */
    public final long[] addedUnknown;
    public final long[] boughtUnknown;
    /** Count mode: when this worker's measured interactions started and ended (nanoTime). */
    public long measuredStartNs;
    public long measuredEndNs;
    /** A worker's own scratch space, reused across interactions. */
    final int[] scratchIndexes;
    final int[] scratchIsbns;
    final int[] scratchCopies;
    final boolean[] scratchPresent;
    final int[] cataloguePermutation;
    /** The elements of the next call's argument set (copied by {@link ArraySet}). */
    final Object[] scratchArgument;

    /** Every interaction finished (warm-up included) and every one that failed; opaque access. */
    @SuppressWarnings("unused")
    private long done;
    @SuppressWarnings("unused")
    private long failed;
    /** Open loop: measured interactions claimed from the schedule, and those finished; opaque access. */
    @SuppressWarnings("unused")
    private long measuredClaimed;
    @SuppressWarnings("unused")
    private long measuredDone;

    /** A log for a closed-loop worker ({@code open} false) or an open-loop one. */
    WorkerLog(int catalogueSize, int maxPicks, boolean open) {
        startDelay = open ? histogram() : null;
        intervals = new IntervalRecorder(open);
        for (int i = 0; i < byType.length; i++) {
            byType[i] = histogram();
        }
        for (int i = 0; i < byCall.length; i++) {
            byCall[i] = histogram();
        }
        added = new long[catalogueSize + 1];
        bought = new long[catalogueSize + 1];
        addedUnknown = new long[catalogueSize + 1];
        boughtUnknown = new long[catalogueSize + 1];
        int scratch = Math.max(maxPicks, catalogueSize) + 1;
        scratchIndexes = new int[scratch];
        scratchIsbns = new int[scratch];
        scratchCopies = new int[scratch];
        scratchPresent = new boolean[catalogueSize + 1];
        scratchArgument = new Object[scratch];
        cataloguePermutation = new int[catalogueSize];
        for (int i = 0; i < catalogueSize; i++) {
            cataloguePermutation[i] = i + 1;
        }
    }

    static AbstractHistogram histogram() {
        return new IntCountsHistogram(2);
    }

    /** Records a measured interaction ({@code type} null for a health probe). */
    void record(InteractionType type, long latencyNs, boolean success) {
        attempts++;
        if (success) {
            successes++;
        }
        if (type != null) {
            byType[type.ordinal()].recordValue(latencyNs);
            attemptsByType[type.ordinal()]++;
            if (success) {
                successesByType[type.ordinal()]++;
            }
        }
    }

    void recordCall(Call call, long latencyNs) {
        byCall[call.ordinal()].recordValue(latencyNs);
    }

    /** Open loop: records the start delay of a measured interaction. */
    void recordStartDelay(long startDelayNs, long lateNs) {
        startDelay.recordValue(Math.max(0, startDelayNs));
        if (startDelayNs > lateNs) {
            lateStarts++;
        }
    }

    void recordFailure(Exception failure) {
        failures.computeIfAbsent(FailureClassifier.of(failure), k -> new long[1])[0]++;
    }

    /** Publishes the progress counters (cheap: an opaque write, no fence). */
    void publish(long doneSoFar, long failedSoFar) {
        DONE.setOpaque(this, doneSoFar);
        FAILED.setOpaque(this, failedSoFar);
    }

    public long done() {
        return (long) DONE.getOpaque(this);
    }

    public long failed() {
        return (long) FAILED.getOpaque(this);
    }

    /** Open loop: publishes how many measured interactions this worker claimed, then finished. */
    void publishMeasured(long claimed, long finished) {
        MEASURED_CLAIMED.setOpaque(this, claimed);
        MEASURED_DONE.setOpaque(this, finished);
    }

    public long measuredClaimed() {
        return (long) MEASURED_CLAIMED.getOpaque(this);
    }

    public long measuredDone() {
        return (long) MEASURED_DONE.getOpaque(this);
    }
}
