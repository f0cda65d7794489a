package com.acertainbookstore.workload.load;

import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.AbstractHistogram;

/**
 * One worker's latency histograms, per interval of a repetition and apart for measured and
 * unmeasured interactions: the latency (and, open loop, service time) of every interaction that
 * ended in the interval, and how many succeeded and failed. Intervals are fixed slices of
 * {@code lengthNs} from the origin (when the workers were let go); an interaction belongs to the
 * slice in which it ended, as in HdrHistogram's interval logs. The window's histograms are the
 * sums of the measured buckets, so each interaction is recorded once.
 *
 * <p>Not thread-safe: written by its worker thread only (two compares per record, a new bucket
 * once per interval and phase) and read by the coordinator after joining that thread.
 */
public final class IntervalRecorder {

    /** What one worker recorded in one interval, of the measured interactions or of the others. */
    public static final class Bucket {
        public final int index;
        public final boolean measured;
        public final AbstractHistogram latency = WorkerLog.histogram();
        public final AbstractHistogram service;
        public long successes;
        public long failures;
        /** Of the failures: outcome unknown, and refused by the store. */
        public long unknown;
        public long refused;

        private Bucket(int index, boolean measured, boolean withService) {
            this.index = index;
            this.measured = measured;
            this.service = withService ? WorkerLog.histogram() : null;
        }
    }

    private final boolean withService;
    private final List<Bucket> buckets = new ArrayList<>();
    private long originNs;
    private long lengthNs;
    private Bucket current;
    private long currentStartNs;
    private long currentEndNs;

    IntervalRecorder(boolean withService) {
        this.withService = withService;
    }

    /** Starts the timeline: slices of {@code lengthNs} from {@code originNs} (a {@code nanoTime}). */
    void start(long originNs, long lengthNs) {
        this.originNs = originNs;
        this.lengthNs = lengthNs;
        this.currentEndNs = Long.MIN_VALUE;
    }

    /**
     * Records an interaction that ended at {@code endNs}; {@code serviceNs} is ignored without
     * service times; a failure is of {@code failure}'s kind ({@link Worker#failure}).
     */
    void record(long endNs, long latencyNs, long serviceNs, int failure, boolean measured) {
        boolean success = failure == Worker.SUCCEEDED;
        if (endNs >= currentEndNs || endNs < currentStartNs || measured != current.measured) {
            roll(endNs, measured);
        }
        current.latency.recordValue(Math.max(0, latencyNs));
        if (current.service != null) {
            current.service.recordValue(Math.max(0, serviceNs));
        }
        if (success) {
            current.successes++;
        } else {
            current.failures++;
            if (failure == Worker.UNKNOWN) {
                current.unknown++;
            } else if (failure == Worker.REFUSED) {
                current.refused++;
            }
        }
    }

    /** The buckets, in time order (an interval without an interaction has none). */
    public List<Bucket> buckets() {
        return buckets;
    }

    private void roll(long endNs, boolean measured) {
        int index = (int) Math.max(0, Math.floorDiv(endNs - originNs, lengthNs));
        for (Bucket bucket : buckets) {
            if (bucket.index == index && bucket.measured == measured) {
                current = bucket;
                setBounds(index);
                return;
            }
        }
        current = new Bucket(index, measured, withService);
        buckets.add(current);
        setBounds(index);
    }

    private void setBounds(int index) {
        currentStartNs = originNs + index * lengthNs;
        currentEndNs = currentStartNs + lengthNs;
    }
}
