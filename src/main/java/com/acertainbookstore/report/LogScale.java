package com.acertainbookstore.report;

import org.jfree.data.Range;

/**
 * Pure functions for logarithmic (base 10) axes. Stateless, safe to share.
 *
 * <p>The rule for values a log axis cannot show: zero, negative and non-finite values are
 * skipped (not plotted, never clamped), and the chart says how many points it left out. A
 * deviation band whose lower edge would fall to zero or below is cut at the axis's lower bound.
 */
public final class LogScale {

    /** The range used when there is no plottable value at all: one decade, 1 to 10. */
    public static final Range EMPTY = new Range(1.0, 10.0);

    private LogScale() {
    }

    /** Whether a log axis can show {@code value}: finite and greater than zero. */
    public static boolean plottable(double value) {
        return Double.isFinite(value) && value > 0.0;
    }

    /**
     * The smallest whole-decade range holding every plottable value, at least one decade wide:
     * e.g. 3 to 2000 gives 1 to 10,000; a single value 250 gives 100 to 1,000; values that all sit
     * on one power of ten (a single value 100) get a decade on each side, 10 to 1,000, so that
     * they are not drawn on the axis's edge. Values that are not plottable are ignored; none at
     * all gives {@link #EMPTY}.
     */
    public static Range decades(double... values) {
        Range bounds = plottableBounds(values);
        if (bounds == null) {
            return EMPTY;
        }
        double min = bounds.getLowerBound();
        double max = bounds.getUpperBound();
        int low = (int) Math.floor(exponent(min));
        int high = (int) Math.ceil(exponent(max));
        if (high <= low) {
            low--;
            high++;
        }
        return new Range(Math.pow(10, low), Math.pow(10, high));
    }

    /**
     * Widens a range by {@code fraction} of a decade on each side, so that points on a decade
     * boundary are not drawn on the axis line; the decade ticks stay where they are.
     */
    public static Range padded(Range range, double fraction) {
        if (!(fraction >= 0.0) || range.getLowerBound() <= 0.0) {
            throw new IllegalArgumentException("padding (" + fraction + ") must be >= 0 and range "
                    + range + " must be positive");
        }
        double factor = Math.pow(10, fraction);
        return new Range(range.getLowerBound() / factor, range.getUpperBound() * factor);
    }

    /**
     * The range of a log axis for these values: the plottable values' own range widened by
     * {@code fraction} of a decade on each side when that holds at least two powers of ten (so at
     * least two labelled ticks); otherwise the whole decades around them ({@link #decades}),
     * widened the same way.
     */
    public static Range axisRange(double fraction, double... values) {
        Range decades = decades(values);
        Range bounds = plottableBounds(values);
        if (bounds == null) {
            return padded(decades, fraction);
        }
        Range own = padded(bounds, fraction);
        double firstTick = Math.pow(10, Math.ceil(exponent(own.getLowerBound())));
        double lastTick = Math.pow(10, Math.floor(exponent(own.getUpperBound())));
        return lastTick > firstTick ? own : padded(decades, fraction);
    }

    /**
     * The lower edge of a +/- one standard deviation band on a log axis: {@code mean - sd}, or
     * {@code floor} (the axis's lower bound) when that is lower; {@code mean} when {@code sd} is
     * not finite or negative.
     */
    public static double bandLower(double mean, double sd, double floor) {
        if (!Double.isFinite(sd) || sd < 0.0) {
            return mean;
        }
        return Math.max(mean - sd, floor);
    }

    /** The upper edge of a +/- one standard deviation band: {@code mean + sd}, or {@code mean} without a usable sd. */
    public static double bandUpper(double mean, double sd) {
        return !Double.isFinite(sd) || sd < 0.0 ? mean : mean + sd;
    }

    private static double exponent(double value) {
        double exponent = Math.log10(value);
        double rounded = Math.rint(exponent);
        return Math.abs(exponent - rounded) < 1e-9 ? rounded : exponent;
    }

    /** The smallest and largest plottable values, or {@code null} when there is none. */
    private static Range plottableBounds(double... values) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        for (double value : values) {
            if (plottable(value)) {
                min = Math.min(min, value);
                max = Math.max(max, value);
            }
        }
        return min > max ? null : new Range(min, max);
    }
}
