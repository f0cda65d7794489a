package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.results.SummaryRows;
import java.awt.BasicStroke;
import java.awt.Graphics2D;
import java.awt.geom.Rectangle2D;
import java.awt.image.BufferedImage;
import java.text.AttributedCharacterIterator;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.AxisState;
import org.jfree.chart.axis.LogAxis;
import org.jfree.chart.axis.LogTick;
import org.jfree.chart.axis.NumberAxis;
import org.jfree.chart.axis.TickType;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.axis.ValueTick;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.IntervalMarker;
import org.jfree.chart.plot.Plot;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.renderer.xy.XYItemRenderer;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.jfree.chart.ui.RectangleEdge;
import org.jfree.data.xy.XYDataset;
import org.junit.jupiter.api.Test;

/** What each chart shows, checked on the chart objects before they are drawn. */
class ChartContentTest {

    private static final Results REALISTIC = Results.load(SummaryFiles.fixture("realistic"));
    private static final Series HTTP_TWO_LEVEL = Series.parse("http TWO_LEVEL");
    private static final Results OPEN = OpenResults.results();

    /** The labels of an axis's major ticks when drawn 1000 pixels long. */
    private static List<String> majorTickLabels(ValueAxis axis, RectangleEdge edge) {
        Graphics2D g2 = new BufferedImage(10, 10, BufferedImage.TYPE_INT_ARGB).createGraphics();
        try {
            List<String> labels = new ArrayList<>();
            for (Object tick : axis.refreshTicks(g2, new AxisState(), new Rectangle2D.Double(0, 0, 1000, 1000), edge)) {
                ValueTick valueTick = (ValueTick) tick;
                if (valueTick.getTickType() == TickType.MAJOR) {
                    labels.add(tick instanceof LogTick logTick ? text(logTick.getAttributedLabel().getIterator())
                            : valueTick.getText());
                }
            }
            return labels;
        } finally {
            g2.dispose();
        }
    }

    private static String text(AttributedCharacterIterator it) {
        StringBuilder text = new StringBuilder();
        for (char c = it.first(); c != AttributedCharacterIterator.DONE; c = it.next()) {
            text.append(c);
        }
        return text.toString();
    }

    private static List<String> seriesKeys(XYDataset dataset) {
        List<String> keys = new ArrayList<>();
        for (int i = 0; i < dataset.getSeriesCount(); i++) {
            keys.add(dataset.getSeriesKey(i).toString());
        }
        return keys;
    }

    private static List<String> subtitles(JFreeChart chart) {
        List<String> texts = new ArrayList<>();
        for (Object title : chart.getSubtitles()) {
            if (title instanceof TextTitle text) {
                texts.add(text.getText());
            }
        }
        return texts;
    }

    private static List<String> legendLabels(Plot plot) {
        List<String> labels = new ArrayList<>();
        for (int i = 0; i < plot.getLegendItems().getItemCount(); i++) {
            labels.add(plot.getLegendItems().get(i).getLabel());
        }
        return labels;
    }

    private static boolean dashed(XYItemRenderer renderer, int series) {
        return ((BasicStroke) renderer.getSeriesStroke(series)).getDashArray() != null;
    }

    @Test
    void throughput_logLogWithOneLabelledTickPerDecade() {
        XYPlot plot = ThroughputChart.all().build(REALISTIC).orElseThrow().getXYPlot();

        LogAxis threads = assertInstanceOf(LogAxis.class, plot.getDomainAxis());
        LogAxis rate = assertInstanceOf(LogAxis.class, plot.getRangeAxis());
        assertEquals(1.0, threads.getTickUnit().getSize());
        assertEquals(List.of("1", "10", "100", "1,000"), majorTickLabels(threads, RectangleEdge.BOTTOM));
        assertEquals(List.of("10k", "100k", "1M"), majorTickLabels(rate, RectangleEdge.LEFT));
        assertTrue(threads.getLabel().contains("threads"));
        assertTrue(rate.getLabel().contains("/s"));
    }

    @Test
    void throughput_everySeriesWithItsOwnBandColourAndDashedCeiling() {
        XYPlot plot = ThroughputChart.all().build(REALISTIC).orElseThrow().getXYPlot();
        XYItemRenderer renderer = plot.getRenderer();

        assertEquals(List.of("in-process SINGLE", "in-process TWO_LEVEL", "HTTP SINGLE", "HTTP TWO_LEVEL",
                "HTTP transport ceiling (GET /health)"), seriesKeys(plot.getDataset()));
        for (int i = 0; i < 5; i++) {
            assertEquals(renderer.getSeriesPaint(i), ((org.jfree.chart.renderer.xy.AbstractXYItemRenderer) renderer)
                    .getSeriesFillPaint(i), "band colour of series " + i);
        }
        assertFalse(dashed(renderer, 0));
        assertTrue(dashed(renderer, 4));
    }

    @Test
    void throughput_bandIsPlusMinusOneStandardDeviation() {
        XYPlot plot = ThroughputChart.all().build(REALISTIC).orElseThrow().getXYPlot();
        org.jfree.data.xy.IntervalXYDataset dataset = (org.jfree.data.xy.IntervalXYDataset) plot.getDataset();
        PointSummary first = REALISTIC.series().get(0).points().get(0);

        assertEquals(first.mean(RunColumns.THROUGHPUT) - first.sd(RunColumns.THROUGHPUT), dataset.getStartYValue(0, 0),
                1e-6);
        assertEquals(first.mean(RunColumns.THROUGHPUT) + first.sd(RunColumns.THROUGHPUT), dataset.getEndYValue(0, 0),
                1e-6);
    }

    @Test
    void throughputHttp_linearRateWithHttpSeriesAndCeilingOnly() {
        JFreeChart chart = ThroughputChart.http().build(REALISTIC).orElseThrow();
        XYPlot plot = chart.getXYPlot();

        assertInstanceOf(NumberAxis.class, plot.getRangeAxis());
        assertFalse(plot.getRangeAxis() instanceof LogAxis);
        assertEquals(List.of("HTTP SINGLE", "HTTP TWO_LEVEL", "HTTP transport ceiling (GET /health)"),
                seriesKeys(plot.getDataset()));
        assertTrue(dashed(plot.getRenderer(), 2));
    }

    @Test
    void throughput_zeroValue_isLeftOutAndTheChartSaysSo() {
        Results results = Results.of(SummaryRows.parse(List.of(SummaryRows.row("local SINGLE", 1, 0, 1),
                SummaryRows.row("local SINGLE", 2, 800_000, 2))));

        JFreeChart chart = ThroughputChart.all().build(results).orElseThrow();

        assertEquals(1, chart.getXYPlot().getDataset().getItemCount(0));
        assertTrue(subtitles(chart).contains("1 point with a zero or negative value not shown (log scale)"),
                subtitles(chart).toString());
    }

    @Test
    void throughput_noThroughputAnywhere_isNotDrawn() {
        Results results = Results.of(SummaryRows.parse(List.of(SummaryRows.row("local SINGLE", 1, 1, 1,
                Map.of("throughput_per_s_mean", "")))));

        assertTrue(ThroughputChart.all().build(results).isEmpty());
    }

    @Test
    void latency_meanAndP99PanelsSharingThreads_legendOncePerSeries() {
        JFreeChart chart = new LatencyChart().build(REALISTIC).orElseThrow();
        CombinedDomainXYPlot plot = assertInstanceOf(CombinedDomainXYPlot.class, chart.getPlot());

        assertEquals(2, plot.getSubplots().size());
        assertTrue(plot.getSubplots().get(0).getRangeAxis().getLabel().startsWith("Mean latency"));
        assertTrue(plot.getSubplots().get(1).getRangeAxis().getLabel().startsWith("p99 latency"));
        assertEquals(List.of("100 µs", "1 ms", "10 ms", "100 ms", "1 s"),
                majorTickLabels(plot.getSubplots().get(1).getRangeAxis(), RectangleEdge.LEFT).subList(1, 6));
        List<String> legend = legendLabels(plot);
        assertEquals(7, legend.size());
        assertEquals(LatencyChart.DERIVED_KEY, legend.get(6));
    }

    @Test
    void latency_meanPanel_recordedSolidBesideDerivedDottedAndSaysSo() {
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) new LatencyChart().build(REALISTIC).orElseThrow().getPlot();
        XYPlot means = plot.getSubplots().get(0);
        PointSummary first = REALISTIC.series().get(0).points().get(0);

        assertEquals("in-process SINGLE mean", means.getDataset().getSeriesKey(0));
        assertFalse(dashed(means.getRenderer(), 0));
        assertEquals("in-process SINGLE threads / throughput (derived)", means.getDataset().getSeriesKey(1));
        assertTrue(dashed(means.getRenderer(), 1));
        assertEquals(first.point().threads() / first.mean(RunColumns.THROUGHPUT) * 1e6,
                means.getDataset().getYValue(1, 0), 1e-3);
        XYPlot p99 = plot.getSubplots().get(1);
        for (int i = 0; i < p99.getDataset().getSeriesCount(); i++) {
            assertFalse(p99.getDataset().getSeriesKey(i).toString().contains("derived"));
        }
    }

    @Test
    void percentiles_defaultIsFirstInProcessSeries_withFiveLines() {
        JFreeChart chart = new PercentileChart(PercentileChart.defaultSeries(REALISTIC).orElseThrow())
                .build(REALISTIC).orElseThrow();

        assertTrue(chart.getTitle().getText().endsWith("in-process SINGLE"), chart.getTitle().getText());
        assertEquals(List.of("p50 (median)", "p90", "p99", "p99.9", "max"), seriesKeys(chart.getXYPlot().getDataset()));
    }

    @Test
    void percentiles_chosenSeries_isShown() {
        JFreeChart chart = new PercentileChart(HTTP_TWO_LEVEL).build(REALISTIC).orElseThrow();

        assertTrue(chart.getTitle().getText().endsWith("HTTP TWO_LEVEL"), chart.getTitle().getText());
        PointSummary last = REALISTIC.find(HTTP_TWO_LEVEL).orElseThrow().points().get(10);
        assertEquals(last.mean(RunColumns.LATENCY.max()), chart.getXYPlot().getDataset().getYValue(4, 10));
    }

    @Test
    void percentiles_missingSeries_isNotDrawn() {
        assertTrue(new PercentileChart(Series.parse("local open SINGLE")).build(REALISTIC).isEmpty());
    }

    @Test
    void defaultSeries_whatIsPresent_prefersLocalThenHttpBookstoreThenAnything() {
        assertEquals(Series.parse("local SINGLE"), PercentileChart.defaultSeries(REALISTIC).orElseThrow());
        Results httpOnly = new Results(REALISTIC.select(s -> s.series().mode() == Mode.HTTP), List.of());
        assertEquals(Series.parse("http SINGLE"), PercentileChart.defaultSeries(httpOnly).orElseThrow());
        Results healthOnly = new Results(REALISTIC.select(s -> s.series().isCeiling()), List.of());
        assertEquals(Series.ceiling(), PercentileChart.defaultSeries(healthOnly).orElseThrow());
        assertTrue(PercentileChart.defaultSeries(new Results(List.of(), List.of())).isEmpty());
    }

    @Test
    void latencyVsThroughput_pointsInThreadOrderLabelledWithThreads() {
        XYPlot plot = new LatencyThroughputChart().build(REALISTIC).orElseThrow().getXYPlot();
        SeriesData local = REALISTIC.series().get(0);

        XYDataset dataset = plot.getDataset();
        for (int item = 0; item < local.points().size(); item++) {
            assertEquals(local.points().get(item).mean(RunColumns.THROUGHPUT), dataset.getXValue(0, item));
            assertEquals(local.points().get(item).mean(RunColumns.LATENCY.mean()), dataset.getYValue(0, item));
        }
        assertEquals("2000", plot.getRenderer().getDefaultItemLabelGenerator().generateLabel(dataset, 0, 10));
        assertInstanceOf(LogAxis.class, plot.getDomainAxis());
    }

    @Test
    void interaction_threePanels_meanSolidP99Dashed_noCeiling() {
        JFreeChart chart = new InteractionChart().build(REALISTIC).orElseThrow();
        CombinedDomainXYPlot plot = assertInstanceOf(CombinedDomainXYPlot.class, chart.getPlot());

        assertEquals(3, plot.getSubplots().size());
        XYPlot customer = plot.getSubplots().get(0);
        assertEquals(8, customer.getDataset().getSeriesCount());
        assertEquals("in-process SINGLE mean", customer.getDataset().getSeriesKey(0));
        assertFalse(dashed(customer.getRenderer(), 0));
        assertEquals("in-process SINGLE p99", customer.getDataset().getSeriesKey(1));
        assertTrue(dashed(customer.getRenderer(), 1));
        assertEquals(List.of("in-process SINGLE", "in-process TWO_LEVEL", "HTTP SINGLE", "HTTP TWO_LEVEL",
                "solid: mean", "dashed: p99"), legendLabels(plot));
    }

    @Test
    void sanity_referenceLinesAtOneAndSixtyPercent_noCeiling() {
        CombinedDomainXYPlot plot = (CombinedDomainXYPlot) new SanityChart().build(REALISTIC).orElseThrow().getPlot();
        XYPlot success = plot.getSubplots().get(0);
        XYPlot share = plot.getSubplots().get(1);

        assertEquals(4, success.getDataset().getSeriesCount());
        assertTrue(markerValues(success).contains(1.0));
        assertTrue(markerValues(share).contains(0.6));
        assertTrue(success.getRangeAxis().getRange().contains(1.0));
        assertTrue(share.getRangeAxis().getRange().contains(0.62) && share.getRangeAxis().getRange().contains(0.58));
    }

    private static List<Double> markerValues(XYPlot plot) {
        return markerValues(plot.getRangeMarkers(Layer.BACKGROUND));
    }

    private static List<Double> markerValues(Collection<?> markers) {
        List<Double> values = new ArrayList<>();
        for (Object marker : markers == null ? List.of() : markers) {
            if (marker instanceof ValueMarker value) {
                values.add(value.getValue());
            }
        }
        return values;
    }

    @Test
    void offeredLatency_threePercentilePanels_serviceDashedBesideP99_peaksMarked() {
        JFreeChart chart = new OfferedLatencyChart().build(OPEN).orElseThrow();
        CombinedDomainXYPlot plot = assertInstanceOf(CombinedDomainXYPlot.class, chart.getPlot());

        assertEquals(List.of("p50 (log scale)", "p99 (log scale)", "p99.9 (log scale)"), plot.getSubplots().stream()
                .map(p -> p.getRangeAxis().getLabel()).toList());
        assertTrue(plot.getDomainAxis().getLabel().startsWith("Offered load"));
        XYPlot p99 = plot.getSubplots().get(1);
        assertEquals(List.of("in-process SINGLE, open loop latency", "in-process SINGLE, open loop service time",
                "HTTP TWO_LEVEL, open loop latency", "HTTP TWO_LEVEL, open loop service time"), seriesKeys(p99.getDataset()));
        assertFalse(dashed(p99.getRenderer(), 0));
        assertTrue(dashed(p99.getRenderer(), 1));
        PointSummary at80 = OPEN.open().series().get(0).points().get(2);
        assertEquals(0.8 * OpenResults.LOCAL_PEAK, p99.getDataset().getXValue(0, 2), 1e-6);
        assertEquals(at80.mean(RunColumns.LATENCY.p99()), p99.getDataset().getYValue(0, 2), 1e-6);
        assertEquals(List.of(OpenResults.LOCAL_PEAK, OpenResults.HTTP_PEAK), markerValues(p99.getDomainMarkers(
                Layer.FOREGROUND)));
        assertTrue(legendLabels(plot).contains("dashed: service time, from the actual start"), legendLabels(plot).toString());
    }

    @Test
    void offeredLatency_closedResultsOnly_isNotDrawn() {
        assertTrue(new OfferedLatencyChart().build(REALISTIC).isEmpty());
        assertTrue(new OfferedThroughputChart().build(REALISTIC).isEmpty());
    }

    @Test
    void offeredThroughput_bothModesLogLogWithDiagonalAndPeaks() {
        XYPlot plot = new OfferedThroughputChart().build(OPEN).orElseThrow().getXYPlot();

        assertInstanceOf(LogAxis.class, plot.getDomainAxis());
        assertInstanceOf(LogAxis.class, plot.getRangeAxis());
        assertEquals(List.of("in-process SINGLE, open loop", "HTTP TWO_LEVEL, open loop", "achieved = offered"),
                seriesKeys(plot.getDataset()));
        XYDataset dataset = plot.getDataset();
        assertEquals(dataset.getXValue(2, 0), dataset.getYValue(2, 0));
        assertEquals(dataset.getXValue(2, 1), dataset.getYValue(2, 1));
        assertEquals(OpenResults.LOCAL_PEAK, dataset.getYValue(0, 4), 1e-6);
        assertEquals(1.2 * OpenResults.LOCAL_PEAK, dataset.getXValue(0, 4), 1e-6);
        assertEquals(List.of(OpenResults.LOCAL_PEAK, OpenResults.HTTP_PEAK), markerValues(plot.getRangeMarkers(
                Layer.FOREGROUND)));
    }

    @Test
    void timeline_defaultPoint_isTheOpenPointNearestEightyPercentOfPeak() {
        TimelineChart timeline = new TimelineChart(Double.NaN);

        assertEquals(new TimelineChart.Pick(OpenResults.timelinePoint(), 1), timeline.pick(OPEN).orElseThrow());
        JFreeChart chart = timeline.build(OPEN).orElseThrow();
        CombinedDomainXYPlot plot = assertInstanceOf(CombinedDomainXYPlot.class, chart.getPlot());
        XYPlot throughput = plot.getSubplots().get(0);
        XYPlot p99 = plot.getSubplots().get(1);

        assertEquals(10, throughput.getDataset().getItemCount(0));
        assertEquals(0.0, throughput.getDataset().getYValue(0, 5), 1e-9);
        assertEquals(800_000, throughput.getDataset().getYValue(0, 0), 1e-6);
        assertEquals(9, p99.getDataset().getItemCount(0), "the stalled interval has no latency to draw");
        assertEquals(100_000, p99.getDataset().getYValue(0, 5), 1e-9);
        assertEquals(List.of("p99 latency", "p99 service time"), seriesKeys(p99.getDataset()));
        assertTrue(dashed(p99.getRenderer(), 1));
        IntervalMarker window = (IntervalMarker) throughput.getDomainMarkers(Layer.BACKGROUND).iterator().next();
        assertEquals(0.2, window.getStartValue(), 1e-9);
        assertEquals(0.8, window.getEndValue(), 1e-9);
        assertEquals(List.of(800_000.0), markerValues(throughput.getRangeMarkers(Layer.FOREGROUND)));
        assertTrue(throughput.getRangeAxis().getRange().contains(800_000), "the offered rate is on the axis");
        assertTrue(chart.getTitle().getText().contains("local open SINGLE at 800,000/s"), chart.getTitle().getText());
    }

    @Test
    void timeline_levelNotInResults_namesThePointsThatHaveIntervals() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TimelineChart(1234).pick(OPEN));

        assertEquals("timeline point 1234.0 is not in the results (points with intervals: local open SINGLE at"
                + " 800,000/s (pool 4))", e.getMessage());
    }

    @Test
    void timeline_noIntervals_isNotDrawn() {
        assertTrue(new TimelineChart(Double.NaN).build(REALISTIC).isEmpty());
    }

    @Test
    void everyChart_closedAndOpenResults_hasTitleAndLegendBelow() {
        Results all = new Results(Stream.concat(REALISTIC.series().stream(), OPEN.series().stream())
                .toList(), OPEN.intervals());
        for (ChartSpec spec : Charts.specs(all, null, Double.NaN)) {
            JFreeChart chart = spec.build(all).orElseThrow();
            assertNotNull(chart.getTitle(), spec.fileName());
            assertEquals(RectangleEdge.BOTTOM, chart.getLegend().getPosition(), spec.fileName());
            assertTrue(chart.getLegend().getSources()[0].getLegendItems().getItemCount() > 0, spec.fileName());
        }
    }
}
