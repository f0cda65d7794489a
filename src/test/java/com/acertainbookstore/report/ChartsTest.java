package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.ResultsFormatException;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.results.SummaryRows;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChartsTest {

    private static final List<String> ALL = List.of("throughput.png", "throughput-http.png", "latency.png",
            "latency-percentiles.png", "latency-vs-throughput.png", "latency-by-interaction.png", "sanity.png");

    /**
     * Draws every chart the results in {@code dir} allow, at full size, without encoding PNGs
     * (the slow half), and returns the file names that would have been written.
     */
    private static List<String> draw(Path dir) {
        Results results = Results.load(dir);
        Charts.PngWriter drawOnly = (chart, file, width, height) -> {
            BufferedImage image = chart.createBufferedImage(width, height);
            assertEquals(width, image.getWidth());
        };
        return names(Charts.write(Charts.specs(results, null, Double.NaN), results, dir.resolve("plots"), drawOnly));
    }

    private static List<String> names(List<Path> files) {
        return files.stream().map(p -> p.getFileName().toString()).toList();
    }

    private static void assertPng(Path file, int width, int height) throws IOException {
        assertTrue(Files.size(file) > 10_000, file + " is only " + Files.size(file) + " bytes");
        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals(width, image.getWidth(), file + " width");
        assertEquals(height, image.getHeight(), file + " height");
    }

    @Test
    void writeAll_realisticResults_writesEveryChartAtItsSize(@TempDir Path plots) throws IOException {
        List<Path> written = Charts.writeAll(SummaryFiles.fixture("realistic"), plots);

        assertEquals(ALL, names(written));
        for (Path file : written) {
            assertEquals(plots, file.getParent());
            assertPng(file, 1200, file.endsWith("latency-by-interaction.png") ? 1100 : 800);
        }
    }

    @Test
    void writeAll_onePointPerSeries_writesEveryChart(@TempDir Path dir) throws IOException {
        SummaryRows.write(dir, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11)));
        SummaryRows.write(dir, "http", List.of(SummaryRows.row("http SINGLE", 10, 5_000, 2_000),
                SummaryRows.row("http health", 10, 16_000, 600)));

        assertEquals(ALL, draw(dir));
    }

    @Test
    void writeAll_closedAndOpenResultsWithIntervals_writesEveryChart(@TempDir Path dir) {
        SummaryRows.write(dir, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11)));
        SummaryRows.write(dir, "http", List.of(SummaryRows.row("http SINGLE", 10, 5_000, 2_000),
                SummaryRows.row("http health", 10, 16_000, 600)));
        OpenResults.write(dir);

        List<String> expected = new ArrayList<>(ALL);
        expected.addAll(List.of("latency-vs-offered.png", "throughput-vs-offered.png", "timeline.png"));
        assertEquals(expected, draw(dir));
    }

    @Test
    void writeAll_zeroThroughput_stillWritesEveryChart(@TempDir Path dir) throws IOException {
        SummaryRows.write(dir, "local", List.of(SummaryRows.row("local SINGLE", 1, 0, 0),
                SummaryRows.row("local SINGLE", 2, 800_000, 2.5)));

        assertEquals(List.of("throughput.png", "latency.png", "latency-percentiles.png", "latency-vs-throughput.png",
                "latency-by-interaction.png", "sanity.png"), draw(dir));
    }

    @Test
    void writeAll_localOnly_leavesOutTheHttpZoom(@TempDir Path dir) {
        SummaryRows.write(dir, "local", List.of(SummaryRows.row("local TWO_LEVEL", 1, 500_000, 2)));

        assertEquals(ALL.stream().filter(n -> !n.equals("throughput-http.png")).toList(), draw(dir));
    }

    @Test
    void writeAll_missingLocalFile_drawsHttpAndPicksHttpSeriesForPercentiles(@TempDir Path dir) {
        SummaryRows.write(dir, "http", List.of(SummaryRows.row("http health", 1, 4_000, 250),
                SummaryRows.row("http TWO_LEVEL", 1, 1_500, 700)));

        assertEquals(ALL, draw(dir));
        assertEquals(Optional.of(Series.parse("http TWO_LEVEL")), PercentileChart.defaultSeries(Results.load(dir)));
    }

    @Test
    void writeAll_onlyTheHealthSeries_writesTheChartsItCanFill(@TempDir Path dir) {
        SummaryRows.write(dir, "http", List.of(SummaryRows.row("http health", 1, 4_000, 250),
                SummaryRows.row("http health", 10, 16_000, 600)));

        assertEquals(List.of("throughput.png", "throughput-http.png", "latency.png", "latency-percentiles.png",
                "latency-vs-throughput.png"), draw(dir));
    }

    @Test
    void writeAll_nanAndEmptyCells_writesChartsFromTheRest(@TempDir Path dir) throws IOException {
        SummaryRows.write(dir, "local", List.of(
                SummaryRows.row("local SINGLE", 1, 500_000, 2, Map.of("latency_p99_us_mean", "NaN",
                        "throughput_per_s_sd", "", "customer_p99_us_mean", "")),
                SummaryRows.row("local SINGLE", 10, 900_000, 11, Map.of("success_rate_mean", "NaN",
                        "latency_max_us_mean", ""))));

        assertEquals(ALL.stream().filter(n -> !n.equals("throughput-http.png")).toList(), draw(dir));
    }

    @Test
    void writeAll_headerOnlyFile_writesNothing(@TempDir Path dir) {
        SummaryRows.write(dir, "local", List.of());

        assertEquals(List.of(), Charts.writeAll(dir, dir.resolve("plots")));
    }

    @Test
    void writeAll_emptyFile_failsNamingIt(@TempDir Path dir) throws IOException {
        SummaryRows.write(dir, "local", List.of(SummaryRows.row("local SINGLE", 1, 500_000, 2)));
        Path empty = Files.createFile(dir.resolve("http-summary.csv"));

        ResultsFormatException e = assertThrows(ResultsFormatException.class,
                () -> Charts.writeAll(dir, dir.resolve("plots")));

        assertEquals(empty + " line 1: the file is empty, expected a header row", e.getMessage());
        assertTrue(Files.notExists(dir.resolve("plots")));
    }

    @Test
    void writeAll_missingResultsDirectory_saysRunTheHarness(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Charts.writeAll(dir.resolve("results"), dir.resolve("plots")));

        assertTrue(e.getMessage().endsWith("does not exist: run the workload harness first"), e.getMessage());
    }

    @Test
    void writeAll_percentileSeriesNotInResults_namesItAndTheSeries(@TempDir Path dir) {
        Results results = Results.load(SummaryFiles.fixture("small"));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Charts.writeAll(results, dir, Series.parse("local open SINGLE"), Double.NaN));

        assertEquals("percentile series 'local open SINGLE' is not in the closed-loop results (series: [local SINGLE,"
                + " local TWO_LEVEL, http SINGLE, http TWO_LEVEL, http health])", e.getMessage());
    }

    @Test
    void write_fontFailureWhileWriting_becomesClearMessageWithInstallStep(@TempDir Path dir) {
        Error noFonts = new Error("Probable fatal error:No fonts found.");
        Charts.PngWriter failing = (chart, file, width, height) -> {
            throw noFonts;
        };
        Results results = Results.load(SummaryFiles.fixture("small"));

        ChartRenderingException e = assertThrows(ChartRenderingException.class,
                () -> Charts.write(Charts.specs(results, null, Double.NaN), results, dir, failing));

        assertTrue(e.getMessage().contains("apt-get install fontconfig fonts-dejavu-core"), e.getMessage());
        assertSame(noFonts, e.getCause());
    }

    @Test
    void write_unrelatedFailure_passesThroughUnchanged(@TempDir Path dir) {
        IllegalStateException bug = new IllegalStateException("not a font problem");
        Charts.PngWriter failing = (chart, file, width, height) -> {
            throw bug;
        };
        Results results = Results.load(SummaryFiles.fixture("small"));

        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> Charts.write(Charts.specs(results, null, Double.NaN), results, dir, failing));

        assertSame(bug, e);
    }

    @Test
    void main_directoriesAndSeries_createsPlotsDirectoryAndPrintsEachPathWritten(@TempDir Path dir)
            throws IOException {
        Path plots = dir.resolve("nested").resolve("plots");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        PrintStream original = System.out;
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            Charts.main(new String[] {SummaryFiles.fixture("small").toString(), plots.toString(), "http SINGLE"});
        } finally {
            System.setOut(original);
        }

        List<String> printed = out.toString(StandardCharsets.UTF_8).lines().toList();
        assertEquals(ALL.stream().map(n -> plots.resolve(n).toString()).toList(), printed);
        assertPng(plots.resolve("latency-by-interaction.png"), 1200, 1100);
        assertPng(plots.resolve("sanity.png"), 1200, 800);
    }

    @Test
    void main_tooManyArguments_isRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Charts.main(new String[] {"a", "b", "c", "d", "e"}));

        assertEquals("expected at most 4 arguments (results directory, plots directory, percentile series, timeline"
                + " point), got 5", e.getMessage());
    }
}
