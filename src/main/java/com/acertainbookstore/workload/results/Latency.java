package com.acertainbookstore.workload.results;

import org.HdrHistogram.AbstractHistogram;

/**
 * A latency distribution summed up, in microseconds; NaN everywhere when nothing was recorded.
 * Immutable and safe to share.
 *
 * @param mean the mean
 * @param p50  the median
 * @param p90  the 90th percentile
 * @param p99  the 99th percentile
 * @param p999 the 99.9th percentile
 * @param max  the largest value
 */
public record Latency(double mean, double p50, double p90, double p99, double p999, double max) {

    /** Nothing recorded, or not applicable. */
    public static final Latency NONE = new Latency(Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN,
            Double.NaN);

    /** The figures of a histogram of nanoseconds; {@link #NONE} when it is empty. */
    public static Latency of(AbstractHistogram nanos) {
        if (nanos == null || nanos.getTotalCount() == 0) {
            return NONE;
        }
        return new Latency(nanos.getMean() / 1000.0, nanos.getValueAtPercentile(50) / 1000.0,
                nanos.getValueAtPercentile(90) / 1000.0, nanos.getValueAtPercentile(99) / 1000.0,
                nanos.getValueAtPercentile(99.9) / 1000.0, nanos.getMaxValue() / 1000.0);
    }
}
