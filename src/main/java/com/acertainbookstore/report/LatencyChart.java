package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.RunColumns;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.XYPlot;

/**
 * Closed-loop latency vs client threads for every series, log-log, +/- one standard deviation as
 * bands, in two stacked panels sharing the threads axis ({@code latency.png}): the recorded mean
 * (solid) beside the derived time per interaction, threads / throughput (dotted: it includes the
 * time a client waits for a CPU between interactions, which no recorded latency holds), and the
 * recorded p99. Immutable, safe to share.
 */
final class LatencyChart implements ChartSpec {

    /** The derived curve's legend label, saying what it is. */
    static final String DERIVED_KEY = "dotted: derived, threads / throughput (waiting for a CPU included; not recorded)";

    @Override
    public String fileName() {
        return "latency.png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Curve> means = new ArrayList<>();
        List<Curve> p99s = new ArrayList<>();
        List<Curve> legendCurves = new ArrayList<>();
        for (SeriesData s : results.closed().series()) {
            SeriesStyle style = SeriesStyle.of(s.series());
            Optional<Curve> mean = Curve.byLevel(s, RunColumns.LATENCY.mean(), s.label() + " mean", style, true, true);
            mean.ifPresent(means::add);
            Curve.byLevel(s, RunColumns.TIME_PER_INTERACTION, s.label() + " threads / throughput", style, true, true)
                    .ifPresent(means::add);
            Curve.byLevel(s, RunColumns.LATENCY.p99(), s.label() + " p99", style, true, true).ifPresent(p99s::add);
            if (mean.isPresent()) {
                legendCurves.add(new Curve(s.label(), style, List.of(), 0));
            }
        }
        List<Curve> all = new ArrayList<>(means);
        all.addAll(p99s);
        if (Curve.xs(all).length == 0) {
            return Optional.empty();
        }
        LogAxis threads = ChartKit.threadsAxis(all);
        List<XYPlot> subplots = List.of(
                ChartKit.plot(means, threads, ChartKit.logValueAxis("Mean latency (log scale)", means,
                        TickFormats.micros())),
                ChartKit.plot(p99s, threads, ChartKit.logValueAxis("p99 latency (log scale)", p99s,
                        TickFormats.micros())));
        LegendItemCollection legend = ChartKit.legend(legendCurves);
        SeriesStyle key = SeriesStyle.line(Color.BLACK);
        legend.add(ChartKit.lineKey("solid: recorded (timed around each interaction)", key));
        legend.add(ChartKit.lineKey(DERIVED_KEY, key.dotted()));
        return Optional.of(ChartKit.chart("Latency vs client threads (closed loop)",
                ChartKit.stack(threads, subplots, legend), List.of(
                        "mean over repetitions, band = +/- 1 standard deviation; top: recorded mean and derived"
                                + " time per interaction; bottom: recorded p99",
                        ChartKit.skippedNote(Curve.skipped(all)))));
    }
}
