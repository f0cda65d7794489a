package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.RunRecord;
import com.acertainbookstore.workload.results.SummaryRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparePageTest {

    private static final String HOSTILE = "<script>alert(1)</script>\"><img src=x onerror=alert(1)>";

    @TempDir
    Path dir;

    private Path run(String name, double at10, double at20, int lastThreads, RunRecord record) throws IOException {
        Path results = Files.createDirectories(dir.resolve(name));
        SummaryRows.write(results, "local", SummaryRows.closed("local SINGLE", 10, at10, 11),
                SummaryRows.closed("local SINGLE", 20, at20, 11), SummaryRows.closed("local SINGLE", lastThreads,
                        800_000, 11));
        if (record != null) {
            record.write(results);
        }
        return results;
    }

    private static RunRecord record(String threads, int cores) {
        RunRecord r = ReportFixture.record("");
        return new RunRecord(r.startedAt(), r.endedAt(), r.outcome(), r.commandLine(), List.of(
                new RunRecord.ChangedSetting("workload.threads", threads, "1,2,5")), cores, r.memoryMb(), r.os(),
                r.jvm(), r.jvmOptions(), r.commit(), r.treeClean());
    }

    @Test
    void write_twoRuns_listsDifferencesFirstThenEachPointWithItsRatioAndReading() throws IOException {
        Path a = run("a", 900_000, 900_000, 50, record("10,20,50", 2));
        Path b = run("b", 1_200_000, 910_000, 100, record("10,20,100" + HOSTILE, 4));

        Document page = Jsoup.parse(ComparePage.write(a, b, dir.resolve("plots")).toFile(), "UTF-8");

        assertEquals(List.of("What differs between the runs", "Per point"), page.select("h2").eachText());
        Element differences = page.selectFirst("table");
        assertEquals(List.of("cores 2 4", "workload.threads 10,20,50 10,20,100" + HOSTILE),
                differences.select("tbody tr").eachText());
        Element throughput = page.select("table").get(1);
        List<String> at10 = throughput.select("tbody tr").get(0).select("td").eachText();
        assertEquals("local SINGLE at 10 threads", at10.get(0));
        assertEquals("1.333", at10.get(3));
        assertEquals("B higher, beyond the noise", at10.get(5));
        assertEquals("within the noise", throughput.select("tbody tr").get(1).select("td").last().text());
        assertEquals(2, throughput.select("tbody tr").size());
        assertTrue(page.text().contains("In one run only: A: local SINGLE at 50 threads; B: local SINGLE at 100"
                + " threads"));
        assertTrue(page.select("script, img").isEmpty());
        assertEquals(ReportPage.POLICY, page.selectFirst("meta[http-equiv=Content-Security-Policy]").attr("content"));
    }

    @Test
    void write_aRunWithoutRecord_saysItsSettingsCannotBeCompared() throws IOException {
        Path a = run("a", 900_000, 900_000, 50, record("10,20,50", 2));
        Path b = run("b", 900_000, 900_000, 50, null);

        Document page = Jsoup.parse(ComparePage.write(a, b, dir.resolve("plots")).toFile(), "UTF-8");

        assertEquals("Not recorded for B: its results directory has no run.properties, so settings and machine"
                + " cannot be compared.", page.selectFirst(".missing").text());
    }
}
