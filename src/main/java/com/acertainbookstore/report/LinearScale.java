package com.acertainbookstore.report;

import org.jfree.data.Range;

/**
 * Pure functions for linear axes. Stateless, safe to share.
 *
 * <p>An axis fits its values: their own range, or {@link #leastLength} when that is shorter (a
 * single value, or values that barely differ), widened by 5 % of that length on each side; zero
 * is included when that at most doubles the axis. So no axis is more than twice as long as its
 * values' range (or its least length).
 */
public final class LinearScale {

    /** The padding on each side, as a share of the values' range. */
    private static final double PADDING_SHARE = 0.05;
    /** Zero is added below non-negative values when the lowest is at most this share of their range. */
    private static final double ZERO_SHARE = 0.9;
    /** The least length, as a share of the largest magnitude among the values. */
    private static final double LEAST_SHARE = 0.1;

    private LinearScale() {
    }

    /**
     * The shortest axis for these values: a tenth of their largest magnitude, 1 when they are all
     * zero or none is finite.
     */
    public static double leastLength(double... values) {
        double largest = 0;
        for (double value : values) {
            if (Double.isFinite(value)) {
                largest = Math.max(largest, Math.abs(value));
            }
        }
        return largest > 0 ? LEAST_SHARE * largest : 1;
    }

    /**
     * The range of a linear axis for these values (non-finite ones ignored; none at all gives 0 to
     * 1): e.g. 20 to 25 gives 19.75 to 25.25; 5 to 100 gives 0 to 104.75; a single value 50 gives
     * 47.25 to 52.75.
     */
    public static Range axisRange(double... values) {
        return axisRange(new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY), values);
    }

    /**
     * As {@link #axisRange(double...)} for values that cannot leave {@code limits} (e.g. 0 to 1 for
     * a fraction): the least length is taken inside the limits, e.g. a single value 1 gives 0.895
     * to 1.005 within 0 to 1.
     */
    public static Range axisRange(Range limits, double... values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double value : values) {
            if (Double.isFinite(value)) {
                min = Math.min(min, value);
                max = Math.max(max, value);
            }
        }
        if (min > max) {
            return new Range(0, 1);
        }
        boolean nonNegative = min >= 0;
        double length = max - min;
        double least = leastLength(values);
        if (length < least) {
            min -= (least - length) / 2;
            max += (least - length) / 2;
            length = least;
            double shift = Math.max(limits.getLowerBound() - min, 0) - Math.max(max - limits.getUpperBound(), 0);
            min += shift;
            max += shift;
        }
        double padding = PADDING_SHARE * length;
        double lower = nonNegative && min <= ZERO_SHARE * length ? 0 : min - padding;
        return new Range(nonNegative ? Math.max(lower, 0) : lower, max + padding);
    }
}
