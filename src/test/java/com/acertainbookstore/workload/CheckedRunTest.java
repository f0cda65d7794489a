package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Outcome;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.history.Violation;
import com.acertainbookstore.history.ViolationFile;
import com.acertainbookstore.report.ReportPage;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.checking.AuditFailedException;
import com.acertainbookstore.workload.checking.CheckFailedException;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.SummaryFile;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** Short checking runs of the register profile in-process: the real store passes, broken ones are caught. */
class CheckedRunTest {

    @TempDir
    Path dir;

    /** 8 workers, 1500 single-ISBN calls each on 3 hot books of 4 copies: buys run out, adds refill. */
    static WorkloadConfig registerCheck(Path dir) {
        return WorkloadConfig.defaults().with(Setting.PROFILE, "register").with(Setting.CHECK, "linearizable")
                .with(Setting.INITIAL_COPIES, 4).with(Setting.COPIES_TO_ADD, 2).withThreads(8).withCounts(0, 1500)
                .withRepetitions(1).withLockings(Locking.TWO_LEVEL).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0).with(Setting.HEALTH_CEILING, false)
                .withOutput(dir.resolve("results"), dir.resolve("plots"));
    }

    static Path onlyHistory(Path results) throws Exception {
        try (Stream<Path> files = Files.list(results.resolve("history"))) {
            List<Path> histories = files.filter(f -> f.toString().endsWith(".jsonl")
                    && !f.toString().endsWith(ViolationFile.SUFFIX)).toList();
            assertEquals(1, histories.size(), histories.toString());
            return histories.get(0);
        }
    }

    @Test
    @Timeout(60)
    void run_registerProfileOnTheRealStore_isLinearizableWithRefusalsAndInterleavings() throws Exception {
        WorkloadConfig config = registerCheck(dir);

        WorkloadMain.run(config, WorkloadMain::inProcess);

        History history = HistoryFile.read(onlyHistory(dir.resolve("results")));
        assertEquals(8 * 1500, history.calls().size());
        assertTrue(history.splitsPerIsbn());
        assertTrue(history.calls().stream().anyMatch(c -> c.outcome() == Outcome.REFUSED), "some buys found no copy");
        CheckResult again = Checker.check(history, Budget.of(10, 512));
        assertEquals(Verdict.LINEARIZABLE, again.verdict(), again.summary());
        assertEquals(3, again.parts());
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }

    @Test
    @Timeout(60)
    void run_storeServingStaleReads_failsTheCheckWithAReportPictureAndSavedVerdict() throws Exception {
        WorkloadConfig config = registerCheck(dir);
        CertainBookStore store = new CertainBookStore(Locking.TWO_LEVEL);
        BrokenStore broken = new BrokenStore(store, store, BrokenStore.Fault.STALE_READS, 50);

        CheckFailedException e = assertThrows(CheckFailedException.class,
                () -> WorkloadMain.run(config, locking -> Target.inProcess(locking, broken, broken)));

        assertTrue(broken.faults() > 0);
        assertEquals(Verdict.VIOLATION, e.result().verdict());
        assertTrue(e.result().violation().window().size() <= 20, e.getMessage());
        assertTrue(e.getMessage().contains(">> call "), e.getMessage());
        Path history = onlyHistory(dir.resolve("results"));
        String stem = history.getFileName().toString().replace(".jsonl", ".violation");
        assertTrue(Files.readString(history.resolveSibling(stem + ".svg")).startsWith("<svg "));
        assertTrue(Files.readString(history.resolveSibling(stem + ".txt")).contains("state before: #"));
        Violation saved = ViolationFile.read(history.resolveSibling(stem + ".jsonl")).violation();
        assertEquals(e.result().violation().failing(), saved.failing());
        PointSummary point = SummaryFile.read(dir.resolve("results/local-summary.csv")).get(0);
        assertEquals(Verdict.VIOLATION, point.check().verdict());
        assertTrue(point.check().reason().startsWith("repetition 1: no order of " + saved.window().size() + " calls in"
                + " part ISBN "), point.check().reason());
        Document page = Jsoup.parse(ReportPage.write(dir.resolve("results"), dir.resolve("plots"), Double.NaN)
                .toFile(), "UTF-8");
        assertEquals("Verdict: FAILED", page.selectFirst("h2").text());
        assertEquals(1, page.select("section#violations > svg").size(), "the window drawn in the report");
        assertEquals(saved.window().size(), page.select("section#violations g.call").size());
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }

    @Test
    @Timeout(60)
    void run_checkBudgetTooSmall_savesTheVerdictUnknownWithItsReasonAndTheReportSaysSo() throws Exception {
        // Large enough (16 x 500 interactions, about 16,000 calls) that no search orders it in 10 ms: the
        // search's cache holds thousands of states in 1 MiB, so a small history may be decided within it.
        WorkloadConfig config = WorkloadConfig.defaults().with(Setting.CHECK, "linearizable").withThreads(16)
                .withCounts(0, 500).withRepetitions(1).withLockings(Locking.SINGLE).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0).with(Setting.CHECK_SECONDS, 0.01).with(Setting.CHECK_MEMORY_MB, 1)
                .withOutput(dir.resolve("results"), dir.resolve("plots"));

        WorkloadMain.run(config, WorkloadMain::inProcess);

        PointSummary point = SummaryFile.read(dir.resolve("results/local-summary.csv")).get(0);
        assertEquals(Verdict.UNKNOWN, point.check().verdict(), point.check().reason());
        assertTrue(point.check().reason().matches("repetition 1: (time|memory) budget \\(.*\\) spent on part whole"
                + " store .*"), point.check().reason());
        assertTrue(Files.readString(dir.resolve("results/local-runs.csv")).contains(",unknown,"));
        Document page = Jsoup.parse(ReportPage.write(dir.resolve("results"), dir.resolve("plots"), Double.NaN)
                .toFile(), "UTF-8");
        assertEquals("Verdict: unknown (not passed, not failed)", page.selectFirst("h2").text());
        Element line = page.select(".verdict dt").stream().filter(dt -> dt.text().equals("history checks"))
                .findFirst().orElseThrow().nextElementSibling();
        assertTrue(line.hasClass("undecided"), line.outerHtml());
        assertTrue(line.text().startsWith("unknown at 1 of 1 checked points") && line.text().endsWith(
                point.check().reason()), line.text());
    }

    @Test
    @Timeout(60)
    void run_storeDroppingOneWriteInAHundred_failsTheAuditAndItsSavedHistoryTheCheck() throws Exception {
        WorkloadConfig config = registerCheck(dir).with(Setting.CHECK, "none").with(Setting.HISTORY, true);
        CertainBookStore store = new CertainBookStore(Locking.TWO_LEVEL);
        BrokenStore broken = new BrokenStore(store, store, BrokenStore.Fault.DROPPED_WRITES, 100);

        assertThrows(AuditFailedException.class,
                () -> WorkloadMain.run(config, locking -> Target.inProcess(locking, broken, broken)));

        assertTrue(broken.faults() > 0);
        CheckResult result = Checker.check(HistoryFile.read(onlyHistory(dir.resolve("results"))), Budget.of(10, 512));
        assertEquals(Verdict.VIOLATION, result.verdict(), result.summary());
    }

    @Test
    @Timeout(60)
    void run_standardMixChecked_isNotAViolationAndChecksTheWholeStore() throws Exception {
        WorkloadConfig config = WorkloadConfig.defaults().with(Setting.CHECK, "linearizable").withThreads(3)
                .withCounts(0, 40).withRepetitions(1).withLockings(Locking.SINGLE).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0).with(Setting.CHECK_SECONDS, 5)
                .withOutput(dir.resolve("results"), dir.resolve("plots"));

        WorkloadMain.run(config, WorkloadMain::inProcess);

        History history = HistoryFile.read(onlyHistory(dir.resolve("results")));
        assertTrue(!history.splitsPerIsbn());
        CheckResult result = Checker.check(history, Budget.of(5, 512));
        assertEquals(1, result.parts());
        assertTrue(result.verdict() != Verdict.VIOLATION, result.summary());
    }
}
