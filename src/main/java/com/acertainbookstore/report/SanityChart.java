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

/**
 * The run's sanity checks vs client threads: success rate (expected 1.0) and the share of
 * customer interactions (expected 0.60 +/- 0.02), each with its expected value drawn as a
 * reference line ({@code sanity.png}); each axis fits the values and the expected value or band
 * ({@link LinearScale}). Immutable, safe to share.
 */
final class SanityChart implements ChartSpec {

    /** The expected success rate. */
    static final double SUCCESS = 1.0;
    /** The expected customer share and its tolerance. */
    static final double SHARE = 0.60;
    static final double SHARE_TOLERANCE = 0.02;

    @Override
    public String fileName() {
        return "sanity.png";
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
        XYPlot successPlot = ChartKit.plot(success, threads, ChartKit.fractionAxis("Success rate (fraction)",
                ChartKit.values(Curve.ysWithBands(success), SUCCESS)));
        successPlot.addRangeMarker(reference(SUCCESS, "expected 1.0"), Layer.BACKGROUND);
        XYPlot sharePlot = ChartKit.plot(share, threads, ChartKit.fractionAxis("Customer share (fraction)",
                ChartKit.values(Curve.ysWithBands(share), SHARE - SHARE_TOLERANCE,
                        SHARE + SHARE_TOLERANCE)));
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
