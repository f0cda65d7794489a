package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.TextAnchor;

/**
 * One faulted point over time ({@code faults-<point>.png}), from the first repetition that had
 * faults: throughput per interval above, p99 latency per interval below (log scale), the measured
 * window shaded grey, each fault a band from its start to its end (a kill or a restart at least a
 * tenth of a second wide), numbered in a strip above the plots ({@link FaultLanes}) and listed by
 * number in a table under the chart ({@link FaultTable}). Each fault's t50 and t90 are vertical
 * lines in its colour, dashed and dotted; two thin horizontal lines mark 50 % and 90 % of the
 * pre-fault level they are measured against. The chart grows taller with its faults. Immutable,
 * safe to share.
 */
final class FaultChart implements ChartSpec {

    private static final Color[] BANDS = {new Color(255, 120, 120, 110), new Color(120, 150, 255, 110),
        new Color(255, 190, 80, 110), new Color(140, 210, 140, 110)};
    private static final double NARROWEST = 0.1;
    /** The heights of the throughput and the latency plots, in pixels. */
    private static final int THROUGHPUT_PIXELS = 300;
    private static final int LATENCY_PIXELS = 240;
    /** The height of everything but the plots and the table: title, notes, time axis, legend, gaps. */
    private static final int FRAME_PIXELS = 290;
    /** The name of t50 in the legend and the table. */
    static final String T50 = "t50";
    /** The name of t90 in the legend and the table. */
    static final String T90 = "t90";

    private final Point point;
    private final int repetition;
    private final List<FaultRow> faults;

    /** The chart of {@code point}'s repetition {@code repetition}, whose faults are {@code faults}. */
    FaultChart(Point point, int repetition, List<FaultRow> faults) {
        this.point = point;
        this.repetition = repetition;
        this.faults = List.copyOf(faults);
    }

    /** One chart per point that had faults, of its first repetition with faults. */
    static List<ChartSpec> of(List<FaultRow> rows) {
        List<ChartSpec> charts = new ArrayList<>();
        rows.stream().map(FaultRow::point).distinct().forEach(point -> {
            int first = rows.stream().filter(r -> r.point().equals(point)).mapToInt(FaultRow::repetition).min()
                    .orElseThrow();
            charts.add(new FaultChart(point, first, rows.stream()
                    .filter(r -> r.point().equals(point) && r.repetition() == first).toList()));
        });
        return charts;
    }

    @Override
    public String fileName() {
        return fileName(point);
    }

    /** The chart's file name for the faults of {@code point}. */
    static String fileName(Point point) {
        return "faults-" + point.fileStem() + ".png";
    }

    /** Tall enough for the strip of numbers and the table: both grow with the faults. */
    @Override
    public int height(Results results) {
        List<Interval> intervals = intervals(results);
        if (intervals.isEmpty()) {
            return height();
        }
        return FRAME_PIXELS + lanes(timeAxis(intervals)).pixels() + THROUGHPUT_PIXELS + LATENCY_PIXELS
                + (int) Math.ceil(FaultTable.height(faults.size()));
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Interval> intervals = intervals(results);
        if (intervals.isEmpty()) {
            return Optional.empty();
        }
        SeriesStyle style = SeriesStyle.of(point.series());
        Curve throughput = TimelineChart.curve("throughput", style, intervals, Interval::throughput, false);
        Curve p99 = TimelineChart.curve("p99 latency", style, intervals, i -> i.latency().p99(), true);
        NumberAxis time = timeAxis(intervals);
        FaultLanes lanes = lanes(time);
        double level = faults.get(0).beforePerSecond();
        XYPlot strip = lanes.plot(time, FaultChart::numberColour);
        XYPlot top = ChartKit.plot(List.of(throughput), time, ChartKit.linearAxis(TimelineChart.THROUGHPUT,
                TickFormats.count(), ChartKit.values(Curve.ys(List.of(throughput)), level * FaultRow.T50_SHARE,
                        level * FaultRow.T90_SHARE)));
        XYPlot bottom = ChartKit.plot(List.of(p99), time, ChartKit.logValueAxis("p99 per interval (log scale)",
                List.of(p99), TickFormats.micros()));
        TimelineChart.shadeWindow(intervals.get(0), top, bottom);
        if (level > 0) {
            top.addRangeMarker(levelLine(level, FaultRow.T50_SHARE), Layer.FOREGROUND);
            top.addRangeMarker(levelLine(level, FaultRow.T90_SHARE), Layer.FOREGROUND);
        }
        for (int k = 0; k < faults.size(); k++) {
            FaultRow fault = faults.get(k);
            for (XYPlot plot : List.of(strip, top, bottom)) {
                IntervalMarker band = new IntervalMarker(fault.startSeconds(), bandEnd(fault));
                band.setPaint(BANDS[k % BANDS.length]);
                plot.addDomainMarker(band, Layer.BACKGROUND);
            }
            for (XYPlot plot : List.of(top, bottom)) {
                reached(fault, fault.t50Seconds(), true, numberColour(k)).ifPresent(
                        marker -> plot.addDomainMarker(marker, Layer.FOREGROUND));
                reached(fault, fault.t90Seconds(), false, numberColour(k)).ifPresent(
                        marker -> plot.addDomainMarker(marker, Layer.FOREGROUND));
            }
        }
        LegendItemCollection legend = ChartKit.legend(List.of(throughput));
        legend.add(ChartKit.legend(List.of(p99)).get(0));
        SeriesStyle key = SeriesStyle.line(Color.DARK_GRAY);
        legend.add(ChartKit.lineKey("dashed: " + T50, key.dashed()));
        legend.add(ChartKit.lineKey("dotted: " + T90, key.dotted()));
        Interval first = intervals.get(0);
        List<String> notes = List.of(String.format(Locale.ROOT, "one point per %.3g s interval, at its middle; grey:"
                + " the measured window; numbered bands: the faults, listed below", first.endSeconds()
                        - first.startSeconds()),
                String.format(Locale.ROOT, "t50, t90: the start of the first whole interval back at 50 %%, 90 %% of"
                        + " the throughput before the first fault (%s; thin lines)", Double.isNaN(level) ? "n/a"
                                : String.format(Locale.ROOT, "%,.0f/s", level)),
                ChartKit.skippedNote(throughput.skipped() + p99.skipped()));
        JFreeChart chart = ChartKit.chart(String.format(Locale.ROOT, "Faults: %s, repetition %d", point.describe(),
                repetition), ChartKit.stack(time, List.of(strip, top, bottom), List.of(lanes.pixels(),
                        THROUGHPUT_PIXELS, LATENCY_PIXELS), legend), notes);
        chart.addSubtitle(0, FaultTable.of(faults, FaultChart::numberColour));
        return Optional.of(chart);
    }

    private List<Interval> intervals(Results results) {
        return results.intervals().stream().filter(i -> i.point().equals(point) && i.repetition() == repetition)
                .sorted(Comparator.comparingDouble(Interval::startSeconds)).toList();
    }

    /** The time axis: the intervals, the window, and every fault's band, t50 and t90. */
    private NumberAxis timeAxis(List<Interval> intervals) {
        List<Double> seconds = new ArrayList<>();
        for (double value : TimelineChart.seconds(intervals)) {
            seconds.add(value);
        }
        for (FaultRow fault : faults) {
            seconds.addAll(List.of(fault.startSeconds(), bandEnd(fault), fault.startSeconds() + fault.t50Seconds(),
                    fault.startSeconds() + fault.t90Seconds()));
        }
        return ChartKit.timeAxis(seconds.stream().mapToDouble(Double::doubleValue).toArray());
    }

    private FaultLanes lanes(NumberAxis time) {
        return FaultLanes.of(faults, time.getRange());
    }

    private static double bandEnd(FaultRow fault) {
        return Math.max(fault.endSeconds(), fault.startSeconds() + NARROWEST);
    }

    /** The colour of fault {@code k}'s number and lines: its band's, opaque and darker. */
    private static Color numberColour(int k) {
        return new Color(BANDS[k % BANDS.length].darker().getRGB());
    }

    /** A thin horizontal line at {@code share} of the pre-fault level, labelled with both. */
    private static ValueMarker levelLine(double level, double share) {
        ValueMarker line = new ValueMarker(level * share, Color.GRAY, new BasicStroke(1f));
        line.setLabel(String.format(Locale.ROOT, "%.0f %% of %,.0f/s", share * 100, level));
        line.setLabelFont(ChartKit.TICK);
        line.setLabelPaint(Color.DARK_GRAY);
        line.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
        line.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        return line;
    }

    /**
     * The vertical line where the fault's throughput was back at a share of the pre-fault level
     * ({@code t50}: dashed, else dotted); none when it never was.
     */
    private static Optional<ValueMarker> reached(FaultRow fault, double seconds, boolean t50, Color colour) {
        if (Double.isNaN(seconds)) {
            return Optional.empty();
        }
        SeriesStyle style = SeriesStyle.line(colour);
        return Optional.of(new ValueMarker(fault.startSeconds() + seconds, colour,
                (t50 ? style.dashed() : style.dotted()).stroke()));
    }
}
