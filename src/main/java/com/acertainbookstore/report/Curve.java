package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.Repetition;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;

/**
 * One line of a chart: its legend label, its look, and its points in level order. Immutable,
 * safe to share.
 *
 * <p>A curve of a {@linkplain NumberColumn#derived() derived} figure is always dotted and its label
 * says "derived", so a chart cannot draw it as if it had been recorded.
 *
 * @param label   the legend entry
 * @param style   how it is drawn
 * @param points  the points to draw
 * @param skipped points that had a value but could not be drawn on a log axis (zero or negative)
 */
record Curve(String label, SeriesStyle style, List<Point> points, int skipped) {

    /** The word a derived curve's label carries. */
    static final String DERIVED = "derived";

    /**
     * One point of the summary at {@code level} (threads or offered rate); {@code sd} is the
     * standard deviation of {@code y}, {@code NaN} when unknown.
     */
    record Point(double level, double x, double y, double sd) {
    }

    Curve {
        points = List.copyOf(points);
    }

    /** The level (threads or offered rate) on x, {@code column}'s mean on y with its deviation as band. */
    static Optional<Curve> byLevel(SeriesData series, NumberColumn<Repetition> column, String label,
            SeriesStyle style, boolean logX, boolean logY) {
        boolean derived = column.derived();
        return of(series, s -> s.point().level(), s -> s.mean(column), s -> s.sd(column),
                derived && !label.contains(DERIVED) ? label + " (" + DERIVED + ")" : label,
                derived ? style.dotted() : style, logX, logY);
    }

    /**
     * Points of {@code series} in level order, empty when no point has both coordinates (the
     * figure does not apply to this series). Points with an empty (NaN) coordinate are left out
     * silently; points with a coordinate a log axis cannot show are left out and counted.
     */
    static Optional<Curve> of(SeriesData series, ToDoubleFunction<PointSummary> x, ToDoubleFunction<PointSummary> y,
            ToDoubleFunction<PointSummary> sd, String label, SeriesStyle style, boolean logX, boolean logY) {
        List<Point> points = new ArrayList<>();
        int skipped = 0;
        for (PointSummary summary : series.points()) {
            double px = x.applyAsDouble(summary);
            double py = y.applyAsDouble(summary);
            if (Double.isNaN(px) || Double.isNaN(py)) {
                continue;
            }
            if ((logX && !LogScale.plottable(px)) || (logY && !LogScale.plottable(py))
                    || !Double.isFinite(px) || !Double.isFinite(py)) {
                skipped++;
                continue;
            }
            points.add(new Point(summary.point().level(), px, py, sd.applyAsDouble(summary)));
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

    /** Every y of these curves and the edges of its band, +/- one standard deviation where known. */
    static double[] ysWithBands(List<Curve> curves) {
        return curves.stream().flatMap(c -> c.points().stream()).flatMapToDouble(p -> DoubleStream.of(p.y(),
                LogScale.bandLower(p.y(), p.sd(), Double.NEGATIVE_INFINITY), LogScale.bandUpper(p.y(), p.sd())))
                .toArray();
    }

    /** How many points these curves left out. */
    static int skipped(List<Curve> curves) {
        return curves.stream().mapToInt(Curve::skipped).sum();
    }
}
