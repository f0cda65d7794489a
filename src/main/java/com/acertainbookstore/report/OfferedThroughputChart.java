package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.RunColumns;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.geom.Ellipse2D;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.stream.DoubleStream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.LegendItemCollection;
import org.jfree.chart.plot.XYPlot;
import org.jfree.data.Range;

/**
 * Achieved vs offered throughput of every open-loop series, in-process and HTTP together on
 * log-log axes, +/- one standard deviation as bands, with the line where achieved equals offered
 * and each series' closed-loop peak as a horizontal line ({@code throughput-vs-offered.png}).
 * Below the diagonal the store did not keep up with the schedule. Immutable, safe to share.
 */
final class OfferedThroughputChart implements ChartSpec {

    private static final SeriesStyle DIAGONAL = new SeriesStyle(new Color(0x888888), new BasicStroke(1.5f,
            BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {6f, 5f}, 0f),
            new Ellipse2D.Double(0, 0, 0, 0));

    @Override
    public String fileName() {
        return "throughput-vs-offered.png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Curve> curves = new ArrayList<>();
        List<SeriesData> series = results.open().series();
        for (SeriesData s : series) {
            Curve.byLevel(s, RunColumns.THROUGHPUT, s.label(), SeriesStyle.of(s.series()), true, true)
                    .ifPresent(curves::add);
        }
        if (Curve.xs(curves).length == 0) {
            return Optional.empty();
        }
        double[] xs = Curve.xs(curves);
        double low = Arrays.stream(xs).min().orElse(1);
        double high = Arrays.stream(xs).max().orElse(10);
        List<Curve> drawn = new ArrayList<>(curves);
        drawn.add(new Curve("achieved = offered", DIAGONAL, List.of(new Curve.Point(low, low, low, Double.NaN),
                new Curve.Point(high, high, high, Double.NaN)), 0));
        List<Double> peaks = new ArrayList<>();
        for (SeriesData s : series) {
            OfferedLatencyChart.peak(s).ifPresent(peaks::add);
        }
        double[] ys = DoubleStream.concat(Arrays.stream(Curve.ysWithBands(drawn)),
                peaks.stream().mapToDouble(Double::doubleValue)).toArray();
        Range yRange = LogScale.axisRange(0.08, ys);
        XYPlot plot = ChartKit.plot(drawn, ChartKit.offeredAxis(drawn),
                ChartKit.logAxis("Achieved throughput (successful interactions/s, log scale)", yRange,
                        TickFormats.rate()));
        for (SeriesData s : series) {
            OfferedLatencyChart.peak(s).ifPresent(peak -> plot.addRangeMarker(
                    OfferedLatencyChart.peakMarker(peak, SeriesStyle.of(s.series()))));
        }
        LegendItemCollection legend = ChartKit.legend(drawn);
        legend.add(ChartKit.lineKey("thin horizontal: closed-loop peak (probe)",
                new SeriesStyle(Color.BLACK, new BasicStroke(1.2f), DIAGONAL.shape())));
        plot.setFixedLegendItems(legend);
        return Optional.of(ChartKit.chart("Open loop: achieved vs offered throughput", plot, List.of(
                "mean over repetitions, band = +/- 1 standard deviation; below the diagonal the store fell behind"
                        + " the schedule",
                ChartKit.skippedNote(Curve.skipped(curves)))));
    }
}
