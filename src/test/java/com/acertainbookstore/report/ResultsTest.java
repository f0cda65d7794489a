package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
                results.series().stream().map(SeriesData::name).toList());
        assertEquals(List.of(1, 10, 100),
                results.series().get(0).rows().stream().map(SummaryRow::threads).toList());
    }

    @Test
    void load_missingLocalFile_readsHttpOnly(@TempDir Path dir) {
        SummaryFiles.write(dir, "http", List.of(SummaryFiles.row("http SINGLE", 1, 1500, 700)));

        Results results = Results.load(dir);

        assertEquals(List.of("http SINGLE"), results.series().stream().map(SeriesData::name).toList());
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
    void of_samePointTwice_namesBothLines() {
        List<SummaryRow> rows = SummaryCsv.parse("local-summary.csv", SummaryFiles.lines(SummaryFiles.COLUMNS,
                List.of(SummaryFiles.row("local SINGLE", 5, 1e6, 5), SummaryFiles.row("local SINGLE", 5, 1e6, 5))));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> Results.of(rows));

        assertEquals("local-summary.csv:3: a second row for series 'local SINGLE' at 5 threads (the first is at"
                + " local-summary.csv:2)", e.getMessage());
    }

    @Test
    void find_absentSeries_isEmpty() {
        assertEquals(Optional.empty(), Results.load(SummaryFiles.fixture("small")).find("local FAIR"));
    }

    @Test
    void seriesData_healthAndLocalSeries_reportCeilingModeAndMetrics() {
        Results results = Results.load(SummaryFiles.fixture("small"));
        SeriesData health = results.find(SeriesData.CEILING).orElseThrow();
        SeriesData local = results.find("local TWO_LEVEL").orElseThrow();

        assertTrue(health.isCeiling());
        assertTrue(health.isHttp());
        assertTrue(health.has(Metric.THROUGHPUT));
        assertFalse(health.has(Metric.SUCCESS_RATE));
        assertFalse(local.isHttp());
        assertTrue(local.has(Metric.CUSTOMER_P99));
    }

    @Test
    void label_knownAndUnknownNames_friendlyOrUnchanged() {
        assertEquals("HTTP transport ceiling (GET /health)", SeriesData.label("http health"));
        assertEquals("in-process TWO_LEVEL", SeriesData.label("local TWO_LEVEL"));
        assertEquals("HTTP SINGLE", SeriesData.label("http SINGLE"));
        assertEquals("grpc SINGLE", SeriesData.label("grpc SINGLE"));
    }

    @Test
    void deviation_meanColumn_isItsSdPartner() {
        assertEquals(Optional.of(Metric.THROUGHPUT_SD), Metric.THROUGHPUT.deviation());
        assertEquals(Optional.of(Metric.LATENCY_P999_SD), Metric.LATENCY_P999.deviation());
        assertEquals(Optional.empty(), Metric.CUSTOMER_P99.deviation());
        assertEquals(Optional.empty(), Metric.THROUGHPUT_SD.deviation());
    }
}
