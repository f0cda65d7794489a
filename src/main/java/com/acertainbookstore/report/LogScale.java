package com.acertainbookstore.report;

import java.util.ArrayList;
import java.util.List;
import org.jfree.data.Range;

/**
 * Pure functions for logarithmic (base 10) axes. Stateless, safe to share.
 *
 * <p>An axis fits its values: it is at most one decade longer than their own range, and labels
 * powers of ten when it holds two, else 1-2-5 values, else finer steps ({@link #ticks}).
 *
 * <p>The rule for values a log axis cannot show: zero, negative and non-finite values are
 * skipped (not plotted, never clamped), and the chart says how many points it left out. A
 * deviation band whose lower edge would fall to zero or below is cut at the axis's lower bound.
 */
public final class LogScale {

    /** The range used when there is no plottable value at all: one decade, 1 to 10. */
    public static final Range EMPTY = new Range(1.0, 10.0);
    /** The shortest axis, in decades (a factor of about 1.6). */
    static final double LEAST_DECADES = 0.2;
    /** The least padding on each side, in decades. */
    static final double LEAST_PADDING = 0.01;
    /** The padding on each side as a share of the values' own range in decades. */
    private static final double PADDING_SHARE = 0.05;
    /** The most labels of a short axis. */
    static final int MOST_LABELS = 6;
    private static final double EPSILON = 1e-9;

    private LogScale() {
    }

    /** Whether a log axis can show {@code value}: finite and greater than zero. */
    public static boolean plottable(double value) {
        return Double.isFinite(value) && value > 0.0;
    }

    /**
     * The range of a log axis for these values: the plottable values' own range, widened on each
     * side by 5 % of its length in decades (at least {@value #LEAST_PADDING} of a decade, at most
     * {@code fraction} of a decade), so that no point sits on the axis line; then widened evenly
     * to {@value #LEAST_DECADES} of a decade when shorter (a single value, or values that barely
     * differ). Values that are not plottable are ignored; none at all gives {@link #EMPTY} widened
     * by {@code fraction}. Never more than one decade longer than the values' own range for a
     * {@code fraction} up to 0.5.
     */
    public static Range axisRange(double fraction, double... values) {
        Range bounds = plottableBounds(values);
        if (bounds == null) {
            return padded(EMPTY, fraction);
        }
        double low = exponent(bounds.getLowerBound());
        double high = exponent(bounds.getUpperBound());
        double padding = Math.min(fraction, Math.max(PADDING_SHARE * (high - low), LEAST_PADDING));
        low -= padding;
        high += padding;
        double missing = LEAST_DECADES - (high - low);
        if (missing > 0) {
            low -= missing / 2;
            high += missing / 2;
        }
        return new Range(Math.pow(10, low), Math.pow(10, high));
    }

    /**
     * Widens a range by {@code fraction} of a decade on each side.
     *
     * @throws IllegalArgumentException when {@code fraction} is negative or the range not positive
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
     * The ticks of a log axis over {@code range}: every power of ten in it, labelled, with the
     * whole multiples between them (2, 3, ... 9 times a power of ten) as minor ticks, when it holds
     * at least two powers of ten; otherwise the 1-2-5 values (1, 2, 5, 10, 20, ...) labelled and
     * the other whole multiples minor, when it holds at least three of them; otherwise, for a
     * range shorter than that, the multiples of the smallest 1-2-5 step that gives at most
     * {@value #MOST_LABELS} labels, and no minor ticks. Every range gets at least two labels.
     */
    public static Ticks ticks(Range range) {
        double low = range.getLowerBound();
        double high = range.getUpperBound();
        List<Double> decades = new ArrayList<>();
        List<Double> oneTwoFive = new ArrayList<>();
        List<Double> multiples = new ArrayList<>();
        for (int e = (int) Math.floor(exponent(low)); e <= (int) Math.floor(exponent(high)); e++) {
            for (int k = 1; k <= 9; k++) {
                double value = k * Math.pow(10, e);
                if (value >= low * (1 - EPSILON) && value <= high * (1 + EPSILON)) {
                    (k == 1 ? decades : k == 2 || k == 5 ? oneTwoFive : multiples).add(value);
                }
            }
        }
        if (decades.size() >= 2) {
            List<Double> minor = new ArrayList<>(oneTwoFive);
            minor.addAll(multiples);
            return new Ticks(decades, sorted(minor));
        }
        oneTwoFive.addAll(decades);
        if (oneTwoFive.size() >= 3) {
            return new Ticks(sorted(oneTwoFive), multiples);
        }
        return new Ticks(steps(low, high), List.of());
    }

    /** The labelled and the minor tick values of a log axis, each in increasing order. */
    public record Ticks(List<Double> labelled, List<Double> minor) {

        public Ticks {
            labelled = List.copyOf(labelled);
            minor = List.copyOf(minor);
        }
    }

    /** The multiples in [low, high] of the smallest 1-2-5 step giving at most {@link #MOST_LABELS} of them. */
    private static List<Double> steps(double low, double high) {
        int e = (int) Math.floor(Math.log10(high - low)) - 2;
        while (true) {
            for (int m : new int[] {1, 2, 5}) {
                double step = m * Math.pow(10, e);
                long first = (long) Math.ceil(low / step - EPSILON);
                long last = (long) Math.floor(high / step + EPSILON);
                if (last - first + 1 <= MOST_LABELS) {
                    List<Double> values = new ArrayList<>();
                    for (long i = first; i <= last; i++) {
                        values.add(i * step);
                    }
                    return values;
                }
            }
            e++;
        }
    }

    private static List<Double> sorted(List<Double> values) {
        return values.stream().sorted().toList();
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
