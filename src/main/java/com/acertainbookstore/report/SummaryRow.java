package com.acertainbookstore.report;

import java.util.Map;
import java.util.Objects;

/**
 * One row of a summary file: one (series, threads) point, averaged over repetitions. Immutable,
 * safe to share.
 *
 * @param mode    the {@code mode} cell ({@code local} or {@code http})
 * @param locking the {@code locking} cell, empty when not applicable (the health series)
 * @param series  the {@code series} cell, e.g. {@code local TWO_LEVEL} or {@code http health}
 * @param threads the number of client threads, at least 1
 * @param values  the non-empty numeric cells; a metric absent here is not applicable
 * @param source  where the row was read, {@code file:line}, for messages
 */
public record SummaryRow(String mode, String locking, String series, int threads,
                         Map<Metric, Double> values, String source) {

    public SummaryRow {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(locking, "locking");
        Objects.requireNonNull(series, "series");
        Objects.requireNonNull(source, "source");
        if (threads < 1) {
            throw new IllegalArgumentException("threads (" + threads + ") must be >= 1");
        }
        values = Map.copyOf(values);
    }

    /** The value of a metric, or {@code NaN} when its cell was empty (not applicable). */
    public double value(Metric metric) {
        Double value = values.get(metric);
        return value == null ? Double.NaN : value;
    }
}
