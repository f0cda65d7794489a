package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.results.SummaryRows;
import java.awt.BasicStroke;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CurveTest {

    private static SeriesData series(List<Map<String, String>> rows) {
        return Results.of(SummaryRows.parse(rows)).series().get(0);
    }

    private static final SeriesStyle STYLE = SeriesStyle.of(Series.parse("local SINGLE"));

    @Test
    void byLevel_rowsOutOfOrder_pointsInThreadOrderWithDeviation() {
        SeriesData s = series(List.of(SummaryRows.row("local SINGLE", 10, 900, 1),
                SummaryRows.row("local SINGLE", 1, 500, 1), SummaryRows.row("local SINGLE", 5, 800, 1)));

        Curve curve = Curve.byLevel(s, RunColumns.THROUGHPUT, "t", STYLE, true, true).orElseThrow();

        assertEquals(List.of(1.0, 5.0, 10.0), curve.points().stream().map(Curve.Point::level).toList());
        assertEquals(List.of(500.0, 800.0, 900.0), curve.points().stream().map(Curve.Point::y).toList());
        assertEquals(25.0, curve.points().get(0).sd(), 1e-9);
        assertEquals(0, curve.skipped());
    }

    @Test
    void byLevel_zeroThroughputOnLogAxis_isSkippedAndCounted() {
        SeriesData s = series(List.of(SummaryRows.row("local SINGLE", 1, 0, 1),
                SummaryRows.row("local SINGLE", 2, 500, 1)));

        Curve curve = Curve.byLevel(s, RunColumns.THROUGHPUT, "t", STYLE, true, true).orElseThrow();

        assertEquals(1, curve.points().size());
        assertEquals(1, curve.skipped());
    }

    @Test
    void byLevel_zeroThroughputOnLinearAxis_isDrawn() {
        SeriesData s = series(List.of(SummaryRows.row("local SINGLE", 1, 0, 1)));

        Curve curve = Curve.byLevel(s, RunColumns.THROUGHPUT, "t", STYLE, true, false).orElseThrow();

        assertEquals(0.0, curve.points().get(0).y());
        assertEquals(0, curve.skipped());
    }

    @Test
    void byLevel_emptyCells_areLeftOutWithoutCounting() {
        SeriesData s = series(List.of(SummaryRows.row("local SINGLE", 1, 500, 1, Map.of("latency_p99_us_mean", "")),
                SummaryRows.row("local SINGLE", 2, 600, 2)));

        Curve curve = Curve.byLevel(s, RunColumns.LATENCY.p99(), "p99", STYLE, true, true).orElseThrow();

        assertEquals(List.of(2.0), curve.points().stream().map(Curve.Point::level).toList());
        assertEquals(0, curve.skipped());
    }

    @Test
    void byLevel_figureNotApplicableToSeries_isEmpty() {
        SeriesData health = series(List.of(SummaryRows.row("http health", 1, 20000, 50)));

        assertEquals(Optional.empty(), Curve.byLevel(health, RunColumns.SUCCESS_RATE, "s", STYLE, true, false));
    }

    @Test
    void byLevel_missingDeviation_isNaN() {
        SeriesData s = series(List.of(SummaryRows.row("local SINGLE", 1, 500, 1, Map.of("throughput_per_s_sd", ""))));

        Curve curve = Curve.byLevel(s, RunColumns.THROUGHPUT, "t", STYLE, true, true).orElseThrow();

        assertTrue(Double.isNaN(curve.points().get(0).sd()));
    }

    @Test
    void byLevel_derivedFigure_isDottedAndLabelledDerived() {
        SeriesData s = series(List.of(SummaryRows.row("local SINGLE", 4, 2e6, 1)));

        Curve derived = Curve.byLevel(s, RunColumns.TIME_PER_INTERACTION, "threads / throughput", STYLE, true, true)
                .orElseThrow();
        Curve recorded = Curve.byLevel(s, RunColumns.LATENCY.mean(), "mean", STYLE, true, true).orElseThrow();

        assertEquals("threads / throughput (derived)", derived.label());
        assertEquals(2.0, derived.points().get(0).y(), 1e-9);
        assertEquals(STYLE.color(), derived.style().color());
        assertNotEquals(null, ((BasicStroke) derived.style().stroke()).getDashArray());
        assertEquals(null, ((BasicStroke) recorded.style().stroke()).getDashArray());
        assertEquals("mean", recorded.label());
    }
}
