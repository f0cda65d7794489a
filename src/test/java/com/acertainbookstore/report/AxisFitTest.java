package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.SummaryRows;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.jfree.data.Range;
import org.jfree.data.general.DatasetUtils;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/**
 * Every axis of every chart fits what it shows: the points, their deviation bands and the
 * reference lines and bands drawn on it are all inside it, and it is at most twice as long as
 * their range (linear; a flat set counts as the axis's minimum size), or at most one decade
 * longer (log).
 */
class AxisFitTest {

    private static final Results REALISTIC = Results.load(SummaryFiles.fixture("realistic"));

    /** An in-process run alone: 1.1 M to 1.7 M interactions/s, within one decade. */
    private static Results inProcessOnly() {
        double[] throughput = {1.1e6, 1.4e6, 1.7e6, 1.6e6, 1.3e6};
        int[] threads = {1, 2, 5, 10, 20};
        List<PointSummary> summaries = new ArrayList<>();
        for (int i = 0; i < threads.length; i++) {
            summaries.add(SummaryRows.closed("local SINGLE", threads[i], throughput[i], 1.5 + i));
            summaries.add(SummaryRows.closed("local TWO_LEVEL", threads[i], throughput[i] * 0.95, 1.6 + i));
        }
        return Results.of(summaries);
    }

    @Test
    void everyChart_closedAndOpenResults_axesFitTheirData() {
        Results all = new Results(Stream.concat(REALISTIC.series().stream(), OpenResults.results().series().stream())
                .toList(), OpenResults.intervals());

        assertFit(Charts.specs(all, null, Double.NaN), all, 10);
    }

    @Test
    void everyChart_inProcessRunWithinOneDecade_axesFitTheirData() {
        Results local = inProcessOnly();

        assertFit(Charts.specs(local, null, Double.NaN), local, 6);
    }

    @Test
    void faultChart_manyFaults_axesFitTheirData() {
        assertFit(FaultChart.of(FaultChartTest.manyFaults(20)), FaultChartTest.manyIntervals(), 1);
    }

    /** Builds each chart and fails listing every axis that does not fit its data. */
    private static void assertFit(List<ChartSpec> specs, Results results, int expectedCharts) {
        List<String> misfits = new ArrayList<>();
        int built = 0;
        for (ChartSpec spec : specs) {
            Optional<JFreeChart> chart = spec.build(results);
            if (chart.isPresent()) {
                built++;
                misfits.addAll(misfits(spec.fileName(), chart.get()));
            }
        }
        assertEquals(expectedCharts, built, "charts drawn");
        assertTrue(misfits.isEmpty(), String.join("\n", misfits));
    }

    private static List<String> misfits(String chart, JFreeChart jfc) {
        List<String> misfits = new ArrayList<>();
        List<XYPlot> plots = jfc.getPlot() instanceof CombinedDomainXYPlot combined ? combined.getSubplots()
                : List.of(jfc.getXYPlot());
        Extent domain = new Extent();
        for (XYPlot plot : plots) {
            Extent range = new Extent();
            for (int i = 0; i < plot.getDatasetCount(); i++) {
                XYDataset dataset = plot.getDataset(i);
                if (dataset != null) {
                    domain.add(DatasetUtils.findDomainBounds(dataset, true));
                    range.add(DatasetUtils.findRangeBounds(dataset, true));
                }
            }
            domain.addMarkers(plot.getDomainMarkers(Layer.FOREGROUND));
            domain.addMarkers(plot.getDomainMarkers(Layer.BACKGROUND));
            range.addMarkers(plot.getRangeMarkers(Layer.FOREGROUND));
            range.addMarkers(plot.getRangeMarkers(Layer.BACKGROUND));
            check(chart, plot.getRangeAxis(), range).ifPresent(misfits::add);
        }
        ValueAxis shared = jfc.getPlot() instanceof CombinedDomainXYPlot combined ? combined.getDomainAxis()
                : jfc.getXYPlot().getDomainAxis();
        check(chart, shared, domain).ifPresent(misfits::add);
        return misfits;
    }

    /** What is wrong with {@code axis} for {@code data}, if anything. */
    private static Optional<String> check(String chart, ValueAxis axis, Extent data) {
        if (!axis.isVisible() || data.isEmpty(axis instanceof LogAxis)) {
            return Optional.empty();
        }
        Range shown = axis.getRange();
        Range needed = data.range(axis instanceof LogAxis);
        String where = String.format(Locale.ROOT, "%s, axis '%s': %s for data %s", chart, axis.getLabel(), shown,
                needed);
        double slack = 1e-9 * Math.max(Math.abs(needed.getLowerBound()), Math.abs(needed.getUpperBound()));
        if (shown.getLowerBound() > needed.getLowerBound() + slack
                || shown.getUpperBound() < needed.getUpperBound() - slack) {
            return Optional.of(where + " does not hold the data");
        }
        if (axis instanceof LogAxis) {
            double headroom = Math.log10(shown.getUpperBound() / shown.getLowerBound())
                    - Math.log10(needed.getUpperBound() / needed.getLowerBound());
            return headroom > 1 + 1e-9
                    ? Optional.of(where + String.format(Locale.ROOT, " has %.2f decades of headroom", headroom))
                    : Optional.empty();
        }
        double floor = axis instanceof NumberAxis number ? number.getAutoRangeMinimumSize() : 0;
        double allowed = 2 * Math.max(needed.getLength(), floor);
        return shown.getLength() > allowed * (1 + 1e-9)
                ? Optional.of(where + String.format(Locale.ROOT, " is %.3g long, more than %.3g", shown.getLength(),
                        allowed))
                : Optional.empty();
    }

    /** The values an axis must show: data bounds and marker values. */
    private static final class Extent {

        private final List<Double> values = new ArrayList<>();

        void add(Range range) {
            if (range != null) {
                values.add(range.getLowerBound());
                values.add(range.getUpperBound());
            }
        }

        void addMarkers(Collection<?> markers) {
            for (Object marker : markers == null ? List.of() : markers) {
                if (marker instanceof ValueMarker value) {
                    values.add(value.getValue());
                } else if (marker instanceof IntervalMarker interval) {
                    values.add(interval.getStartValue());
                    values.add(interval.getEndValue());
                }
            }
        }

        private Stream<Double> shown(boolean log) {
            return values.stream().filter(v -> Double.isFinite(v) && (!log || v > 0));
        }

        boolean isEmpty(boolean log) {
            return shown(log).findAny().isEmpty();
        }

        Range range(boolean log) {
            return new Range(shown(log).mapToDouble(Double::doubleValue).min().orElseThrow(),
                    shown(log).mapToDouble(Double::doubleValue).max().orElseThrow());
        }
    }
}
