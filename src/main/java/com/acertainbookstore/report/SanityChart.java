package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.RunColumns;
import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleAnchor;
import org.jfree.chart.ui.RectangleInsets;
import org.jfree.chart.ui.TextAnchor;
import org.jfree.data.Range;

/**
 * The run's sanity checks vs client threads: success rate (expected 1.0) and the share of
 * customer interactions (expected 0.60 +/- 0.02), each with its expected value drawn as a
 * reference line ({@code sanity.png}). Immutable, safe to share.
 */
final class SanityChart implements ChartSpec {

    /** The expected customer share and its tolerance. */
    static final double SHARE = 0.60;
    static final double SHARE_TOLERANCE = 0.02;

    @Override
    public String fileName() {
        return "sanity.png";
    }

    /** The success-rate axis: up to just above 1.0, down to 0.9 or just below the lowest value. */
    static Range successRange(double[] values) {
        double low = 0.9;
        for (double value : values) {
            if (Double.isFinite(value)) {
                low = Math.min(low, value - 0.02);
            }
        }
        return new Range(Math.max(low, -0.02), 1.02);
    }

    /** The customer-share axis: the tolerance band with room around it, widened to every value. */
    static Range shareRange(double[] values) {
        double low = SHARE - 2.5 * SHARE_TOLERANCE;
        double high = SHARE + 2.5 * SHARE_TOLERANCE;
        for (double value : values) {
            if (Double.isFinite(value)) {
                low = Math.min(low, value - 0.01);
                high = Math.max(high, value + 0.01);
            }
        }
        return new Range(low, high);
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Curve> success = curves(results, RunColumns.SUCCESS_RATE);
        List<Curve> share = curves(results, RunColumns.share(InteractionType.CUSTOMER));
        List<Curve> all = new ArrayList<>(success);
        all.addAll(share);
        if (Curve.xs(all).length == 0) {
            return Optional.empty();
        }
        LogAxis threads = ChartKit.threadsAxis(all);
        XYPlot successPlot = ChartKit.plot(success, threads, ChartKit.linearAxis("Success rate (fraction)",
                TickFormats.fraction(), successRange(Curve.ys(success))));
        successPlot.addRangeMarker(reference(1.0, "expected 1.0"), Layer.BACKGROUND);
        XYPlot sharePlot = ChartKit.plot(share, threads, ChartKit.linearAxis("Customer share (fraction)",
                TickFormats.fraction(), shareRange(Curve.ys(share))));
        IntervalMarker band = new IntervalMarker(SHARE - SHARE_TOLERANCE, SHARE + SHARE_TOLERANCE);
        band.setPaint(new Color(0xEBEBEB));
        band.setLabel("expected 0.60 +/- 0.02");
        labelStyle(band);
        band.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
        band.setLabelTextAnchor(TextAnchor.BOTTOM_RIGHT);
        sharePlot.addRangeMarker(band, Layer.BACKGROUND);
        sharePlot.addRangeMarker(reference(SHARE, ""), Layer.BACKGROUND);
        List<Curve> legend = new ArrayList<>(success);
        share.stream().filter(c -> legend.stream().noneMatch(l -> l.label().equals(c.label())))
                .forEach(legend::add);
        return Optional.of(ChartKit.chart("Sanity: success rate and customer share vs client threads",
                ChartKit.stack(threads, List.of(successPlot, sharePlot), ChartKit.legend(legend)),
                List.of("mean over repetitions, band = +/- 1 standard deviation")));
    }

    private static List<Curve> curves(Results results, NumberColumn<Repetition> column) {
        List<Curve> curves = new ArrayList<>();
        for (SeriesData s : results.closed().series()) {
            Curve.byLevel(s, column, s.label(), SeriesStyle.of(s.series()), true, false).ifPresent(curves::add);
        }
        return curves;
    }

    private static ValueMarker reference(double value, String label) {
        ValueMarker marker = new ValueMarker(value, Color.GRAY, new BasicStroke(1.5f, BasicStroke.CAP_BUTT,
                BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        if (!label.isEmpty()) {
            marker.setLabel(label);
            labelStyle(marker);
            marker.setLabelAnchor(RectangleAnchor.BOTTOM_RIGHT);
            marker.setLabelTextAnchor(TextAnchor.TOP_RIGHT);
        }
        return marker;
    }

    private static void labelStyle(Marker marker) {
        marker.setLabelFont(ChartKit.TICK);
        marker.setLabelPaint(Color.DARK_GRAY);
        marker.setLabelBackgroundColor(new Color(0, 0, 0, 0));
        marker.setLabelOffset(new RectangleInsets(6, 6, 6, 6));
    }
}
