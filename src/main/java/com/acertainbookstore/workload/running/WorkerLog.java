package com.acertainbookstore.workload.running;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.HashMap;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.IntCountsHistogram;

/**
 * What one worker measured and did: latency histograms (overall, per interaction type, per call),
 * counts, failures by cause, and the audit tallies (copies added and bought per ISBN).
 *
 * <p>Not thread-safe: written only by its worker thread (which also allocates it, so that no two
 * workers' data share a cache line) and read by the coordinator after joining that thread. The
 * only exception is {@link #done()} and {@link #failed()}, published with opaque writes for the
 * live progress line.
 */
final class WorkerLog {

    private static final VarHandle DONE;
    private static final VarHandle FAILED;

    static {
        try {
            MethodHandles.Lookup lookup = MethodHandles.lookup();
            DONE = lookup.findVarHandle(WorkerLog.class, "done", long.class);
            FAILED = lookup.findVarHandle(WorkerLog.class, "failed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    /** Latency histograms in nanoseconds, 2 significant digits (1 % resolution), self-sizing. */
    final AbstractHistogram all = histogram();
    final AbstractHistogram[] byType = new AbstractHistogram[InteractionType.values().length];
    final AbstractHistogram[] byCall = new AbstractHistogram[Call.values().length];
    /** Measured interactions attempted and succeeded, per type (health probes count in totals only). */
    final long[] attemptsByType = new long[InteractionType.values().length];
    final long[] successesByType = new long[InteractionType.values().length];
    long attempts;
    long successes;
    /** Measured failures by cause ({@link FailureCause}). */
    final Map<String, long[]> failures = new HashMap<>();
    /** Copies added and bought by successful interactions (warm-up included), by ISBN. */
    final long[] added;
    final long[] bought;
    /** Count mode: when this worker's measured interactions started and ended (nanoTime). */
    long measuredStartNs;
    long measuredEndNs;
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

    WorkerLog(int catalogueSize, int maxPicks) {
        for (int i = 0; i < byType.length; i++) {
            byType[i] = histogram();
        }
        for (int i = 0; i < byCall.length; i++) {
            byCall[i] = histogram();
        }
        added = new long[catalogueSize + 1];
        bought = new long[catalogueSize + 1];
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
        all.recordValue(latencyNs);
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

    void recordFailure(Exception failure) {
        failures.computeIfAbsent(FailureCause.of(failure), k -> new long[1])[0]++;
    }

    /** Publishes the progress counters (cheap: an opaque write, no fence). */
    void publish(long doneSoFar, long failedSoFar) {
        DONE.setOpaque(this, doneSoFar);
        FAILED.setOpaque(this, failedSoFar);
    }

    long done() {
        return (long) DONE.getOpaque(this);
    }

    long failed() {
        return (long) FAILED.getOpaque(this);
    }
}
