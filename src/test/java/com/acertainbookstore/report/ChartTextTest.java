package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.jfree.chart.JFreeChart;
import org.junit.jupiter.api.Test;

/**
 * No two texts drawn on any chart overlap (from the drawn text's bounds, {@link TextRecorder}):
 * on the committed reference results, whose in-process points crowd together (1 to 2000 threads
 * within a factor of two of throughput), and on made-up closed and open results.
 */
class ChartTextTest {

    @Test
    void everyChart_committedReferenceResults_noTwoTextsOverlap() {
        Results reference = Results.load(Path.of("workload/results"));

        assertNoOverlap(reference, 8);
    }

    @Test
    void everyChart_closedAndOpenResults_noTwoTextsOverlap() {
        Results realistic = Results.load(SummaryFiles.fixture("realistic"));
        Results all = new Results(Stream.concat(realistic.series().stream(),
                OpenResults.results().series().stream()).toList(), OpenResults.intervals());

        assertNoOverlap(all, 10);
    }

    private static void assertNoOverlap(Results results, int expectedCharts) {
        List<String> drawn = new ArrayList<>();
        for (ChartSpec spec : Charts.specs(results, null, Double.NaN)) {
            Optional<JFreeChart> chart = spec.build(results);
            if (chart.isPresent()) {
                drawn.add(spec.fileName());
                try {
                    FaultChartTest.assertNoOverlap(TextRecorder.draw(chart.get(), spec.width(), spec.height(results)));
                } catch (AssertionError e) {
                    throw new AssertionError(spec.fileName() + ": " + e.getMessage(), e);
                }
            }
        }
        assertTrue(drawn.size() >= expectedCharts, "charts drawn: " + drawn);
    }
}
