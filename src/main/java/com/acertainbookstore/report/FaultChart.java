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
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * One faulted point over time ({@code faults-<point>.png}), from the first repetition that had
 * faults: throughput per interval above, p99 latency per interval below (log scale), the measured
 * window shaded grey, each fault a named band from its start to its end (a kill or a restart at
 * least a tenth of a second wide), and a dashed line where throughput was back at half its
 * undisturbed level. Immutable, safe to share.
 */
final class FaultChart implements ChartSpec {

    private static final Color WINDOW = new Color(0xF0F0F0);
    private static final Color[] BANDS = {new Color(255, 120, 120, 110), new Color(120, 150, 255, 110),
        new Color(255, 190, 80, 110), new Color(140, 210, 140, 110)};
    private static final double NARROWEST = 0.1;

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
        double highest = Arrays.stream(Curve.ys(List.of(throughput))).max().orElse(0);
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
                if (!Double.isNaN(fault.unavailableSeconds())) {
                    ValueMarker back = new ValueMarker(fault.startSeconds() + fault.unavailableSeconds());
                    back.setPaint(colour.darker());
                    back.setStroke(new BasicStroke(1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f,
                            new float[] {6f, 4f}, 0f));
                    plot.addDomainMarker(back, Layer.FOREGROUND);
                }
            }
            notes.add(String.format(Locale.ROOT, "%s: unavailable %s, %,d failed (%,d unknown), %s", fault.name(),
                    Double.isNaN(fault.unavailableSeconds()) ? "until the end"
                            : String.format(Locale.ROOT, "%.2f s", fault.unavailableSeconds()),
                    fault.failed(), fault.unknown(), FaultRow.elections(fault.elections())));
        }
        LegendItemCollection legend = ChartKit.legend(List.of(throughput));
        legend.add(ChartKit.legend(List.of(p99)).get(0));
        double length = first.endSeconds() - first.startSeconds();
        notes.add(String.format(Locale.ROOT, "one point per %.3g s interval; grey: the measured window; bands: the"
                + " faults; dashed: throughput back at half its level before the fault (for a later fault: since the last"
                + " recovery)", length));
        notes.add(ChartKit.skippedNote(throughput.skipped() + p99.skipped()));
        return Optional.of(ChartKit.chart(String.format(Locale.ROOT, "Faults: %s, repetition %d", point.describe(),
                repetition), ChartKit.stack(time, List.of(top, bottom), legend), notes));
    }
}
