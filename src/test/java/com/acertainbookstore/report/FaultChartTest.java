package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Latency;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.Series;
import java.awt.BasicStroke;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.annotations.XYTextAnnotation;
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The fault chart: each fault's t50 and t90 marked where they are, and the two levels they wait for. */
class FaultChartTest {

    private static final Point POINT = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 100);

    /** Twelve 1 s intervals of repetition 1, the window from 0.5 s to 11.5 s. */
    private static Results results() {
        long[] successes = {900, 1000, 1000, 1000, 0, 600, 950, 1000, 0, 700, 800, 800};
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < successes.length; i++) {
            intervals.add(new Interval(POINT, 1, i, i + 1, 0.5, 11.5, successes[i], 0, 0, 0, Latency.NONE,
                    Latency.NONE, 0));
        }
        return new Results(List.of(), intervals);
    }

    /** A kill back at 50 % after 1.5 s and 90 % after 2.5 s; a pause back at 50 % after 1.2 s, never at 90 %. */
    private static List<FaultRow> rows() {
        return List.of(new FaultRow(POINT, 1, "kill-leader@3", "r0", 3.5, 3.6, 1000, 850, 1.5, 2.5, 10, 2, 1),
                new FaultRow(POINT, 1, "pause-leader@7:1", "r2", 7.8, 8.8, 1000, 767, 1.2, Double.NaN, 4, 0, 0));
    }

    @Test
    void build_twoFaults_marksEachT50AndT90AndTheFiftyAndNinetyPercentLevels() {
        JFreeChart chart = FaultChart.of(rows()).get(0).build(results()).orElseThrow();
        CombinedDomainXYPlot plot = assertInstanceOf(CombinedDomainXYPlot.class, chart.getPlot());
        XYPlot throughput = plot.getSubplots().get(1);
        XYPlot p99 = plot.getSubplots().get(2);

        List<Marker> top = markers(throughput.getDomainMarkers(Layer.FOREGROUND));
        assertEquals(List.of(5.0, 6.0, 9.0), top.stream().map(m -> ((ValueMarker) m).getValue()).toList(),
                "kill: 3.5 + 1.5 and 3.5 + 2.5; pause: 7.8 + 1.2, no t90");
        assertTrue(top.stream().allMatch(m -> m.getLabel() == null), "the lines carry no text");
        float[] t50 = ((BasicStroke) top.get(0).getStroke()).getDashArray();
        float[] t90 = ((BasicStroke) top.get(1).getStroke()).getDashArray();
        assertTrue(t50 != null && t90 != null && !Arrays.equals(t50, t90), "t50 dashed, t90 dotted");
        assertEquals(3, markers(p99.getDomainMarkers(Layer.FOREGROUND)).size(), "the same lines below");
        assertEquals(List.of(500.0, 900.0), markers(throughput.getRangeMarkers(Layer.FOREGROUND)).stream()
                .map(m -> ((ValueMarker) m).getValue()).toList(), "50 % and 90 % of the pre-fault 1,000/s");
        assertEquals("50 % of 1,000/s", markers(throughput.getRangeMarkers(Layer.FOREGROUND)).get(0).getLabel());
        assertTrue(throughput.getRangeAxis().getRange().contains(1000));
    }

    @Test
    void build_twoFaults_numbersEachBandAndListsItInTheTable() {
        ChartSpec spec = FaultChart.of(rows()).get(0);
        JFreeChart chart = spec.build(results()).orElseThrow();
        XYPlot strip = ((CombinedDomainXYPlot) chart.getPlot()).getSubplots().get(0);

        List<XYTextAnnotation> numbers = strip.getAnnotations().stream().map(XYTextAnnotation.class::cast).toList();
        assertEquals(List.of("1", "2"), numbers.stream().map(XYTextAnnotation::getText).toList());
        assertEquals(List.of(3.5, 7.8), numbers.stream().map(XYTextAnnotation::getX).toList(), "at each start");
        List<TextRecorder.Text> texts = TextRecorder.draw(chart, spec.width(), spec.height(results()));
        assertEquals(List.of("#", "fault as planned", "replica", "start", "lasted", "t50", "t90", "failed (unknown)",
                "elections"), row(texts, "fault as planned"));
        assertEquals(List.of("1", "kill-leader@3", "r0", "3.5 s", "0.1 s", "1.50 s", "2.50 s", "10 (2)", "1"),
                row(texts, "kill-leader@3"));
        assertEquals(List.of("2", "pause-leader@7:1", "r2", "7.8 s", "1.0 s", "1.20 s", "not reached", "4 (0)", "0"),
                row(texts, "pause-leader@7:1"));
    }

    /** The texts drawn on the line of {@code cell}, left to right. */
    private static List<String> row(List<TextRecorder.Text> texts, String cell) {
        TextRecorder.Text anchor = texts.stream().filter(t -> t.text().equals(cell)).findFirst().orElseThrow();
        return texts.stream().filter(t -> Math.abs(t.bounds().getCenterY() - anchor.bounds().getCenterY()) < 1)
                .sorted(java.util.Comparator.comparingDouble(t -> t.bounds().getMinX())).map(TextRecorder.Text::text)
                .toList();
    }

    @Test
    void writeAll_aFaultsFile_drawsTheChartOfItsFirstRepetition(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        FaultsFile.write(dir.resolve("http-faults.csv"), rows());

        List<Path> written = FaultCharts.writeAll(dir, results(), dir.resolve("plots"));

        assertEquals(List.of(dir.resolve("plots/faults-http-TWO_LEVEL-threads100.png")), written);
        assertTrue(Files.size(written.get(0)) > 10_000);
    }

    /**
     * {@code count} faults over a 300 s window of 1 s intervals, as a random schedule draws them:
     * every fourth a kill followed 1.5 s later by its restart, the others pauses and partitions of
     * 1 to 4 s; every fifth never back at 90 %.
     */
    static List<FaultRow> manyFaults(int count) {
        List<FaultRow> faults = new ArrayList<>();
        double every = 290.0 / count;
        for (int k = 0; k < count; k++) {
            double start = 5 + k * every;
            String fault;
            double seconds;
            if (k % 4 == 0) {
                fault = String.format(java.util.Locale.ROOT, "kill-leader@%.1f", start);
                seconds = 0;
            } else if (k % 4 == 1) {
                start = faults.get(k - 1).startSeconds() + 1.5;
                fault = String.format(java.util.Locale.ROOT, "restart@%.1f", start);
                seconds = 1.2;
            } else {
                seconds = 1 + k % 3;
                fault = String.format(java.util.Locale.ROOT, "%s@%.1f:%.0f", k % 4 == 2 ? "pause-leader"
                        : "isolate-follower", start, seconds);
            }
            faults.add(new FaultRow(POINT, 1, fault, "r" + k % 3, start, start + seconds, 1000, 900, 0.5 + k % 3,
                    k % 5 == 4 ? Double.NaN : 2.5 + k % 4, 10L * k, k % 3, k % 4 == 0 ? 1 : 0));
        }
        return faults;
    }

    /** The intervals of {@link #manyFaults}: 1 s each, throughput between 0 and 1,100/s. */
    static Results manyIntervals() {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            long successes = i % 7 == 3 ? 0 : 800 + (i * 37) % 300;
            intervals.add(new Interval(POINT, 1, i, i + 1, 1, 299, successes, 0, 0, 0,
                    new Latency(1000 + i, 900, 2000, 5000 + (i * 53) % 40_000, 60_000, 90_000), Latency.NONE, 0));
        }
        return new Results(List.of(), intervals);
    }

    @ParameterizedTest(name = "{0} faults")
    @ValueSource(ints = {4, 20, 50})
    void draw_manyFaults_noTwoTextsOverlap(int count) {
        ChartSpec spec = FaultChart.of(manyFaults(count)).get(0);
        JFreeChart chart = spec.build(manyIntervals()).orElseThrow();

        List<TextRecorder.Text> texts = TextRecorder.draw(chart, spec.width(), spec.height(manyIntervals()));

        assertNoOverlap(texts);
    }

    /** Fails naming the first two texts that overlap by more than half a pixel each way. */
    static void assertNoOverlap(List<TextRecorder.Text> texts) {
        for (int i = 0; i < texts.size(); i++) {
            for (int j = i + 1; j < texts.size(); j++) {
                if (texts.get(i).overlaps(texts.get(j), 0.5)) {
                    fail(texts.get(i) + " overlaps " + texts.get(j) + " (" + texts.size() + " texts drawn)");
                }
            }
        }
    }

    private static List<Marker> markers(Collection<?> markers) {
        List<Marker> list = new ArrayList<>();
        for (Object marker : markers == null ? List.of() : markers) {
            list.add((Marker) marker);
        }
        return list;
    }
}
