package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Point;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.Arrays;
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
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * One faulted point over time ({@code faults-<point>.png}), from the first repetition that had
 * faults: throughput per interval above, p99 latency per interval below (log scale), the measured
 * window shaded grey, each fault a named band from its start to its end (a kill or a restart at
 * least a tenth of a second wide). Each fault's t50 and t90 are vertical lines in its colour,
 * dashed and dotted, labelled {@code t50} and {@code t90}; two thin horizontal lines mark 50 % and
 * 90 % of the pre-fault level they are measured against. Immutable, safe to share.
 */
final class FaultChart implements ChartSpec {

    private static final Color WINDOW = new Color(0xF0F0F0);
    private static final Color[] BANDS = {new Color(255, 120, 120, 110), new Color(120, 150, 255, 110),
        new Color(255, 190, 80, 110), new Color(140, 210, 140, 110)};
    private static final double NARROWEST = 0.1;
    /** The marker and note of t50. */
    static final String T50 = "t50";
    /** The marker and note of t90. */
    static final String T90 = "t90";
    /** Faults with a note of their own under the title; the rest are summed up in one note. */
    private static final int NOTED = 8;

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
        return "faults-" + point.fileStem() + ".png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Interval> intervals = results.intervals().stream()
                .filter(i -> i.point().equals(point) && i.repetition() == repetition)
                .sorted(Comparator.comparingDouble(Interval::startSeconds)).toList();
        if (intervals.isEmpty()) {
            return Optional.empty();
        }
        SeriesStyle style = SeriesStyle.of(point.series());
        Curve throughput = TimelineChart.curve("throughput", style, intervals, Interval::throughput, false);
        Curve p99 = TimelineChart.curve("p99 latency", style, intervals, i -> i.latency().p99(), true);
        NumberAxis time = new NumberAxis("Seconds since the workers started");
        time.setLabelFont(ChartKit.LABEL);
        time.setTickLabelFont(ChartKit.TICK);
        double level = faults.isEmpty() ? Double.NaN : faults.get(0).beforePerSecond();
        double highest = Math.max(Arrays.stream(Curve.ys(List.of(throughput))).max().orElse(0),
                level > 0 ? level : 0);
        XYPlot top = ChartKit.plot(List.of(throughput), time, ChartKit.linearAxis(
                "Throughput (successful interactions/s)", TickFormats.count(),
                highest > 0 ? new Range(0, highest * 1.15) : null));
        XYPlot bottom = ChartKit.plot(List.of(p99), time, ChartKit.logValueAxis("p99 per interval (log scale)",
                List.of(p99), TickFormats.micros()));
        Interval first = intervals.get(0);
        for (XYPlot plot : List.of(top, bottom)) {
            IntervalMarker window = new IntervalMarker(first.windowStartSeconds(), first.windowEndSeconds());
            window.setPaint(WINDOW);
            plot.addDomainMarker(window, Layer.BACKGROUND);
        }
        List<String> notes = new ArrayList<>();
        if (level > 0) {
            top.addRangeMarker(levelLine(level, FaultRow.T50_SHARE), Layer.FOREGROUND);
            top.addRangeMarker(levelLine(level, FaultRow.T90_SHARE), Layer.FOREGROUND);
        }
        for (int k = 0; k < faults.size(); k++) {
            FaultRow fault = faults.get(k);
            Color colour = BANDS[k % BANDS.length];
            for (XYPlot plot : List.of(top, bottom)) {
                IntervalMarker band = new IntervalMarker(fault.startSeconds(),
                        Math.max(fault.endSeconds(), fault.startSeconds() + NARROWEST));
                band.setPaint(colour);
                if (plot == top) {
                    band.setLabel(fault.name());
                    band.setLabelFont(ChartKit.TICK);
                    band.setLabelAnchor(k % 2 == 0 ? RectangleAnchor.TOP_LEFT : RectangleAnchor.BOTTOM_LEFT);
                    band.setLabelTextAnchor(k % 2 == 0 ? TextAnchor.TOP_LEFT : TextAnchor.BOTTOM_LEFT);
                }
                plot.addDomainMarker(band, Layer.BACKGROUND);
                reached(fault, fault.t50Seconds(), T50, colour, plot == top).ifPresent(
                        marker -> plot.addDomainMarker(marker, Layer.FOREGROUND));
                reached(fault, fault.t90Seconds(), T90, colour, plot == top).ifPresent(
                        marker -> plot.addDomainMarker(marker, Layer.FOREGROUND));
            }
            if (k < NOTED) {
                notes.add(String.format(Locale.ROOT, "%s: t50 %s, t90 %s, %,d failed (%,d unknown), %s", fault.name(),
                        seconds(fault.t50Seconds()), seconds(fault.t90Seconds()), fault.failed(), fault.unknown(),
                        FaultRow.elections(fault.elections())));
            }
        }
        if (faults.size() > NOTED) {
            notes.add(String.format(Locale.ROOT, "and %d more faults: their figures are in the faults file",
                    faults.size() - NOTED));
        }
        LegendItemCollection legend = ChartKit.legend(List.of(throughput));
        legend.add(ChartKit.legend(List.of(p99)).get(0));
        SeriesStyle key = SeriesStyle.line(Color.DARK_GRAY);
        legend.add(ChartKit.lineKey("dashed: t50", key.dashed()));
        legend.add(ChartKit.lineKey("dotted: t90", key.dotted()));
        double length = first.endSeconds() - first.startSeconds();
        notes.add(String.format(Locale.ROOT, "one point per %.3g s interval, at its middle; grey: the measured"
                + " window; bands: the faults; t50, t90: the start of the first whole interval back at 50 %%, 90 %% of"
                + " the throughput before the first fault (%s; thin lines)", length, Double.isNaN(level) ? "n/a"
                        : String.format(Locale.ROOT, "%,.0f/s", level)));
        notes.add(ChartKit.skippedNote(throughput.skipped() + p99.skipped()));
        return Optional.of(ChartKit.chart(String.format(Locale.ROOT, "Faults: %s, repetition %d", point.describe(),
                repetition), ChartKit.stack(time, List.of(top, bottom), legend), notes));
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
     * ({@code name}: {@link #T50} dashed, {@link #T90} dotted), labelled on the top plot; none when
     * it never was.
     */
    private static Optional<ValueMarker> reached(FaultRow fault, double seconds, String name, Color colour,
            boolean labelled) {
        if (Double.isNaN(seconds)) {
            return Optional.empty();
        }
        Color opaque = new Color(colour.darker().getRGB());
        SeriesStyle style = SeriesStyle.line(opaque);
        ValueMarker marker = new ValueMarker(fault.startSeconds() + seconds, opaque,
                (name.equals(T50) ? style.dashed() : style.dotted()).stroke());
        if (labelled) {
            marker.setLabel(name);
            marker.setLabelFont(ChartKit.TICK);
            marker.setLabelAnchor(RectangleAnchor.TOP_RIGHT);
            marker.setLabelTextAnchor(TextAnchor.TOP_LEFT);
            marker.setLabelOffset(new RectangleInsets(name.equals(T50) ? 22 : 40, 2, 2, 2));
        }
        return Optional.of(marker);
    }

    private static String seconds(double value) {
        return Double.isNaN(value) ? "not reached" : String.format(Locale.ROOT, "%.2f s", value);
    }
}
