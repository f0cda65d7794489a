package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.workload.results.CheckOutcome;
import com.acertainbookstore.workload.results.FailureCause;
import com.acertainbookstore.workload.results.FailureKind;
import com.acertainbookstore.workload.results.Failures;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.ResultsFormatException;
import com.acertainbookstore.workload.results.RunRecord;
import com.acertainbookstore.workload.results.SummaryRows;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Strings from the results that try to become markup: in the settings, the command line, the
 * run's error message, a failure cause, a fault's name, a process's name and the directory's own
 * name. Each must show as text and create no element.
 */
class HostileReportTest {

    private static final String SCRIPT = "<script>alert(1)</script>";
    private static final String IMAGE = "\"><img src=x onerror=alert(1)>";
    private static final String SVG = "</svg><svg onload=alert(1)>";
    private static final String ALL = SCRIPT + IMAGE + SVG;

    @Test
    void write_hostileStringsEverywhere_showsThemAsTextAndMakesNoElementOfThem(@TempDir Path dir) throws IOException {
        Path results = Files.createDirectories(dir.resolve("results " + SVG.replace('/', '_')));
        PointSummary plain = SummaryRows.closed("local SINGLE", 10, 900_000, 11);
        SummaryRows.write(results, "local", new PointSummary(plain.point(), plain.repetitions(), plain.measure(), null,
                plain.stats(), new Failures(Map.of(new FailureCause("IllegalStateException", FailureKind.OTHER, ALL),
                        3L)), plain.audit(), new CheckOutcome(Verdict.UNKNOWN, "repetition 1: " + ALL)));
        FaultsFile.write(FaultsFile.of(results, Mode.LOCAL, Load.CLOSED), List.of(new FaultRow(plain.point(), 1,
                "kill-leader@3" + ALL, "r0" + IMAGE, 3.5, 3.6, 1000, 850, 1.5, 2.5, 10, 2, 1)));
        ProcessesFile.write(ProcessesFile.of(results, Mode.LOCAL, Load.CLOSED), ReportFixture.processes(plain.point(),
                "r0" + ALL));
        RunRecord record = ReportFixture.record(ALL);
        new RunRecord(record.startedAt(), record.endedAt(), "FAILED: " + ALL, record.commandLine(), record.settings(),
                record.cores(), record.memoryMb(), record.os(), record.jvm(), IMAGE, record.commit(),
                record.treeClean()).write(results);

        Path page = ReportFixture.report(results, dir.resolve("plots"));
        Document document = Jsoup.parse(page.toFile(), "UTF-8");

        assertTrue(document.select("script, svg, iframe, object, embed, [onerror], [onload]").isEmpty(),
                document.select("script, svg, [onerror], [onload]").outerHtml());
        long charts;
        try (var files = Files.list(dir.resolve("plots"))) {
            charts = files.filter(p -> p.toString().endsWith(".png")).count();
        }
        assertEquals(charts, document.select("img").size(), "one image per chart, none from the strings");
        for (Element image : document.select("img")) {
            assertTrue(image.attr("src").startsWith("data:image/png;base64,"));
        }
        Map<String, String> verdict = ReportPageTest.verdict(document);
        assertEquals("FAILED: " + ALL, verdict.get("run"));
        assertTrue(verdict.get("failed calls").contains("IllegalStateException: " + ALL + "=3"),
                verdict.get("failed calls"));
        assertTrue(verdict.get("history checks").endsWith("local SINGLE at 10 threads, repetition 1: " + ALL),
                verdict.get("history checks"));
        String text = document.text();
        assertTrue(text.contains("workload.threads 1,8" + ALL), "the setting shows as text");
        assertTrue(text.contains("java -Dworkload.x " + ALL), "the command line shows as text");
        assertTrue(text.contains("kill-leader@3" + ALL) && text.contains("r0" + IMAGE), "the fault shows as text");
        assertTrue(document.select("table td").eachText().contains("r0" + ALL), "the process name shows as text");
        assertTrue(document.title().contains("results " + SVG.replace('/', '_')), document.title());
        for (String link : document.select("a").eachAttr("href")) {
            assertFalse(link.contains("<") || link.contains("\"") || link.contains(" "), link);
            assertTrue(Files.isRegularFile(page.getParent().resolve(java.net.URLDecoder.decode(link,
                    StandardCharsets.UTF_8))), link);
        }
    }

    @Test
    void write_noChartsDrawn_namesEachMissingChart(@TempDir Path dir) throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11)));

        Document document = Jsoup.parse(ReportPage.write(results, dir.resolve("plots"), Double.NaN).toFile(),
                "UTF-8");

        assertTrue(document.select("img").isEmpty());
        assertTrue(document.select(".missing").eachText().stream().filter(t -> t.startsWith("No chart of this in"))
                .count() >= 3, document.select(".missing").eachText().toString());
    }

    @Test
    void write_handEditedFiles_failsNamingTheFileAndLine(@TempDir Path dir) throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        Path summary = SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11,
                Map.of("threads", "ten"))));
        Path plots = dir.resolve("plots");

        String message = assertThrows(ResultsFormatException.class, () -> ReportPage.write(results, plots,
                Double.NaN)).getMessage();
        assertEquals(summary + " line 2 column threads: 'ten' is not a whole number", message);

        SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11)));
        Path run = ReportFixture.record("").write(results);
        List<String> lines = Files.readAllLines(run);
        Files.write(run, lines.subList(0, 4));
        assertEquals(run + ": key 'commandLine' is missing", assertThrows(ResultsFormatException.class,
                () -> ReportPage.write(results, plots, Double.NaN)).getMessage(), "a truncated record");
        assertFalse(Files.exists(plots.resolve(ReportPage.FILE_NAME)), "no half-written page");
    }

    @Test
    void write_noSummary_saysToRunTheHarness(@TempDir Path dir) {
        String message = assertThrows(IllegalArgumentException.class, () -> ReportPage.write(dir, dir.resolve("p"),
                Double.NaN)).getMessage();
        assertEquals("results directory " + dir + " holds no *-summary.csv file: run the workload harness first",
                message);
    }
}
