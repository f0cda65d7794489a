package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import com.acertainbookstore.workload.targets.Listing;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Short runs of the harness against three replicas it forks (real replica JVMs on loopback
 * ports): a count-mode closed loop and an open loop pass the audit, which lists every replica.
 * Both are tagged {@code slow} (run by {@code .ci/run}): {@code FaultRunTest}, in {@code mvn
 * test}, runs the harness against three forked replicas in time mode, audits every replica and
 * checks that nothing is left.
 * After each run no replica process and no worker thread is left. (That each replica's copies are
 * checked and compared, and a mismatch named, is {@code ReplicaListingsAuditTest} and
 * {@code ReplicaComparisonTest}, in-process.) The counts are small:
 * the priming repetition (10 threads, the same counts) and the run cost about a second per 100
 * interactions here.
 */
class ReplicatedRunTest {

    @TempDir
    Path dir;

    private WorkloadConfig threeReplicas() {
        return WorkloadConfig.defaults().withReplicas(3).withRepetitions(1).with(Setting.HEALTH_CEILING, false)
                .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, 0)
                .with(Setting.REPLICA_STORAGE, dir.resolve("replicas")).with(Setting.REPLICA_WARMUP_SECONDS, 0)
                .withOutput(dir.resolve("results"), dir.resolve("plots"));
    }

    @Test
    @Tag("slow")
    @Timeout(180)
    void run_closedLoopCountModeOnThreeReplicas_passesTheAuditOnEveryReplicaAndStopsThem() throws Exception {
        WorkloadConfig config = threeReplicas().withThreads(4).withCounts(2, 20);
        List<List<Listing>> audited = new ArrayList<>();

        List<Repetition> results = WorkloadMain.run(config, locking -> {
            Target replicas = HttpTarget.open(config, locking);
            return new ForwardingTarget(replicas, replicas.bookStore(), replicas.stockManager()) {
                @Override
                public List<Listing> listings() throws Exception {
                    List<Listing> listings = super.listings();
                    audited.add(listings);
                    return listings;
                }
            };
        });

        assertEquals(1, results.size());
        Repetition result = results.get(0);
        assertEquals("http TWO_LEVEL", result.point().series().name());
        assertEquals(AuditOutcome.PASSED, result.audit());
        assertEquals(80, result.interactions());
        assertEquals(1, audited.size(), "audits: the point (workload.primingSeconds=0: no priming)");
        for (List<Listing> listings : audited) {
            assertEquals(List.of("r0", "r1", "r2"), listings.stream().map(Listing::holder).toList());
            assertTrue(listings.get(0).books().size() >= 10, listings.get(0).toString());
        }
        List<Map<String, String>> summary = Outputs.read(dir.resolve("results/http-summary.csv"),
                List.of("mode", "load", "locking", "series", "threads", "offered_per_s", "repetitions"));
        assertTrue(Outputs.number(summary.get(0), "success_rate_mean") > 0.9, summary.get(0).toString());
        assertTrue(Outputs.number(summary.get(0), "cpu_percent_mean") > 0, summary.get(0).toString());
        for (int i = 0; i < 3; i++) {
            assertTrue(Files.readString(dir.resolve("results/replica-TWO_LEVEL-r" + i + ".log"))
                    .contains("Replica r" + i + " listening on http://127.0.0.1:"));
        }
        assertNothingLeft();
    }

    @Test
    @Tag("slow")
    @Timeout(180)
    void run_openLoopOnThreeReplicas_keepsTheScheduleAndPassesTheAudit() throws Exception {
        WorkloadConfig config = threeReplicas().withRates(50).withWorkers(8).withWindow(0.2, 0.6)
                .withLockings(Locking.SINGLE);

        List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

        assertEquals(1, results.size());
        Repetition result = results.get(0);
        assertEquals("http open SINGLE", result.point().series().name());
        assertEquals(30, result.open().scheduled(), 1.0);
        assertEquals(result.open().scheduled(), result.interactions());
        assertEquals(AuditOutcome.PASSED, result.audit());
        assertNothingLeft();
    }

    /**
     * {@code workload.tls=true} on three replicas: each serves HTTPS with the run's node certificate
     * and requires the client's, the replicas speak mutual TLS to each other; the run passes its
     * audit, and its certificates and replicas are gone afterwards.
     */
    @Test
    @Tag("slow")
    @Timeout(180)
    void run_tlsOnThreeReplicas_everyHopOverTls_passesTheAuditAndRemovesTheCertificates() throws Exception {
        WorkloadConfig config = threeReplicas().withThreads(4).withCounts(1, 20).withLockings(Locking.SINGLE)
                .with(Setting.TLS, true);
        java.util.Set<Path> before = certificateDirs();

        List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));

        assertEquals(AuditOutcome.PASSED, results.get(0).audit());
        assertEquals(80, results.get(0).interactions());
        for (int i = 0; i < 3; i++) {
            assertTrue(Files.readString(dir.resolve("results/replica-SINGLE-r" + i + ".log"))
                    .contains("Replica r" + i + " listening on https://127.0.0.1:"));
        }
        assertEquals(before, certificateDirs(), "the run's certificates are removed");
        assertNothingLeft();
    }

    /** The harness's certificate directories now in the temporary directory. */
    private static java.util.Set<Path> certificateDirs() throws java.io.IOException {
        try (java.util.stream.Stream<Path> files = Files.list(Path.of(System.getProperty("java.io.tmpdir")))) {
            return files.filter(file -> file.getFileName().toString().startsWith("bookstore-workload-certs-"))
                    .collect(java.util.stream.Collectors.toSet());
        }
    }

    private static void assertNothingLeft() throws InterruptedException {
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a replica JVM still running");
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
    }
}
