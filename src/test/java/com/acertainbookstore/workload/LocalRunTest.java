package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.checking.AuditFailedException;
import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.sampling.ProcessSampler;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class LocalRunTest {

    private static final List<String> RUN_IDENTITY =
            List.of("mode", "load", "locking", "series", "threads", "offered_per_s", "repetition");
    private static final List<String> SUMMARY_IDENTITY =
            List.of("mode", "load", "locking", "series", "threads", "offered_per_s", "repetitions");

    @TempDir
    Path dir;

    private WorkloadConfig tiny() {
        return WorkloadConfig.defaults().withThreads(1, 4).withWindow(0.1, 0.3).withRepetitions(2)
                .withOutput(dir.resolve("results"), dir.resolve("plots")).with(Setting.PROGRESS_SECONDS, 0)
                .with(Setting.PRIMING_SECONDS, 0);
    }

    @Test
    @Timeout(60)
    void run_bothLockings_writesRunsAndSummaryWithAuditPassedAndTheMix() throws Exception {
        WorkloadConfig config = tiny();
        List<Repetition> results = WorkloadMain.run(config, WorkloadMain::inProcess);

        assertEquals(2 * 2 * 2, results.size());
        List<Map<String, String>> summary = Outputs.read(dir.resolve("results/local-summary.csv"),
                SUMMARY_IDENTITY);
        assertEquals(List.of("local SINGLE|1", "local SINGLE|4", "local TWO_LEVEL|1", "local TWO_LEVEL|4"),
                summary.stream().map(r -> r.get("series") + "|" + r.get("threads")).collect(Collectors.toList()));
        for (Map<String, String> row : summary) {
            assertEquals("local", row.get("mode"));
            assertEquals("2", row.get("repetitions"));
            assertEquals("passed", row.get("audit"));
            assertTrue(Outputs.number(row, "throughput_per_s_mean") > 0, row.toString());
            assertTrue(Outputs.number(row, "latency_p99_us_mean") >= Outputs.number(row, "latency_p50_us_mean"));
            assertTrue(Outputs.number(row, "success_rate_mean") > 0.99, row.toString());
            assertEquals(0.6, Outputs.number(row, "customer_share_mean"), 0.05, row.toString());
            assertEquals(0.3, Outputs.number(row, "replenishment_share_mean"), 0.05, row.toString());
            assertEquals(0.1, Outputs.number(row, "acquisition_share_mean"), 0.04, row.toString());
        }
        List<Map<String, String>> runs = Outputs.read(dir.resolve("results/local-runs.csv"), RUN_IDENTITY);
        assertEquals(8, runs.size());
        for (Map<String, String> row : runs) {
            assertEquals("passed", row.get("audit"));
            assertTrue(Outputs.number(row, "call_buyBooks_count") > 0, row.toString());
            assertTrue(Outputs.number(row, "cpu_percent") >= 0, row.toString());
        }
        assertFalse(Files.exists(dir.resolve("results/http-summary.csv")));
        assertTrue(workloadThreads().isEmpty(), "threads left running: " + workloadThreads());
        List<ProcessRow> processes = ProcessesFile.read(dir.resolve("results/local-processes.csv"));
        assertEquals(summary.size(), processes.size(), "in process, the harness alone at each point: " + processes);
        for (ProcessRow harness : processes) {
            assertEquals("harness", harness.process());
            assertEquals(String.valueOf(ProcessHandle.current().pid()), harness.pids());
            assertTrue(harness.samples() >= 4, "both ends of both repetitions' windows: " + harness);
            assertTrue(harness.jvmSamples() == harness.samples() && harness.gcMs() >= 0 && harness.jitMs() >= 0,
                    harness.toString());
            assertEquals(0, harness.httpBytesIn(), "no HTTP in process: " + harness);
        }

        List<Path> charts = WorkloadMain.drawCharts(config);
        assertFalse(charts.isEmpty());
        for (Path chart : charts) {
            assertTrue(Files.size(chart) > 0, chart.toString());
        }
    }

    @Test
    @Timeout(60)
    void run_countMode_reportsTheReferenceThroughput() throws Exception {
        WorkloadConfig config = tiny().withCounts(20, 300).withRepetitions(1)
                .withLockings(Locking.TWO_LEVEL);
        List<Repetition> results = WorkloadMain.run(config, WorkloadMain::inProcess);

        assertEquals(2, results.size());
        for (Repetition result : results) {
            assertEquals(300L * result.point().threads(), result.interactions());
            assertTrue(result.referenceThroughput() > 0);
            assertEquals(AuditOutcome.PASSED, result.audit());
        }
    }

    @Test
    @Timeout(60)
    void run_sameSeed_sameInteractionCountsPerTypeInCountMode() throws Exception {
        WorkloadConfig config = tiny().withCounts(0, 500).withRepetitions(1).withThreads(3)
                .withLockings(Locking.SINGLE).withSeed(99);
        Repetition first = WorkloadMain.run(config, WorkloadMain::inProcess).get(0);
        Repetition second = WorkloadMain.run(config, WorkloadMain::inProcess).get(0);
        for (InteractionType type : InteractionType.values()) {
            assertEquals(first.share(type), second.share(type), type.label());
        }
    }

    @Test
    @Timeout(60)
    void run_storeThatLosesAddCopies_failsTheAuditNamingTheIsbn() throws Exception {
        WorkloadConfig config = tiny().withThreads(2).withRepetitions(1).withLockings(Locking.SINGLE);
        CertainBookStore store = new CertainBookStore(Locking.SINGLE);
        LossyStockManager lossy = new LossyStockManager(store, 7);

        AuditFailedException e = org.junit.jupiter.api.Assertions.assertThrows(AuditFailedException.class,
                () -> WorkloadMain.run(config, locking -> Target.inProcess(locking, store, lossy)));

        assertTrue(lossy.dropped() > 0);
        assertTrue(e.getMessage().matches("(?s).*ISBN [0-9]+: initial [0-9]+ \\+ added [0-9]+ - bought [0-9]+"
                + " = [0-9]+ copies expected, store has [0-9]+.*"), e.getMessage());
        List<Map<String, String>> runs = Outputs.read(dir.resolve("results/local-runs.csv"), RUN_IDENTITY);
        assertEquals("FAILED", runs.get(0).get("audit"));
        assertTrue(workloadThreads().isEmpty(), "threads left running: " + workloadThreads());
    }

    @Test
    @Timeout(60)
    void run_openLoopWithProbe_offersFractionsOfThePeakAndWritesIntervalLogsAndCharts() throws Exception {
        WorkloadConfig config = tiny().with(Setting.LOAD, "open").withLockings(Locking.TWO_LEVEL)
                .with(Setting.PROBE_THREADS, "1,2").with(Setting.RATE_FRACTIONS, "0.05,0.2").withRepetitions(1)
                .withWindow(0.1, 0.3).with(Setting.INTERVAL_SECONDS, 0.1);

        List<Repetition> results = WorkloadMain.run(config, WorkloadMain::inProcess);

        assertEquals(2, results.size());
        double peak = results.get(0).open().peakPerSecond();
        assertTrue(peak > 0);
        List<Map<String, String>> summary = Outputs.read(dir.resolve("results/local-open-summary.csv"),
                SUMMARY_IDENTITY);
        assertEquals(List.of("local open TWO_LEVEL", "local open TWO_LEVEL"), summary.stream()
                .map(r -> r.get("series")).toList());
        double[] fractions = {0.05, 0.2};
        for (int i = 0; i < 2; i++) {
            Map<String, String> row = summary.get(i);
            double offered = Outputs.number(row, "offered_per_s");
            assertEquals(fractions[i] * peak, offered, fractions[i] * peak * 0.01, row.toString());
            assertEquals(fractions[i], Outputs.number(row, "offered_fraction_mean"), 0.01);
            assertEquals(offered, Outputs.number(row, "scheduled_per_s_mean"), 1 / 0.3 + offered * 0.001);
            assertEquals("passed", row.get("audit"));
            assertEquals("constant", row.get("arrivals"));
            assertTrue(Outputs.number(row, "latency_p99_us_mean") >= Outputs.number(row, "service_p99_us_mean"));
        }
        assertFalse(Files.exists(dir.resolve("results/local-summary.csv")), "the probe is not a result");
        List<Map<String, String>> intervals = Outputs.read(dir.resolve("results/local-open-intervals.csv"),
                RUN_IDENTITY.subList(0, 6));
        for (Repetition result : results) {
            Path log = ResultFiles.intervalLog(dir.resolve("results"), result.point());
            long inCsv = intervals.stream()
                    .filter(r -> Double.parseDouble(r.get("offered_per_s")) == result.point().offeredPerSecond())
                    .mapToLong(r -> Long.parseLong(r.get("successes")) + Long.parseLong(r.get("failures"))).sum();
            assertEquals(inCsv, latencyCount(log), log + " and the intervals file disagree");
            assertTrue(inCsv >= result.interactions());
        }
        assertTrue(workloadThreads().isEmpty(), "threads left running: " + workloadThreads());

        List<String> charts = WorkloadMain.drawCharts(config).stream().map(p -> p.getFileName().toString()).toList();
        assertTrue(charts.containsAll(List.of("latency-vs-offered.png", "throughput-vs-offered.png", "timeline.png")),
                charts.toString());
    }

    /** The number of latencies in an interval log's untagged histograms, read with HdrHistogram's reader. */
    static long latencyCount(Path log) throws Exception {
        long count = 0;
        try (HistogramLogReader reader = new HistogramLogReader(log.toFile())) {
            while (reader.hasNext()) {
                EncodableHistogram histogram = reader.nextIntervalHistogram();
                if (histogram.getTag() == null) {
                    count += ((AbstractHistogram) histogram).getTotalCount();
                }
            }
        }
        return count;
    }

    static List<String> workloadThreads() throws InterruptedException {
        List<String> alive = new ArrayList<>();
        for (int attempt = 0; attempt < 50; attempt++) {
            alive.clear();
            for (Thread thread : Thread.getAllStackTraces().keySet()) {
                if (thread.isAlive() && (thread.getName().startsWith("workload-")
                        || thread.getName().equals(ProcessSampler.THREAD_NAME))) {
                    alive.add(thread.getName());
                }
            }
            if (alive.isEmpty()) {
                break;
            }
            Thread.sleep(20);
        }
        return alive;
    }
}
