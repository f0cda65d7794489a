package com.acertainbookstore.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.XYPlot;

/**
 * Mean and p99 latency vs client threads for every series, log-log, +/- one standard deviation
 * as bands: two stacked panels sharing the threads axis ({@code latency.png}). Immutable, safe to
 * share.
 */
final class LatencyChart implements ChartSpec {

    private static final Map<Metric, String> PANELS = new LinkedHashMap<>();

    static {
        PANELS.put(Metric.LATENCY_MEAN, "Mean latency (log scale)");
        PANELS.put(Metric.LATENCY_P99, "p99 latency (log scale)");
    }

    @Override
    public String fileName() {
        return "latency.png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        Map<Metric, List<Curve>> panels = new LinkedHashMap<>();
        List<Curve> all = new ArrayList<>();
        for (Metric metric : PANELS.keySet()) {
            List<Curve> curves = new ArrayList<>();
            List<SeriesData> series = results.series();
            for (int i = 0; i < series.size(); i++) {
                SeriesData s = series.get(i);
                Curve.byThreads(s, metric, s.label(), SeriesStyle.of(s.name(), i), true).ifPresent(curves::add);
            }
            panels.put(metric, curves);
            all.addAll(curves);
        }
        if (Curve.xs(all).length == 0) {
            return Optional.empty();
        }
        LogAxis threads = ChartKit.threadsAxis(all);
        List<XYPlot> subplots = new ArrayList<>();
        panels.forEach((metric, curves) -> subplots.add(ChartKit.plot(curves, threads,
                ChartKit.logValueAxis(PANELS.get(metric), curves, TickFormats.micros()))));
        List<Curve> legend = new ArrayList<>();
        for (Curve curve : all) {
            if (legend.stream().noneMatch(c -> c.label().equals(curve.label()))) {
                legend.add(curve);
            }
        }
        return Optional.of(ChartKit.chart("Latency vs client threads",
                ChartKit.stack(threads, subplots, ChartKit.legend(legend)), List.of(
                        "mean over repetitions, band = +/- 1 standard deviation",
                        ChartKit.skippedNote(Curve.skipped(all)))));
    }
}
