package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SummaryCsvTest {

    /** The header the harness writes, copied from the format agreed with it. */
    private static final String CONTRACT_HEADER = "mode,locking,series,threads,repetitions,"
            + "throughput_per_s_mean,throughput_per_s_sd,latency_mean_us_mean,latency_mean_us_sd,"
            + "latency_p50_us_mean,latency_p50_us_sd,latency_p90_us_mean,latency_p90_us_sd,"
            + "latency_p99_us_mean,latency_p99_us_sd,latency_p999_us_mean,latency_p999_us_sd,"
            + "latency_max_us_mean,latency_max_us_sd,success_rate_mean,success_rate_sd,"
            + "customer_share_mean,customer_share_sd,replenishment_share_mean,acquisition_share_mean,"
            + "customer_mean_us_mean,customer_p99_us_mean,replenishment_mean_us_mean,"
            + "replenishment_p99_us_mean,acquisition_mean_us_mean,acquisition_p99_us_mean";

    @Test
    void columns_inContractOrder_matchTheAgreedHeader() {
        assertEquals(CONTRACT_HEADER, String.join(",", SummaryFiles.COLUMNS));
    }

    @Test
    void parse_contractRow_readsEveryColumnByName() {
        List<String> lines = List.of(CONTRACT_HEADER, "local,SINGLE,local SINGLE,20,3,812345.5,1234.5,"
                + "24.6,1.2,20.1,1.1,44.2,2,110.5,5,300.25,9,2000,100,1,0,0.6012,0.004,0.3,0.0988,"
                + "21,90,32,130,28,120");

        SummaryRow row = SummaryCsv.parse("local-summary.csv", lines).get(0);

        assertEquals("local", row.mode());
        assertEquals("SINGLE", row.locking());
        assertEquals("local SINGLE", row.series());
        assertEquals(20, row.threads());
        assertEquals(812345.5, row.value(Metric.THROUGHPUT));
        assertEquals(1234.5, row.value(Metric.THROUGHPUT_SD));
        assertEquals(300.25, row.value(Metric.LATENCY_P999));
        assertEquals(0.6012, row.value(Metric.CUSTOMER_SHARE));
        assertEquals(120, row.value(Metric.ACQUISITION_P99));
        assertEquals("local-summary.csv:2", row.source());
    }

    @Test
    void parse_columnsReorderedWithExtraColumn_readsByName() {
        List<String> columns = new ArrayList<>(SummaryFiles.COLUMNS);
        Collections.reverse(columns);
        columns.add(7, "cpu_percent_mean");
        List<String> lines = SummaryFiles.lines(columns, List.of(SummaryFiles.row("http SINGLE", 50, 6000, 8000,
                Map.of("cpu_percent_mean", "\"not read, so not checked\""))));

        SummaryRow row = SummaryCsv.parse("http-summary.csv", lines).get(0);

        assertEquals("http SINGLE", row.series());
        assertEquals(50, row.threads());
        assertEquals(6000, row.value(Metric.THROUGHPUT));
        assertEquals(8000 * 4.5, row.value(Metric.LATENCY_P99), 1e-9);
    }

    @Test
    void parse_emptyAndNaNCells_areNotApplicable() {
        List<String> lines = SummaryFiles.lines(SummaryFiles.COLUMNS, List.of(
                SummaryFiles.row("http health", 10, 20000, 500),
                SummaryFiles.row("http SINGLE", 10, 5000, 2000, Map.of("latency_p999_us_mean", "NaN"))));

        List<SummaryRow> rows = SummaryCsv.parse("http-summary.csv", lines);

        assertTrue(Double.isNaN(rows.get(0).value(Metric.SUCCESS_RATE)));
        assertTrue(Double.isNaN(rows.get(0).value(Metric.CUSTOMER_MEAN)));
        assertEquals("", rows.get(0).locking());
        assertTrue(Double.isNaN(rows.get(1).value(Metric.LATENCY_P999)));
        assertEquals(1.0, rows.get(1).value(Metric.SUCCESS_RATE));
    }

    @Test
    void parse_missingColumn_namesFileLineAndColumn() {
        List<String> columns = new ArrayList<>(SummaryFiles.COLUMNS);
        columns.remove("latency_p90_us_mean");
        List<String> lines = SummaryFiles.lines(columns, List.of(SummaryFiles.row("local SINGLE", 1, 1e6, 1)));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 1: column 'latency_p90_us_mean' is missing from the header",
                e.getMessage());
    }

    @Test
    void parse_notANumber_namesFileLineAndColumn() {
        List<String> lines = SummaryFiles.lines(SummaryFiles.COLUMNS, List.of(
                SummaryFiles.row("local SINGLE", 1, 1e6, 1),
                SummaryFiles.row("local SINGLE", 2, 1e6, 2, Map.of("latency_p99_us_mean", "\"12,5\""))));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 3 column latency_p99_us_mean: '12,5' is not a number", e.getMessage());
    }

    @Test
    void parse_threadsZero_isRejected() {
        List<String> lines = SummaryFiles.lines(SummaryFiles.COLUMNS,
                List.of(SummaryFiles.row("local SINGLE", 1, 1e6, 1, Map.of("threads", "0"))));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2 column threads: threads (0) must be >= 1", e.getMessage());
    }

    @Test
    void parse_threadsNotWhole_isRejected() {
        List<String> lines = SummaryFiles.lines(SummaryFiles.COLUMNS,
                List.of(SummaryFiles.row("local SINGLE", 1, 1e6, 1, Map.of("threads", "2.5"))));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2 column threads: '2.5' is not a whole number", e.getMessage());
    }

    @Test
    void parse_emptySeriesCell_isRejected() {
        List<String> lines = SummaryFiles.lines(SummaryFiles.COLUMNS,
                List.of(SummaryFiles.row("local SINGLE", 1, 1e6, 1, Map.of("series", " "))));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2 column series: the cell is empty", e.getMessage());
    }

    @Test
    void parse_rowWithTooFewCells_namesLineAndCounts() {
        List<String> lines = List.of(CONTRACT_HEADER, "local,SINGLE,local SINGLE,1,3,1000");

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2: 6 cells, but the header has 31 columns", e.getMessage());
    }

    @Test
    void parse_unclosedQuote_namesLine() {
        List<String> lines = List.of(CONTRACT_HEADER, "local,SINGLE,\"local SINGLE,1");

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> SummaryCsv.parse("local-summary.csv", lines));

        assertEquals("local-summary.csv line 2: a quoted cell is not closed", e.getMessage());
    }

    @Test
    void read_emptyFile_namesFileAndSaysHeaderMissing(@TempDir Path dir) throws Exception {
        Path file = Files.createFile(dir.resolve("local-summary.csv"));

        ResultsFormatException e = assertThrows(ResultsFormatException.class, () -> SummaryCsv.read(file));

        assertEquals(file + " line 1: the file is empty, expected a header row", e.getMessage());
    }

    @Test
    void read_headerOnly_hasNoRows(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("http-summary.csv"), CONTRACT_HEADER + "\n\n");

        assertEquals(List.of(), SummaryCsv.read(file));
    }

    @Test
    void read_byteOrderMarkAndWindowsLineEnds_areAccepted(@TempDir Path dir) throws Exception {
        List<String> lines = SummaryFiles.lines(SummaryFiles.COLUMNS, List.of(SummaryFiles.row("local SINGLE", 5, 9e5, 6)));
        Path file = Files.writeString(dir.resolve("local-summary.csv"), "\uFEFF" + String.join("\r\n", lines) + "\r\n");

        List<SummaryRow> rows = SummaryCsv.read(file);

        assertEquals(1, rows.size());
        assertEquals(6 * 40, rows.get(0).value(Metric.LATENCY_MAX), 1e-9);
    }

    @Test
    void read_missingFile_namesFile(@TempDir Path dir) {
        Path file = dir.resolve("local-summary.csv");

        UncheckedIOException e = assertThrows(UncheckedIOException.class, () -> SummaryCsv.read(file));

        assertTrue(e.getMessage().startsWith("cannot read results file " + file), e.getMessage());
    }
}
