package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
import org.jfree.chart.plot.CombinedDomainXYPlot;
import org.jfree.chart.plot.Marker;
import org.jfree.chart.plot.ValueMarker;
import org.jfree.chart.plot.XYPlot;
import org.jfree.chart.title.TextTitle;
import org.jfree.chart.ui.Layer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        XYPlot throughput = plot.getSubplots().get(0);
        XYPlot p99 = plot.getSubplots().get(1);

        List<Marker> top = markers(throughput.getDomainMarkers(Layer.FOREGROUND));
        assertEquals(List.of(5.0, 6.0, 9.0), top.stream().map(m -> ((ValueMarker) m).getValue()).toList(),
                "kill: 3.5 + 1.5 and 3.5 + 2.5; pause: 7.8 + 1.2, no t90");
        assertEquals(List.of(FaultChart.T50, FaultChart.T90, FaultChart.T50), top.stream().map(Marker::getLabel)
                .toList());
        float[] t50 = ((BasicStroke) top.get(0).getStroke()).getDashArray();
        float[] t90 = ((BasicStroke) top.get(1).getStroke()).getDashArray();
        assertTrue(t50 != null && t90 != null && !Arrays.equals(t50, t90), "t50 dashed, t90 dotted");
        assertEquals(3, markers(p99.getDomainMarkers(Layer.FOREGROUND)).size(), "the same lines below, unlabelled");
        assertEquals(List.of(500.0, 900.0), markers(throughput.getRangeMarkers(Layer.FOREGROUND)).stream()
                .map(m -> ((ValueMarker) m).getValue()).toList(), "50 % and 90 % of the pre-fault 1,000/s");
        assertEquals("50 % of 1,000/s", markers(throughput.getRangeMarkers(Layer.FOREGROUND)).get(0).getLabel());
        assertTrue(throughput.getRangeAxis().getRange().contains(1000));
        List<String> notes = chart.getSubtitles().stream().filter(TextTitle.class::isInstance)
                .map(t -> ((TextTitle) t).getText()).toList();
        assertTrue(notes.contains("kill-leader@3 (r0): t50 1.50 s, t90 2.50 s, 10 failed (2 unknown), 1 election"),
                notes.toString());
        assertTrue(notes.contains("pause-leader@7:1 (r2): t50 1.20 s, t90 not reached, 4 failed (0 unknown), 0"
                + " elections"), notes.toString());
    }

    @Test
    void writeAll_aFaultsFile_drawsTheChartOfItsFirstRepetition(@TempDir Path dir) throws Exception {
        System.setProperty("java.awt.headless", "true");
        FaultsFile.write(dir.resolve("http-faults.csv"), rows());

        List<Path> written = FaultCharts.writeAll(dir, results(), dir.resolve("plots"));

        assertEquals(List.of(dir.resolve("plots/faults-http-TWO_LEVEL-threads100.png")), written);
        assertTrue(Files.size(written.get(0)) > 10_000);
    }

    private static List<Marker> markers(Collection<?> markers) {
        List<Marker> list = new ArrayList<>();
        for (Object marker : markers == null ? List.of() : markers) {
            list.add((Marker) marker);
        }
        return list;
    }
}
