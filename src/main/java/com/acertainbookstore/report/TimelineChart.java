package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.RunColumns;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;

/**
 * One repetition of one point over time, from its intervals ({@code timeline.png}): throughput
 * per interval (with the offered rate of an open loop) above, p99 latency per interval below (log
 * scale; an open loop's service-time p99 dashed beside it), the measured window shaded. Stalls and
 * faults show here as dips in throughput and spikes in latency. Immutable, safe to share.
 */
final class TimelineChart implements ChartSpec {

    /** How close a point's level must be to the one asked for. */
    private static final double LEVEL_TOLERANCE = 1e-6;
    private static final double DEFAULT_FRACTION = 0.8;
    private static final Color WINDOW = new Color(0xF0F0F0);
    /** The label of the throughput axis over time. */
    static final String THROUGHPUT = "Throughput (successes/s)";

    /** The point and repetition drawn. */
    record Pick(Point point, int repetition) {
    }

    private final double level;

    /**
     * The chart of the point at {@code level} (an open loop's offered rate, else a closed loop's
     * threads); NaN: the open point nearest 80 % of its peak, else the closed bookstore point of
     * highest throughput.
     */
    TimelineChart(double level) {
        this.level = level;
    }

    @Override
    public String fileName() {
        return "timeline.png";
    }

    /**
     * The point drawn, and its first repetition that has intervals; empty without intervals.
     *
     * @throws IllegalArgumentException when a level is asked for that no point with intervals has
     */
    Optional<Pick> pick(Results results) {
        List<Point> withIntervals = results.intervals().stream().map(Interval::point).distinct().toList();
        if (withIntervals.isEmpty()) {
            return Optional.empty();
        }
        Optional<Point> point;
        if (Double.isNaN(level)) {
            point = nearestFraction(results, withIntervals).or(() -> busiestClosed(results, withIntervals));
        } else {
            point = withIntervals.stream().filter(p -> p.series().isOpen() && close(p.level(), level)).findFirst()
                    .or(() -> withIntervals.stream().filter(p -> !p.series().isOpen() && close(p.level(), level))
                            .findFirst());
            if (point.isEmpty()) {
                throw new IllegalArgumentException("timeline point " + level + " is not in the results (points with"
                        + " intervals: " + withIntervals.stream().map(Point::describe).collect(Collectors.joining(
                                "; ")) + ")");
            }
        }
        return point.map(p -> new Pick(p, results.intervals().stream().filter(i -> i.point().equals(p))
                .mapToInt(Interval::repetition).filter(r -> r >= 1).min().orElse(0)));
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        Optional<Pick> pick = pick(results);
        if (pick.isEmpty()) {
            return Optional.empty();
        }
        Point point = pick.get().point();
        List<Interval> intervals = results.intervals().stream()
                .filter(i -> i.point().equals(point) && i.repetition() == pick.get().repetition())
                .sorted(Comparator.comparingDouble(Interval::startSeconds)).toList();
        SeriesStyle style = SeriesStyle.of(point.series());
        Curve throughput = curve("throughput", style, intervals, Interval::throughput, false);
        List<Curve> latency = new ArrayList<>(List.of(curve("p99 latency", style, intervals, i -> i.latency().p99(),
                true)));
        if (point.series().isOpen()) {
            latency.add(curve("p99 service time", style.dashed(), intervals, i -> i.service().p99(), true));
        }
        NumberAxis time = ChartKit.timeAxis(seconds(intervals));
        XYPlot top = ChartKit.plot(List.of(throughput), time, ChartKit.linearAxis(THROUGHPUT, TickFormats.count(),
                ChartKit.values(Curve.ys(List.of(throughput)), point.series().isOpen() ? point.offeredPerSecond()
                        : Double.NaN)));
        XYPlot bottom = ChartKit.plot(latency, time, ChartKit.logValueAxis("p99 per interval (log scale)", latency,
                TickFormats.micros()));
        Interval first = intervals.get(0);
        shadeWindow(first, top, bottom);
        LegendItemCollection legend = ChartKit.legend(List.of(throughput));
        latency.forEach(c -> legend.add(ChartKit.legend(List.of(c)).get(0)));
        if (point.series().isOpen()) {
            ValueMarker offered = OfferedLatencyChart.peakMarker(point.offeredPerSecond(), SeriesStyle.line(Color.GRAY));
            top.addRangeMarker(offered);
            legend.add(ChartKit.lineKey("thin: offered rate", SeriesStyle.line(Color.GRAY)));
        }
        double length = first.endSeconds() - first.startSeconds();
        return Optional.of(ChartKit.chart(String.format(Locale.ROOT, "Over time: %s, repetition %d",
                point.describe(), pick.get().repetition()), ChartKit.stack(time, List.of(top, bottom), legend), List.of(
                        String.format(Locale.ROOT, "one point per %.3g s interval, for the interactions that ended in"
                                + " it%s; shaded: the measured window", length, point.series().isOpen()
                                        ? " (latency from the intended start)" : ""),
                        ChartKit.skippedNote(throughput.skipped() + Curve.skipped(latency)))));
    }

    /** Shades {@code first}'s measured window on each plot. */
    static void shadeWindow(Interval first, XYPlot... plots) {
        for (XYPlot plot : plots) {
            IntervalMarker window = new IntervalMarker(first.windowStartSeconds(), first.windowEndSeconds());
            window.setPaint(WINDOW);
            plot.addDomainMarker(window, Layer.BACKGROUND);
        }
    }

    /** Where intervals sorted by start begin and end, and where their measured window does. */
    static double[] seconds(List<Interval> intervals) {
        Interval first = intervals.get(0);
        return new double[] {first.startSeconds(), intervals.get(intervals.size() - 1).endSeconds(),
            first.windowStartSeconds(), first.windowEndSeconds()};
    }

    /** A curve over time: one point per interval at its middle; empty intervals have no latency. */
    static Curve curve(String label, SeriesStyle style, List<Interval> intervals,
            ToDoubleFunction<Interval> y, boolean logY) {
        List<Curve.Point> points = new ArrayList<>();
        int skipped = 0;
        for (Interval interval : intervals) {
            double value = y.applyAsDouble(interval);
            double middle = (interval.startSeconds() + interval.endSeconds()) / 2;
            if (Double.isNaN(value)) {
                continue;
            }
            if (logY && !LogScale.plottable(value)) {
                skipped++;
                continue;
            }
            points.add(new Curve.Point(middle, middle, value, Double.NaN));
        }
        return new Curve(label, style, points, skipped);
    }

    /** The open point whose offered fraction of its peak is nearest 80 % (rates given: the middle rate). */
    private static Optional<Point> nearestFraction(Results results, List<Point> withIntervals) {
        List<PointSummary> open = results.open().series().stream().findFirst().map(SeriesData::points)
                .orElse(List.of()).stream().filter(p -> withIntervals.contains(p.point())).toList();
        if (open.isEmpty()) {
            return Optional.empty();
        }
        if (open.stream().allMatch(p -> Double.isNaN(p.mean(RunColumns.OFFERED_FRACTION)))) {
            return Optional.of(open.get(open.size() / 2).point());
        }
        return open.stream().filter(p -> !Double.isNaN(p.mean(RunColumns.OFFERED_FRACTION)))
                .min(Comparator.comparingDouble(p -> Math.abs(p.mean(RunColumns.OFFERED_FRACTION) - DEFAULT_FRACTION)))
                .map(PointSummary::point);
    }

    /** The closed bookstore point of highest throughput (the transport ceiling only when it is all there is). */
    private static Optional<Point> busiestClosed(Results results, List<Point> withIntervals) {
        Comparator<PointSummary> byThroughput = Comparator.comparingDouble(p -> {
            double value = p.mean(RunColumns.THROUGHPUT);
            return Double.isNaN(value) ? -1 : value;
        });
        List<PointSummary> closed = results.closed().series().stream().flatMap(s -> s.points().stream())
                .filter(p -> withIntervals.contains(p.point())).toList();
        return closed.stream().filter(p -> !p.point().series().isCeiling()).max(byThroughput)
                .or(() -> closed.stream().max(byThroughput)).map(PointSummary::point)
                .or(() -> withIntervals.stream().findFirst());
    }

    private static boolean close(double a, double b) {
        return Math.abs(a - b) <= LEVEL_TOLERANCE * Math.max(1, Math.abs(b));
    }
}
