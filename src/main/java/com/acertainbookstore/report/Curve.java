package com.acertainbookstore.report;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;

/**
 * One line of a chart: its legend label, its look, and its points in thread order. Immutable,
 * safe to share.
 *
 * @param label   the legend entry
 * @param style   how it is drawn
 * @param points  the points to draw
 * @param skipped points that had a value but could not be drawn on a log axis (zero or negative)
 */
record Curve(String label, SeriesStyle style, List<Point> points, int skipped) {

    /** One point of the row at {@code threads}; {@code sd} is the standard deviation of {@code y}, {@code NaN} when unknown. */
    record Point(int threads, double x, double y, double sd) {
    }

    Curve {
        points = List.copyOf(points);
    }

    /** Threads on x, {@code metric} on y (with its deviation when the format has one). */
    static Optional<Curve> byThreads(SeriesData series, Metric metric, String label, SeriesStyle style,
                                     boolean logY) {
        Optional<Metric> deviation = metric.deviation();
        return of(series, row -> row.threads(), row -> row.value(metric),
                row -> deviation.map(row::value).orElse(Double.NaN), label, style, false, logY);
    }

    /**
     * Points of {@code series} in thread order, empty when no row has both coordinates (the
     * metric is not applicable to this series). Rows with an empty (NaN) coordinate are left out
     * silently; rows with a coordinate a log axis cannot show are left out and counted.
     */
    static Optional<Curve> of(SeriesData series, ToDoubleFunction<SummaryRow> x,
                              ToDoubleFunction<SummaryRow> y, ToDoubleFunction<SummaryRow> sd,
                              String label, SeriesStyle style, boolean logX, boolean logY) {
        List<Point> points = new ArrayList<>();
        int skipped = 0;
        for (SummaryRow row : series.rows()) {
            double px = x.applyAsDouble(row);
            double py = y.applyAsDouble(row);
            if (Double.isNaN(px) || Double.isNaN(py)) {
                continue;
            }
            if ((logX && !LogScale.plottable(px)) || (logY && !LogScale.plottable(py))
                    || !Double.isFinite(px) || !Double.isFinite(py)) {
                skipped++;
                continue;
            }
            points.add(new Point(row.threads(), px, py, sd.applyAsDouble(row)));
        }
        if (points.isEmpty() && skipped == 0) {
            return Optional.empty();
        }
        return Optional.of(new Curve(label, style, points, skipped));
    }

    /** Every x of these curves. */
    static double[] xs(List<Curve> curves) {
        return curves.stream().flatMap(c -> c.points().stream()).mapToDouble(Point::x).toArray();
    }

    /** Every y of these curves. */
    static double[] ys(List<Curve> curves) {
        return curves.stream().flatMap(c -> c.points().stream()).mapToDouble(Point::y).toArray();
    }

    /** How many points these curves left out. */
    static int skipped(List<Curve> curves) {
        return curves.stream().mapToInt(Curve::skipped).sum();
    }
}
