package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.Repetition;
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
 * Latency per interaction type vs client threads: one panel each for customer, replenishment and
 * acquisition interactions, with each series' mean (solid) and p99 (dashed) in the series' colour,
 * log-log ({@code latency-by-interaction.png}). Immutable, safe to share.
 */
final class InteractionChart implements ChartSpec {

    /** One interaction type: its name and its mean and p99 columns. */
    private record Panel(String name, NumberColumn<Repetition> mean, NumberColumn<Repetition> p99) {

        Panel(String name, InteractionType type) {
            this(name, RunColumns.type(type).mean(), RunColumns.type(type).p99());
        }
    }

    private static final List<Panel> PANELS = List.of(new Panel("Customer", InteractionType.CUSTOMER),
            new Panel("Replenishment", InteractionType.REPLENISHMENT),
            new Panel("Acquisition", InteractionType.ACQUISITION));

    @Override
    public String fileName() {
        return "latency-by-interaction.png";
    }

    @Override
    public int height() {
        return 1100;
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<List<Curve>> panels = new ArrayList<>();
        List<Curve> all = new ArrayList<>();
        List<Curve> legendCurves = new ArrayList<>();
        List<SeriesData> series = results.closed().series();
        for (Panel panel : PANELS) {
            List<Curve> curves = new ArrayList<>();
            for (SeriesData s : series) {
                SeriesStyle style = SeriesStyle.of(s.series());
                Optional<Curve> mean = Curve.byLevel(s, panel.mean(), s.label() + " mean", style, true, true);
                mean.ifPresent(curves::add);
                Curve.byLevel(s, panel.p99(), s.label() + " p99", style.dashed(), true, true).ifPresent(curves::add);
                if (mean.isPresent() && legendCurves.stream().noneMatch(c -> c.label().equals(s.label()))) {
                    legendCurves.add(new Curve(s.label(), style, List.of(), 0));
                }
            }
            panels.add(curves);
            all.addAll(curves);
        }
        if (Curve.xs(all).length == 0) {
            return Optional.empty();
        }
        LogAxis threads = ChartKit.threadsAxis(all);
        List<XYPlot> subplots = new ArrayList<>();
        for (int p = 0; p < PANELS.size(); p++) {
            List<Curve> curves = panels.get(p);
            subplots.add(ChartKit.plot(curves, threads, ChartKit.logValueAxis(
                    PANELS.get(p).name() + " latency (log)", curves, TickFormats.micros())));
        }
        LegendItemCollection legend = ChartKit.legend(legendCurves);
        SeriesStyle key = SeriesStyle.line(Color.BLACK);
        legend.add(ChartKit.lineKey("solid: mean", key));
        legend.add(ChartKit.lineKey("dashed: p99", key.dashed()));
        return Optional.of(ChartKit.chart("Latency per interaction type vs client threads",
                ChartKit.stack(threads, subplots, legend), List.of(
                        "mean over repetitions; the HTTP transport ceiling has no interactions",
                        ChartKit.skippedNote(Curve.skipped(all)))));
    }
}
