package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.RunColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.labels.ItemLabelAnchor;
import org.jfree.chart.labels.ItemLabelPosition;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.ui.TextAnchor;

/**
 * Mean latency vs throughput, one curve per series with its points in thread order, log-log
 * ({@code latency-vs-throughput.png}): the knee is where adding threads stops adding throughput
 * and only adds latency. Immutable, safe to share.
 */
final class LatencyThroughputChart implements ChartSpec {

    @Override
    public String fileName() {
        return "latency-vs-throughput.png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Curve> curves = new ArrayList<>();
        for (SeriesData s : results.closed().series()) {
            Curve.of(s, p -> p.mean(RunColumns.THROUGHPUT), p -> p.mean(RunColumns.LATENCY.mean()),
                    p -> Double.NaN, s.label(), SeriesStyle.of(s.series()), true, true)
                    .ifPresent(curves::add);
        }
        if (Curve.xs(curves).length == 0) {
            return Optional.empty();
        }
        XYPlot plot = ChartKit.plot(curves,
                ChartKit.logAxis("Throughput (successful interactions/s, log scale)",
                        LogScale.axisRange(0.08, Curve.xs(curves)), TickFormats.rate()),
                ChartKit.logAxis("Recorded mean latency (log scale)", LogScale.axisRange(0.15, Curve.ys(curves)),
                        TickFormats.micros()));
        labelThreads(plot.getRenderer(), curves);
        return Optional.of(ChartKit.chart("Mean latency vs throughput", plot, List.of(
                "one point per thread count, in thread order (labels: threads)",
                ChartKit.skippedNote(Curve.skipped(curves)))));
    }

    /** Labels each point with its thread count, left of the point for even curves and right for odd ones. */
    private static void labelThreads(XYItemRenderer renderer, List<Curve> curves) {
        renderer.setDefaultItemLabelGenerator((dataset, seriesIndex, item) ->
                String.valueOf((int) curves.get(seriesIndex).points().get(item).level()));
        renderer.setDefaultItemLabelFont(ChartKit.TICK);
        renderer.setDefaultItemLabelsVisible(true);
        ItemLabelPosition left = new ItemLabelPosition(ItemLabelAnchor.OUTSIDE9, TextAnchor.CENTER_RIGHT);
        ItemLabelPosition right = new ItemLabelPosition(ItemLabelAnchor.OUTSIDE3, TextAnchor.CENTER_LEFT);
        for (int i = 0; i < curves.size(); i++) {
            renderer.setSeriesPositiveItemLabelPosition(i, i % 2 == 0 ? left : right);
            renderer.setSeriesNegativeItemLabelPosition(i, i % 2 == 0 ? left : right);
        }
    }
}
