package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CurveTest {

    private static SeriesData series(List<Map<String, String>> rows) {
        return Results.of(SummaryCsv.parse("local-summary.csv", SummaryFiles.lines(SummaryFiles.COLUMNS, rows)))
                .series().get(0);
    }

    private static final SeriesStyle STYLE = SeriesStyle.of("local SINGLE", 0);

    @Test
    void byThreads_rowsOutOfOrder_pointsInThreadOrderWithDeviation() {
        SeriesData s = series(List.of(SummaryFiles.row("local SINGLE", 10, 900, 1),
                SummaryFiles.row("local SINGLE", 1, 500, 1), SummaryFiles.row("local SINGLE", 5, 800, 1)));

        Curve curve = Curve.byThreads(s, Metric.THROUGHPUT, "t", STYLE, true).orElseThrow();

        assertEquals(List.of(1, 5, 10), curve.points().stream().map(Curve.Point::threads).toList());
        assertEquals(List.of(500.0, 800.0, 900.0), curve.points().stream().map(Curve.Point::y).toList());
        assertEquals(25.0, curve.points().get(0).sd(), 1e-9);
        assertEquals(0, curve.skipped());
    }

    @Test
    void byThreads_zeroThroughputOnLogAxis_isSkippedAndCounted() {
        SeriesData s = series(List.of(SummaryFiles.row("local SINGLE", 1, 0, 1),
                SummaryFiles.row("local SINGLE", 2, 500, 1)));

        Curve curve = Curve.byThreads(s, Metric.THROUGHPUT, "t", STYLE, true).orElseThrow();

        assertEquals(1, curve.points().size());
        assertEquals(1, curve.skipped());
    }

    @Test
    void byThreads_zeroThroughputOnLinearAxis_isDrawn() {
        SeriesData s = series(List.of(SummaryFiles.row("local SINGLE", 1, 0, 1)));

        Curve curve = Curve.byThreads(s, Metric.THROUGHPUT, "t", STYLE, false).orElseThrow();

        assertEquals(0.0, curve.points().get(0).y());
        assertEquals(0, curve.skipped());
    }

    @Test
    void byThreads_emptyCells_areLeftOutWithoutCounting() {
        SeriesData s = series(List.of(SummaryFiles.row("local SINGLE", 1, 500, 1, Map.of("latency_p99_us_mean", "")),
                SummaryFiles.row("local SINGLE", 2, 600, 2)));

        Curve curve = Curve.byThreads(s, Metric.LATENCY_P99, "p99", STYLE, true).orElseThrow();

        assertEquals(List.of(2), curve.points().stream().map(Curve.Point::threads).toList());
        assertEquals(0, curve.skipped());
    }

    @Test
    void byThreads_metricNotApplicableToSeries_isEmpty() {
        SeriesData health = series(List.of(SummaryFiles.row("http health", 1, 20000, 50)));

        assertEquals(Optional.empty(), Curve.byThreads(health, Metric.SUCCESS_RATE, "s", STYLE, false));
    }

    @Test
    void of_missingDeviation_isNaN() {
        SeriesData s = series(List.of(SummaryFiles.row("local SINGLE", 1, 500, 1, Map.of("throughput_per_s_sd", ""))));

        Curve curve = Curve.byThreads(s, Metric.THROUGHPUT, "t", STYLE, true).orElseThrow();

        assertTrue(Double.isNaN(curve.points().get(0).sd()));
    }
}
