package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.ResultsFormatException;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.results.SummaryRows;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultsTest {

    @Test
    void load_bothFiles_inProcessSeriesFirstInFileOrder() {
        Results results = Results.load(SummaryFiles.fixture("small"));

        assertEquals(List.of("local SINGLE", "local TWO_LEVEL", "http SINGLE", "http TWO_LEVEL", "http health"),
                results.series().stream().map(s -> s.series().name()).toList());
        assertEquals(List.of(1, 10, 100),
                results.series().get(0).points().stream().map(p -> p.point().threads()).toList());
    }

    @Test
    void load_missingLocalFile_readsHttpOnly(@TempDir Path dir) {
        SummaryRows.write(dir, "http", List.of(SummaryRows.row("http SINGLE", 1, 1500, 700)));

        Results results = Results.load(dir);

        assertEquals(List.of("http SINGLE"), results.series().stream().map(s -> s.series().name()).toList());
    }

    @Test
    void load_noSummaryFile_saysRunTheHarness(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(dir));

        assertEquals("results directory " + dir + " holds no *-summary.csv file: run the workload harness first",
                e.getMessage());
    }

    @Test
    void load_missingDirectory_saysRunTheHarness(@TempDir Path dir) {
        Path missing = dir.resolve("results");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Results.load(missing));

        assertEquals("results directory " + missing + " does not exist: run the workload harness first",
                e.getMessage());
    }

    @Test
    void load_samePointTwice_namesBothLines(@TempDir Path dir) {
        SummaryRows.write(dir, "local", List.of(SummaryRows.row("local SINGLE", 5, 1e6, 5),
                SummaryRows.row("local SINGLE", 5, 1e6, 5)));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> Results.load(dir));

        Path file = dir.resolve("local-summary.csv");
        assertEquals(file + ":3: a second row for series 'local SINGLE' at 5 threads (the first is at " + file + ":2)",
                e.getMessage());
    }

    @Test
    void load_openAndClosedFiles_keepFileOrderAndSplitByLoad(@TempDir Path dir) {
        SummaryRows.write(dir, "http-open", SummaryRows.open("http open SINGLE", 8, 1000, 990, 800, 4000),
                SummaryRows.open("http open SINGLE", 8, 500, 500, 700, 4000));
        SummaryRows.write(dir, "local", SummaryRows.closed("local SINGLE", 2, 1e6, 2));

        Results results = Results.load(dir);

        assertEquals(List.of("local SINGLE", "http open SINGLE"), results.series().stream()
                .map(s -> s.series().name()).toList());
        assertEquals(List.of(500.0, 1000.0), results.open().series().get(0).points().stream()
                .map(p -> p.point().level()).toList());
        assertEquals(List.of("local SINGLE"), results.closed().series().stream().map(s -> s.series().name()).toList());
    }

    @Test
    void find_absentSeries_isEmpty() {
        assertEquals(Optional.empty(), Results.load(SummaryFiles.fixture("small"))
                .find(new Series(Mode.LOCAL, Load.OPEN, Locking.SINGLE)));
    }

    @Test
    void seriesData_healthAndLocalSeries_reportCeilingModeAndFigures() {
        Results results = Results.load(SummaryFiles.fixture("small"));
        SeriesData health = results.find(Series.ceiling()).orElseThrow();
        SeriesData local = results.find(new Series(Mode.LOCAL, Load.CLOSED, Locking.TWO_LEVEL)).orElseThrow();

        assertTrue(health.series().isCeiling());
        assertEquals(Mode.HTTP, health.series().mode());
        assertTrue(health.has(RunColumns.THROUGHPUT));
        assertFalse(health.has(RunColumns.SUCCESS_RATE));
        assertEquals(Mode.LOCAL, local.series().mode());
        assertTrue(local.has(RunColumns.type(InteractionType.CUSTOMER).p99()));
    }

    @Test
    void label_everyKindOfSeries_saysModeLockingAndLoad() {
        assertEquals("HTTP transport ceiling (GET /health)", Series.ceiling().label());
        assertEquals("in-process TWO_LEVEL", Series.parse("local TWO_LEVEL").label());
        assertEquals("HTTP SINGLE", Series.parse("http SINGLE").label());
        assertEquals("HTTP SINGLE, open loop", Series.parse("http open SINGLE").label());
    }
}
