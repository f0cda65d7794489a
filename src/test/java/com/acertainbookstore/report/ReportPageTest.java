package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.SummaryFile;
import com.acertainbookstore.workload.results.SummaryRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportPageTest {

    @TempDir
    static Path dir;
    private static Path page;
    private static Document document;

    @BeforeAll
    static void writeReport() throws IOException {
        page = ReportFixture.report(ReportFixture.results(dir, ""), dir.resolve("plots"));
        document = Jsoup.parse(page.toFile(), "UTF-8");
    }

    @Test
    void write_fullResults_loadsNothingFromTheNetwork() throws IOException {
        Element policy = document.selectFirst("head meta[http-equiv=Content-Security-Policy]");
        assertEquals(ReportPage.POLICY, policy.attr("content"));
        assertTrue(document.select("script, link, iframe, object, embed, base, form").isEmpty());
        assertFalse(document.select("img").isEmpty());
        for (Element image : document.select("img, [src]")) {
            assertTrue(image.attr("src").startsWith("data:image/png;base64,"), image.attr("src"));
        }
        for (Element link : document.select("[href]")) {
            String href = link.attr("href");
            assertFalse(href.contains(":") || href.startsWith("/"), "a relative link: " + href);
            assertTrue(Files.isRegularFile(page.getParent().resolve(href)), "link to an existing file: " + href);
        }
        assertTrue(Files.size(page) < 3_000_000, Files.size(page) + " bytes");
    }

    @Test
    void write_fullResults_opensWithTheVerdictThenWhatRan() {
        List<String> headings = document.select("h2").eachText();
        assertEquals(List.of("Verdict: passed", "What ran", "Charts and their figures", "Processes",
                "Files of the run"), headings);
        Map<String, String> verdict = verdict(document);
        assertTrue(verdict.get("audits").startsWith("passed at every one of"), verdict.get("audits"));
        assertTrue(verdict.get("headline").contains("the /health ceiling at"), verdict.get("headline"));
        assertEquals("passed", verdict.get("run"));
        assertTrue(document.text().contains("0123abcd (clean)"));
        assertTrue(document.select("table").stream().anyMatch(t -> t.text().contains("workload.threads 1,8 1,2,5")));
    }

    @Test
    void write_fullResults_putsATableBesideEachGroupOfCharts() {
        List<String> captions = document.select(".group caption").eachText();
        assertTrue(captions.stream().anyMatch(c -> c.startsWith("Closed loop: successful interactions")), captions
                .toString());
        assertTrue(captions.stream().anyMatch(c -> c.startsWith("Latency per interaction type")));
        assertTrue(captions.stream().anyMatch(c -> c.startsWith("Open loop: latency")));
        assertTrue(captions.stream().anyMatch(c -> c.startsWith("Over time:")));
        Element faults = document.select(".group table").stream().filter(t -> t.text().contains("kill-leader@3"))
                .findFirst().orElseThrow();
        assertEquals(List.of("repetition", "#", "fault as planned", "replica", "start", "lasted", "t50", "t90",
                "failed (unknown)", "elections"), faults.select("th").eachText());
        assertEquals(List.of("1", "2", "pause-leader@7:1", "r2", "7.8 s", "1.0 s", "1.20 s", "not reached", "4 (0)",
                "0"), faults.select("tbody tr").get(1).select("td").eachText());
        List<String> links = document.select("ul.files a").eachAttr("href");
        assertTrue(links.contains("../results/local-summary.csv"), links.toString());
        assertTrue(links.contains("../results/run.properties"));
        assertTrue(links.contains("throughput.png"));
    }

    @Test
    void write_fullResults_showsEachJvmOfAPointInItsProcessesTableAndWhatItsSamplesMissed() {
        Element table = document.select("table").stream().filter(t -> t.select("caption").text()
                .equals("Processes: " + ReportFixture.FAULTED.describe())).findFirst().orElseThrow();
        assertEquals(List.of("process", "pids", "CPU (% of a core)", "memory mean", "memory peak", "GC", "JIT",
                "HTTP in", "HTTP out", "sampled", "not sampled"), table.select("th").eachText());
        List<List<String>> rows = table.select("tbody tr").stream().map(r -> r.select("td").eachText()).toList();
        assertEquals(List.of("harness", "4100", "91.4 %", "612 MiB", "640 MiB", "25 ms", "4321 ms", "2.4 MiB",
                "1.1 MiB", "33 samples over 10.5 s", "none"), rows.get(0));
        assertEquals(List.of("r0", "4200 4377"), rows.get(1).subList(0, 2));
        assertEquals("not running (or no /proc) at 2: no figure then; did not answer at 2: no GC, JIT or HTTP"
                + " figure then", rows.get(1).get(10), "killed, then starting again");
        assertEquals("stopped at 4: no GC, JIT or HTTP figure then", rows.get(3).get(10));
        assertEquals("900 ms", rows.get(2).get(6));
        assertEquals("not sampled", rows.get(3).get(6), "a JIT time no sample gave");
        assertEquals(4, rows.size());
        assertTrue(document.text().contains(ProcessSection.SOURCES), "where each figure comes from");
    }

    @Test
    void write_withoutRunRecordOrIntervals_saysWhatIsMissing(@TempDir Path other) throws IOException {
        Path results = Files.createDirectories(other.resolve("results"));
        SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11)));

        Document older = Jsoup.parse(ReportFixture.report(results, other.resolve("plots")).toFile(), "UTF-8");

        String missing = String.join(" | ", older.select(".missing").eachText());
        assertTrue(missing.contains("Not recorded: this results directory has no run.properties"), missing);
        assertTrue(missing.contains("No intervals file"), missing);
        assertTrue(missing.contains("Not recorded: this results directory has no *-processes.csv"), missing);
        assertTrue(older.select("table caption").eachText().stream().noneMatch(c -> c.startsWith("Processes")));
        assertEquals("not recorded (no intervals file)", verdict(older).get("unknown outcomes"));
    }

    @Test
    void write_anAuditFailed_saysFailedAtTheTop(@TempDir Path other) throws IOException {
        Path results = Files.createDirectories(other.resolve("results"));
        SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11),
                SummaryRows.row("local SINGLE", 20, 900_000, 11, Map.of("audit", "FAILED"))));

        Document failed = Jsoup.parse(ReportFixture.report(results, other.resolve("plots")).toFile(), "UTF-8");

        assertEquals("Verdict: FAILED", failed.selectFirst("h2").text());
        assertTrue(failed.selectFirst(".verdict").hasClass("failed"));
        assertEquals("FAILED at 1 of 2 points: local SINGLE at 20 threads", verdict(failed).get("audits"));
    }

    @Test
    void write_latencyPerInteractionType_showsP999FromTheSummaryAndADashWhereAnOlderFileLacksIt(@TempDir Path other)
            throws IOException {
        Path results = Files.createDirectories(other.resolve("results"));
        SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11,
                Map.of("customer_p999_us_mean", "4321", "customer_p99_us_mean", "1234"))));
        Path older = Files.createDirectories(other.resolve("older"));
        List<String> header = new java.util.ArrayList<>(SummaryFile.header());
        header.removeIf(column -> column.startsWith("customer_p999_us"));
        Files.write(older.resolve("local-summary.csv"), SummaryRows.lines(header, List.of(
                SummaryRows.row("local SINGLE", 10, 900_000, 11, Map.of("customer_p99_us_mean", "1234")))));

        for (Path dir : List.of(results, older)) {
            Document page = Jsoup.parse(ReportPage.write(dir, other.resolve("plots"), Double.NaN).toFile(), "UTF-8");
            Element table = page.select(".tables table").stream().filter(t -> t.selectFirst("caption").text()
                    .startsWith("Latency per interaction type")).findFirst().orElseThrow();
            assertEquals(List.of("series", "point", "interaction", "share", "p50", "p90", "p99", "p99.9", "max"),
                    table.select("th").eachText());
            List<String> customer = table.select("tbody tr").stream().map(r -> r.select("td").eachText())
                    .filter(cells -> cells.get(2).equals("customer")).findFirst().orElseThrow();
            assertEquals("1.23 ms", customer.get(6));
            assertEquals(dir == results ? "4.32 ms" : ReportTables.NONE, customer.get(7), dir.toString());
        }
    }

    @Test
    void write_historyCheckUnknown_saysUnknownNotPassedWithItsReason(@TempDir Path other) throws IOException {
        Path results = Files.createDirectories(other.resolve("results"));
        SummaryRows.write(results, "local", List.of(SummaryRows.row("local SINGLE", 10, 900_000, 11,
                Map.of("check", "linearizable")), SummaryRows.row("local SINGLE", 20, 900_000, 11,
                Map.of("check", "unknown", "check_reason", "repetition 2: time budget (1.00 s; 512 MiB) spent"))));

        Document page = Jsoup.parse(ReportPage.write(results, other.resolve("plots"), Double.NaN).toFile(), "UTF-8");

        assertEquals("Verdict: unknown (not passed, not failed)", page.selectFirst("h2").text());
        assertTrue(page.selectFirst(".verdict").hasClass("unknown"));
        assertTrue(verdict(page).get("history checks").startsWith("unknown at 1 of 2 checked points"));
        assertTrue(verdict(page).get("history checks").endsWith("local SINGLE at 20 threads, repetition 2: time"
                + " budget (1.00 s; 512 MiB) spent"), verdict(page).get("history checks"));
        assertEquals("passed at every one of 2 points, every repetition", verdict(page).get("audits"));
    }

    /** The verdict box's lines, by subject. */
    static Map<String, String> verdict(Document document) {
        List<String> subjects = document.select(".verdict dt").eachText();
        List<String> texts = document.select(".verdict dd").eachText();
        Map<String, String> lines = new LinkedHashMap<>();
        for (int i = 0; i < subjects.size(); i++) {
            lines.put(subjects.get(i), texts.get(i));
        }
        return lines;
    }
}
