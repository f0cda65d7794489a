package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.RunColumns;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;

/**
 * Open-loop latency percentiles vs offered load, log-log, +/- one standard deviation as bands, in
 * three stacked panels sharing the offered-load axis: p50, p99 and p99.9 of the latency from the
 * intended start, with the service time's p99 (from the actual start) dashed beside the p99, and
 * each series' closed-loop peak as a vertical line ({@code latency-vs-offered.png}). The knee is
 * where p99 leaves its floor. Immutable, safe to share.
 */
final class OfferedLatencyChart implements ChartSpec {

    /** One panel: its axis label, the latency column, and the service-time column drawn beside it (or null). */
    private record Panel(String label, NumberColumn<Repetition> latency, NumberColumn<Repetition> service) {
    }

    private static final List<Panel> PANELS = List.of(
            new Panel("p50 (log scale)", RunColumns.LATENCY.p50(), null),
            new Panel("p99 (log scale)", RunColumns.LATENCY.p99(), RunColumns.SERVICE.p99()),
            new Panel("p99.9 (log scale)", RunColumns.LATENCY.p999(), null));

    @Override
    public String fileName() {
        return "latency-vs-offered.png";
    }

    @Override
    public int height() {
        return 1100;
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<SeriesData> series = results.open().series();
        List<List<Curve>> panels = new ArrayList<>();
        List<Curve> all = new ArrayList<>();
        List<Curve> legendCurves = new ArrayList<>();
        for (Panel panel : PANELS) {
            List<Curve> curves = new ArrayList<>();
            for (SeriesData s : series) {
                SeriesStyle style = SeriesStyle.of(s.series());
                Optional<Curve> latency = Curve.byLevel(s, panel.latency(), s.label() + " latency", style, true, true);
                latency.ifPresent(curves::add);
                if (panel.service() != null) {
                    Curve.byLevel(s, panel.service(), s.label() + " service time", style.dashed(), true, true)
                            .ifPresent(curves::add);
                }
                if (latency.isPresent() && legendCurves.stream().noneMatch(c -> c.label().equals(s.label()))) {
                    legendCurves.add(new Curve(s.label(), style, List.of(), 0));
                }
            }
            panels.add(curves);
            all.addAll(curves);
        }
        if (Curve.xs(all).length == 0) {
            return Optional.empty();
        }
        LogAxis offered = ChartKit.offeredAxis(all);
        List<XYPlot> subplots = new ArrayList<>();
        for (int p = 0; p < PANELS.size(); p++) {
            XYPlot plot = ChartKit.plot(panels.get(p), offered, ChartKit.logValueAxis(PANELS.get(p).label(),
                    panels.get(p), TickFormats.micros()));
            for (SeriesData s : series) {
                peak(s).ifPresent(peak -> plot.addDomainMarker(peakMarker(peak, SeriesStyle.of(s.series()))));
            }
            subplots.add(plot);
        }
        LegendItemCollection legend = ChartKit.legend(legendCurves);
        SeriesStyle key = SeriesStyle.line(Color.BLACK);
        legend.add(ChartKit.lineKey("solid: latency, from the intended start", key));
        legend.add(ChartKit.lineKey("dashed: service time, from the actual start", key.dashed()));
        legend.add(ChartKit.lineKey("thin vertical: closed-loop peak (probe)", thin(key)));
        return Optional.of(ChartKit.chart("Open loop: latency percentiles vs offered load",
                ChartKit.stack(offered, subplots, legend), List.of(
                        "mean over repetitions, band = +/- 1 standard deviation; the knee is where p99 leaves its floor",
                        ChartKit.skippedNote(Curve.skipped(all)))));
    }

    /** The series' probed closed-loop peak, when its rates came from a probe. */
    static Optional<Double> peak(SeriesData series) {
        return series.points().stream().mapToDouble(p -> p.mean(RunColumns.PEAK)).filter(Double::isFinite)
                .boxed().findFirst();
    }

    /** A thin line in the series' colour at the peak. */
    static ValueMarker peakMarker(double peak, SeriesStyle style) {
        return new ValueMarker(peak, style.color(), new BasicStroke(1.2f));
    }

    private static SeriesStyle thin(SeriesStyle style) {
        return new SeriesStyle(style.color(), new BasicStroke(1.2f), style.shape());
    }
}
