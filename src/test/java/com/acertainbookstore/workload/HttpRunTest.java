package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.checking.AuditFailedException;
import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class HttpRunTest {

    @TempDir
    Path dir;

    @Tag("slow")
    @Test
    @Timeout(120)
    void run_forkedServer_writesHttpFilesWithHealthCeilingAndStopsTheServer() throws Exception {
        WorkloadConfig config = WorkloadConfig.defaults().withLocal(false).withThreads(1, 4)
                .withWindow(0.2, 0.4).withRepetitions(1).withLockings(Locking.SINGLE)
                .withOutput(dir.resolve("results"), dir.resolve("plots")).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0);
        Files.createDirectories(dir.resolve("results"));
        Files.writeString(dir.resolve("results/local-summary.csv"), "kept\n");

        List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

        assertEquals(4, results.size());
        List<Map<String, String>> summary = Outputs.read(dir.resolve("results/http-summary.csv"),
                List.of("mode", "load", "locking", "series", "threads", "offered_per_s", "repetitions"));
        assertEquals(List.of("http SINGLE|1", "http health|1", "http SINGLE|4", "http health|4"),
                summary.stream().map(r -> r.get("series") + "|" + r.get("threads")).collect(Collectors.toList()));
        for (Map<String, String> row : summary) {
            assertEquals("http", row.get("mode"));
            assertTrue(Outputs.number(row, "throughput_per_s_mean") > 0, row.toString());
            // Concurrent acquisitions may race to add the same book ("already in the store").
            assertTrue(Outputs.number(row, "success_rate_mean") > 0.9, row.toString());
            assertTrue(Outputs.number(row, "cpu_percent_mean") >= 0, row.toString());
            if (row.get("series").equals("http health")) {
                assertEquals("", row.get("locking"));
                assertEquals("", row.get("customer_share_mean"));
                assertEquals("", row.get("customer_mean_us_mean"));
            } else {
                assertEquals("SINGLE", row.get("locking"));
                assertEquals("passed", row.get("audit"));
                assertEquals(0.6, Outputs.number(row, "customer_share_mean"), 0.15, row.toString());
                assertTrue(Outputs.number(row, "call_getEditorPicks_mean_us_mean") > 0, row.toString());
            }
        }
        assertEquals("kept\n", Files.readString(dir.resolve("results/local-summary.csv")));
        List<ProcessRow> processes = ProcessesFile.read(dir.resolve("results/http-processes.csv"));
        assertEquals(List.of("harness", "server", "harness", "server", "harness", "server", "harness", "server"),
                processes.stream().map(ProcessRow::process).toList(), "the two JVMs at each of the four points");
        for (ProcessRow row : processes) {
            assertEquals(row.samples(), row.jvmSamples(), row.toString());
            assertTrue(row.cpuPercent() > 0 && row.httpBytesIn() > 0 && row.httpBytesOut() > 0, row.toString());
        }
        assertTrue(Files.readString(dir.resolve("results/http-server-SINGLE.log"))
                .contains("BookStoreHTTPServer listening on http://127.0.0.1:"));
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "forked server still running");
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }

    @Tag("slow")
    @Test
    @Timeout(120)
    void run_openLoopForkedServer_keepsTheScheduleAndStopsTheServer() throws Exception {
        WorkloadConfig config = openConfig().withLockings(Locking.SINGLE);

        List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

        assertOpenRun(results, "http open SINGLE");
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "forked server still running");
    }

    @Test
    @Timeout(120)
    void run_openLoopRunningServerByUrl_measuresIt() throws Exception {
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(Locking.TWO_LEVEL),
                ServerSettings.defaults().withPort(0))) {
            WorkloadConfig config = openConfig().withServer(server.baseUrl()).withLockings(Locking.TWO_LEVEL);

            List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

            assertOpenRun(results, "http open TWO_LEVEL");
        }
    }

    @Test
    @Timeout(120)
    void run_protectedServerByUrl_withTokenFile_measuresItAndPassesTheAudit() throws Exception {
        Path tokenFile = dir.resolve("token");
        Files.writeString(tokenFile, "harness-t0ken\n");
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(Locking.TWO_LEVEL),
                ServerSettings.defaults().withPort(0).withToken("harness-t0ken"))) {
            WorkloadConfig config = WorkloadConfig.defaults().withLocal(false).withServer(server.baseUrl())
                    .withLockings(Locking.TWO_LEVEL).withThreads(2).withWindow(0.2, 0.4).withRepetitions(1)
                    .with(Setting.TOKEN_FILE, tokenFile).with(Setting.HEALTH_CEILING, false)
                    .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, 0)
                    .withOutput(dir.resolve("results"), dir.resolve("plots"));

            List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

            assertEquals(1, results.size());
            assertEquals(AuditOutcome.PASSED, results.get(0).audit());
            assertTrue(results.get(0).throughput() > 0);
        }
    }

    private WorkloadConfig openConfig() {
        return WorkloadConfig.defaults().withLocal(false).withRates(300).withWorkers(8).withWindow(0.2, 0.4)
                .withRepetitions(1).with(Setting.INTERVAL_SECONDS, 0.2).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0)
                .withOutput(dir.resolve("results"), dir.resolve("plots"));
    }

    private void assertOpenRun(List<Repetition> results, String series) throws Exception {
        assertEquals(1, results.size());
        Repetition result = results.get(0);
        assertEquals(series, result.point().series().name());
        assertEquals(8, result.point().threads());
        assertEquals(120, result.open().scheduled(), 1.0);
        assertEquals(result.open().scheduled(), result.interactions());
        assertEquals(AuditOutcome.PASSED, result.audit());
        assertTrue(result.open().service().p50() > 0);
        assertTrue(Double.isNaN(result.open().peakPerSecond()), "no probe: rates and pool were given");
        List<Map<String, String>> summary = Outputs.read(dir.resolve("results/http-open-summary.csv"),
                List.of("mode", "load", "locking", "series", "threads", "offered_per_s", "repetitions"));
        assertEquals(series, summary.get(0).get("series"));
        assertEquals(300, Outputs.number(summary.get(0), "offered_per_s"));
        assertTrue(Files.exists(dir.resolve("results/http-open-intervals.csv")));
        assertTrue(LocalRunTest.latencyCount(ResultFiles.intervalLog(dir.resolve("results"), result.point()))
                >= result.interactions());
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }

    @Test
    @Timeout(120)
    void run_lossyStockProxy_failsTheAuditOverHttpNamingTheIsbn() throws Exception {
        WorkloadConfig config = WorkloadConfig.defaults().withLocal(false).withThreads(2).withWindow(0.2, 0.4)
                .withRepetitions(1).with(Setting.HEALTH_CEILING, false)
                .withOutput(dir.resolve("results"), dir.resolve("plots")).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0);
        List<LossyStockManager> lossy = new java.util.ArrayList<>();

        AuditFailedException e = assertThrows(AuditFailedException.class, () -> WorkloadMain.run(config,
                locking -> {
                    Target http = HttpTarget.open(config, locking);
                    lossy.add(new LossyStockManager(http.stockManager(), 5));
                    return new ForwardingTarget(http, http.bookStore(), lossy.get(0));
                }));

        assertTrue(lossy.get(0).dropped() > 0);
        assertTrue(e.getMessage().matches("(?s).*ISBN [0-9]+: initial [0-9]+ \\+ added [0-9]+ - bought [0-9]+"
                + " = [0-9]+ copies expected, store has [0-9]+.*"), e.getMessage());
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "forked server still running");
    }
}
