package com.acertainbookstore.workload.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.history.Verdict;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryFileTest {

    @Test
    void header_pointColumnsThenMeanAndSdOfEveryMeasuredNumber() {
        List<String> header = SummaryFile.header();

        assertEquals(List.of("mode", "load", "locking", "series", "threads", "offered_per_s", "repetitions", "measure",
                "arrivals"), header.subList(0, 9));
        for (NumberColumn<Repetition> column : RunColumns.MEASURED) {
            int mean = header.indexOf(column.meanName());
            assertTrue(mean > 0 && header.get(mean + 1).equals(column.sdName()), column.name());
        }
        assertEquals(List.of("failure_causes", "audit", "check", "check_reason"), header.subList(header.size() - 4,
                header.size()));
        assertEquals(9 + 2 * RunColumns.MEASURED.size() + 4, header.size());
    }

    @Test
    void writeThenRead_closedAndOpenSummaries_comeBackEqual(@TempDir Path dir) {
        PointSummary closed = SummaryRows.closed("local SINGLE", 20, 812345.5, 24.6);
        PointSummary ceiling = SummaryRows.closed("http health", 5, 20000, 500);
        PointSummary open = SummaryRows.open("http open TWO_LEVEL", 100, 3500, 3490.5, 800, 7000);
        Map<FailureCause, Long> causes = Map.of(new FailureCause("BookStoreException", FailureKind.ALREADY_IN_STORE, ""),
                3L, new FailureCause("IllegalStateException", FailureKind.OTHER, "odd N, thing"), 1L);
        PointSummary failing = new PointSummary(open.point(), 2, Measure.TIME, Arrivals.POISSON, open.stats(),
                new Failures(causes), AuditOutcome.FAILED, new CheckOutcome(Verdict.UNKNOWN,
                        "repetition 1: time budget (0.0100 s, 512 MiB) spent on part whole store, \"quoted\""));

        Path file = SummaryRows.write(dir, "mixed", closed, ceiling, failing);
        List<PointSummary> read = SummaryFile.read(file);

        assertEquals(3, read.size());
        assertSame(closed, read.get(0));
        assertSame(ceiling, read.get(1));
        assertSame(failing, read.get(2));
        assertEquals(Series.ceiling(), read.get(1).point().series());
        assertEquals(new Series(Mode.HTTP, Load.OPEN, Locking.TWO_LEVEL), read.get(2).point().series());
        assertEquals(3500, read.get(2).point().offeredPerSecond());
        assertEquals(3, read.get(2).failures().of(FailureKind.ALREADY_IN_STORE));
        assertEquals(4, read.get(2).failures().total());
    }

    /** Equal as far as the file's 7 significant digits carry. */
    private static void assertSame(PointSummary expected, PointSummary actual) {
        assertEquals(expected.point(), actual.point());
        assertEquals(expected.repetitions(), actual.repetitions());
        assertEquals(expected.measure(), actual.measure());
        assertEquals(expected.arrivals(), actual.arrivals());
        assertEquals(expected.failures(), actual.failures());
        assertEquals(expected.audit(), actual.audit());
        for (NumberColumn<Repetition> column : RunColumns.MEASURED) {
            assertClose(expected.mean(column), actual.mean(column), column.meanName());
            assertClose(expected.sd(column), actual.sd(column), column.sdName());
        }
    }

    private static void assertClose(double expected, double actual, String what) {
        if (Double.isNaN(expected)) {
            assertTrue(Double.isNaN(actual), what + " = " + actual + ", expected empty");
        } else {
            assertEquals(expected, actual, Math.abs(expected) * 1e-6, what);
        }
    }

    @Test
    void parse_columnsReorderedWithExtraColumn_readsByName() {
        List<String> columns = new ArrayList<>(SummaryRows.COLUMNS);
        Collections.reverse(columns);
        columns.add(7, "note");
        List<String> lines = SummaryRows.lines(columns, List.of(SummaryRows.row("http SINGLE", 50, 6000, 8000,
                Map.of("note", "\"not read, so not checked\""))));

        PointSummary row = SummaryFile.parse("http-summary.csv", lines).get(0);

        assertEquals("http SINGLE", row.point().series().name());
        assertEquals(50, row.point().threads());
        assertEquals(6000, row.mean(RunColumns.THROUGHPUT));
        assertEquals(8000 * 4.5, row.mean(RunColumns.LATENCY.p99()), 1e-9);
    }

    @Test
    void parse_emptyAndNaNCells_areNotApplicable() {
        List<PointSummary> rows = SummaryRows.parse(List.of(
                SummaryRows.row("http health", 10, 20000, 500),
                SummaryRows.row("http SINGLE", 10, 5000, 2000, Map.of("latency_p999_us_mean", "NaN"))));

        assertTrue(Double.isNaN(rows.get(0).mean(RunColumns.SUCCESS_RATE)));
        assertTrue(Double.isNaN(rows.get(0).mean(RunColumns.type(InteractionType.CUSTOMER).mean())));
        assertTrue(rows.get(0).point().series().isCeiling());
        assertEquals(AuditOutcome.NOT_APPLICABLE, rows.get(0).audit());
        assertTrue(Double.isNaN(rows.get(1).mean(RunColumns.LATENCY.p999())));
        assertEquals(1.0, rows.get(1).mean(RunColumns.SUCCESS_RATE));
    }

    @Test
    void parse_missingColumn_namesFileLineAndColumn() {
        List<String> columns = new ArrayList<>(SummaryRows.COLUMNS);
        columns.remove("latency_p90_us_mean");
        List<String> lines = SummaryRows.lines(columns, List.of(SummaryRows.row("local SINGLE", 1, 1e6, 1)));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryFile.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 1: column 'latency_p90_us_mean' is missing from the header",
                e.getMessage());
    }

    @Test
    void parse_notANumber_namesFileLineAndColumn() {
        List<String> lines = SummaryRows.lines(SummaryRows.COLUMNS, List.of(
                SummaryRows.row("local SINGLE", 1, 1e6, 1),
                SummaryRows.row("local SINGLE", 2, 1e6, 2, Map.of("latency_p99_us_mean", "\"12,5\""))));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryFile.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 3 column latency_p99_us_mean: '12,5' is not a number", e.getMessage());
    }

    @Test
    void parse_threadsZero_isRejected() {
        assertRejected(Map.of("threads", "0"), "local-summary.csv line 2 column threads: threads (0) must be >= 1");
    }

    @Test
    void parse_threadsNotWhole_isRejected() {
        assertRejected(Map.of("threads", "2.5"), "local-summary.csv line 2 column threads: '2.5' is not a whole number");
    }

    @Test
    void parse_emptySeriesCell_isRejected() {
        assertRejected(Map.of("series", " "), "local-summary.csv line 2 column series: the cell is empty");
    }

    @Test
    void parse_unknownSeries_namesTheFormItMustHave() {
        assertRejected(Map.of("series", "grpc SINGLE"), "local-summary.csv line 2 column series: series 'grpc SINGLE'"
                + " is not of the form '<local|http> [open] <SINGLE|TWO_LEVEL>' or 'http health' ('grpc' must be one"
                + " of local, http)");
    }

    @Test
    void parse_modeCellDisagreeingWithSeries_isRejected() {
        assertRejected(Map.of("mode", "http"), "local-summary.csv line 2 column mode: 'http' does not match series"
                + " 'local SINGLE' (expected 'local')");
    }

    @Test
    void parse_openRowWithoutOfferedRate_isRejected() {
        Map<String, String> open = SummaryFile.cells(SummaryRows.open("local open SINGLE", 4, 500, 500, 10, 1000));
        open.put("offered_per_s", "");

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryRows.parse(List.of(open)));

        assertEquals("local-summary.csv line 2 column offered_per_s: an open-loop row needs an offered rate > 0, got ''",
                e.getMessage());
    }

    @Test
    void parse_malformedFailureCauses_namesTheColumn() {
        assertRejected(Map.of("failure_causes", "BookStoreException: timeout"), "local-summary.csv line 2 column"
                + " failure_causes: failure count 'BookStoreException: timeout' is not of the form 'cause=count' with"
                + " count >= 1");
    }

    private static void assertRejected(Map<String, String> overrides, String message) {
        List<Map<String, String>> rows = List.of(SummaryRows.row("local SINGLE", 1, 1e6, 1, overrides));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> SummaryRows.parse(rows));

        assertEquals(message, e.getMessage());
    }

    @Test
    void parse_rowWithTooFewCells_namesLineAndCounts() {
        List<String> lines = List.of(String.join(",", SummaryRows.COLUMNS), "local,closed,SINGLE,local SINGLE,1,,3");

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryFile.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2: 7 cells, but the header has " + SummaryRows.COLUMNS.size() + " columns",
                e.getMessage());
    }

    @Test
    void parse_unclosedQuote_namesLine() {
        List<String> lines = List.of(String.join(",", SummaryRows.COLUMNS), "local,closed,SINGLE,\"local SINGLE,1");

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryFile.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2: a quoted cell is not closed", e.getMessage());
    }

    @Test
    void read_emptyFile_namesFileAndSaysHeaderMissing(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("local-summary.csv"));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> SummaryFile.read(file));

        assertEquals(file + " line 1: the file is empty, expected a header row", e.getMessage());
    }

    @Test
    void read_headerOnly_hasNoRows(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("http-summary.csv"), String.join(",", SummaryRows.COLUMNS) + "\n\n");

        assertEquals(List.of(), SummaryFile.read(file));
    }

    @Test
    void read_byteOrderMarkAndWindowsLineEnds_areAccepted(@TempDir Path dir) throws Exception {
        List<String> lines = SummaryRows.lines(SummaryRows.COLUMNS, List.of(SummaryRows.row("local SINGLE", 5, 9e5, 6)));
        Path file = Files.writeString(dir.resolve("local-summary.csv"), "\uFEFF" + String.join("\r\n", lines) + "\r\n");

        List<PointSummary> rows = SummaryFile.read(file);

        assertEquals(1, rows.size());
        assertEquals(6 * 40, rows.get(0).mean(RunColumns.LATENCY.max()), 1e-9);
    }

    @Test
    void read_missingFile_namesFile(@TempDir Path dir) {
        Path file = dir.resolve("local-summary.csv");

        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> SummaryFile.read(file));

        assertTrue(e.getMessage().startsWith("cannot read results file " + file), e.getMessage());
    }
}
