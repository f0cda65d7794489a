package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.workload.checking.CheckFailedException;
import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults in short checking runs against three replica JVMs the harness forks: the register profile
 * on 3 hot books, 8 client threads, a closed loop; a 0.5 s warm-up, then a 5.5 s measured window
 * in which the fault fires; figures per quarter second. Each run must pass its audit on every
 * replica (every replica identical, copies adding up with the unknown outcomes as bounds) and its
 * linearizability check, report a finite t50 (back at half the pre-fault throughput), draw its
 * chart, and leave no replica, no pause guard and no worker behind. Its JVMs are sampled every
 * quarter second: a killed replica has no figure from the kill on, a restarted one two pids, a
 * paused one only its {@code /proc} figures while stopped.
 *
 * <p>Schedules: (1) the leader SIGKILLed 0.5 s into the window (the group heals it after the
 * window: the fleet's restart, the one {@code restart@S} calls; in the slow group, like (2) and
 * (4): {@code mvn test} keeps the partition run, and {@code ReplicaFleetTest} kills a leader); (2) the leader paused with SIGSTOP
 * 0.5 s into the window for 1.5 s (in the slow group); (3) the leader cut off from the two others
 * 0.5 s into the window for 4 s, longer than the replica's deadline, with t50 asserted against one
 * election, not the cut (each replica in a network namespace of its own; skipped, saying why,
 * where this user cannot make namespaces), after which no namespace of the run may be left.
 * One fault per run: a run holding a kill, a restart and a pause (about 35 s) was not back at half
 * its level on a quiet machine, the restarting JVM taking the CPU the new leader needed.
 *
 * <p>(4) A random schedule of seed 8 over an 11 s window, kills and pauses only (no namespaces; in
 * the slow group): a follower paused at 2.6 s for 0.5 s, the leader killed at 6.7 s and restarted
 * at 7.9 s. Its plan is checked before the run (the same seed draws the same plan), and the run
 * must pass the same audit and check, with a row per fault; t50 is not asserted, the restart's JVM
 * competing for the cores near the window's end.
 */
class FaultRunTest {

    /**
     * What one election plus the clients' move may take on a busy two-core machine: the quorum
     * timeout (0.6 s), an election timeout (0.3-0.6 s) and a vote, the proxies' move, and a
     * quarter-second interval; less than the replica's 3 s deadline, which it replaced.
     */
    private static final double ELECTION_BOUND_SECONDS = 2.5;

    @TempDir
    Path dir;

    private WorkloadConfig faulted(String faults) {
        return CheckedRunTest.registerCheck(dir).withReplicas(3).withWindow(0.5, 5.5).withThreads(8)
                .with(Setting.INTERVAL_SECONDS, 0.25).with(Setting.REPLICA_STORAGE, dir.resolve("replicas"))
                .with(Setting.REPLICA_WARMUP_SECONDS, 0).with(Setting.FAULT, faults)
                .with(Setting.SAMPLE_SECONDS, 0.25);
    }

    @Test
    @Tag("slow")
    @Timeout(180)
    void run_leaderKilled_passesTheAuditAndTheCheckAndRecovers() throws Exception {
        List<FaultRow> faults = runAndCheck(faulted("kill-leader@0.5"));

        FaultRow kill = faults.get(0);
        assertEquals("kill-leader@0.5", kill.fault());
        assertTrue(kill.t50Seconds() >= 0, "back at half the pre-fault level before the window ended: " + kill);
        assertTrue(kill.elections() >= 1, "killing the leader makes an election: " + kill);
        // Its restart comes after the window: from the kill on, it has no figure.
        ProcessRow killed = process(kill.replica());
        assertEquals(1, killed.pids().split(" ").length, killed.toString());
        assertTrue(killed.procSamples() >= 1 && killed.procSamples() < killed.samples() - 10, killed.toString());
        assertTrue(killed.cpuPercent() > 0, "it ran before the kill: " + killed);
        for (ProcessRow row : processes()) {
            if (!row.process().equals(kill.replica())) {
                assertEquals(row.samples(), row.jvmSamples(), "running all along: " + row);
                assertTrue(row.cpuPercent() > 0 && row.httpBytesIn() > 0 && row.rssPeakMb() > 0, row.toString());
            }
        }
    }

    /** Tagged slow (about 23 s) to keep {@code mvn test} inside its budget; {@code .ci/run} runs it. */
    @Test
    @Tag("slow")
    @Timeout(180)
    void run_randomScheduleOfAFixedSeed_drawsItsPlanPassesTheAuditAndTheCheck() throws Exception {
        WorkloadConfig config = faulted("").withWindow(0.5, 11).with(Map.of(Setting.FAULT, "random",
                Setting.FAULT_SEED, 8, Setting.FAULT_EVERY, 4, Setting.FAULT_MIN_SECONDS, 0.5,
                Setting.FAULT_MAX_SECONDS, 1.5, Setting.FAULT_KINDS,
                "kill-leader,kill-follower,pause-leader,pause-follower"));
        assertEquals("pause-follower@2.6:0.5,kill-leader@6.7,restart@7.9", config.faults.toString());

        List<FaultRow> faults = runAndCheck(config);

        assertEquals(List.of("pause-follower@2.6:0.5", "kill-leader@6.7", "restart@7.9"),
                faults.stream().map(FaultRow::fault).toList());
        assertTrue(faults.get(1).elections() >= 1, "killing the leader makes an election: " + faults.get(1));
        assertEquals(1, faults.stream().mapToDouble(FaultRow::beforePerSecond).distinct().count(),
                "one pre-fault level for every fault: " + faults);
        ProcessRow restarted = process(faults.get(1).replica());
        assertEquals(2, restarted.pids().split(" ").length, "killed, then restarted under a new pid: " + restarted);
        assertTrue(restarted.procSamples() < restarted.samples(), "not running for 1.2 s: " + restarted);
        assertTrue(process(faults.get(0).replica()).stoppedSamples() >= 1, "paused for 0.5 s, sampled every 0.25 s");
    }

    /** Tagged slow (about 17 s) to keep {@code mvn test} inside its budget; {@code .ci/run} runs it. */
    @Test
    @Tag("slow")
    @Timeout(180)
    void run_leaderPaused_passesTheAuditAndTheCheckAndRecovers() throws Exception {
        List<FaultRow> faults = runAndCheck(faulted("pause-leader@0.5:1.5"));

        FaultRow pause = faults.get(0);
        assertEquals("pause-leader@0.5:1.5", pause.fault());
        assertEquals(1.5, pause.endSeconds() - pause.startSeconds(), 0.3, pause.toString());
        assertTrue(pause.t50Seconds() >= 0, "back at half the pre-fault level before the window ended: " + pause);
        ProcessRow paused = process(pause.replica());
        assertTrue(paused.stoppedSamples() >= 4, "stopped for 1.5 s, sampled every 0.25 s: " + paused);
        assertEquals(paused.samples(), paused.procSamples(), "/proc reads it stopped: " + paused);
        assertEquals(paused.samples() - paused.stoppedSamples(), paused.jvmSamples(), paused.toString());
    }

    @Test
    @Timeout(180)
    void run_leaderIsolated_passesTheAuditAndTheCheckAndRecovers() throws Exception {
        String reason = ReplicaNetwork.unavailableReason();
        if (reason != null) {
            System.err.println("FaultRunTest.run_leaderIsolated skipped: " + reason);
        }
        assumeTrue(reason == null, () -> "partitions cannot be made here: " + reason);
        // Cut off for 4 s, longer than the replica's 3 s deadline: the clients must be back about
        // one election after the cut (the old leader answers 503 once it has lost its majority,
        // the proxies move to the majority's new leader), not after the deadline or the cut.
        List<FaultRow> faults = runAndCheck(faulted("isolate-leader@0.5:4"));

        FaultRow isolation = faults.get(0);
        assertEquals("isolate-leader@0.5:4", isolation.fault());
        assertEquals(4, isolation.endSeconds() - isolation.startSeconds(), 0.3, isolation.toString());
        assertTrue(isolation.t50Seconds() >= 0, "back at half the pre-fault level before the window ended: "
                + isolation);
        assertTrue(isolation.t50Seconds() < ELECTION_BOUND_SECONDS, "back at half " + isolation.t50Seconds()
                + " s after the cut; an election and the move to the new leader take well under "
                + ELECTION_BOUND_SECONDS + " s, the replica deadline is 3 s and the cut 4 s: " + isolation);
        assertTrue(isolation.elections() >= 1, "the majority elects a leader of its own: " + isolation);
        assertEquals(List.of(), ReplicaNetwork.madeHere(), "namespaces left behind");
    }

    @Test
    @Tag("slow")
    @Timeout(180)
    void run_staleReads_failTheCheckOfThePartitionRun() throws Exception {
        String reason = ReplicaNetwork.unavailableReason();
        assumeTrue(reason == null, () -> "partitions cannot be made here: " + reason);
        // Broken on purpose: every replica reads its own state without asking the leader. Workers
        // pinned to replicas (worker i to replica i mod 3, the cut-off one included), 60 % reads, a
        // short deadline so that a worker whose write cannot commit goes on to read.
        WorkloadConfig config = faulted("isolate-leader@0.5:3").with(Setting.REPLICA_READS, "stale")
                .with(Setting.REPLICA_CLIENTS, "pinned").with(Setting.CALL_TIMEOUT_SECONDS, 0.5)
                .withShares(0.2, 0.2, 0.6);
        CheckFailedException e = assertThrows(CheckFailedException.class,
                () -> WorkloadMain.run(config, locking -> HttpTarget.open(config, locking)));
        System.out.println("as expected, " + e.getMessage().lines().limit(12).reduce("", (a, b) -> a + "\n" + b));

        // The first call the whole history cannot order may be a follower's read lagging behind a
        // write (stale reads allow that too). Two more checks look at the cut-off leader alone:
        // every write, and only the reads of the workers pinned to it. With those begun before the
        // cut the history must pass (it led then, and a leader's own state holds every
        // acknowledged write). With those begun before the heal it fails when the majority
        // committed writes its reads then missed: printed, not asserted, since on a busy machine
        // the majority may commit too little in 3 s, and with longer cuts the writes of unknown
        // outcome can exhaust the check's budget (docs/faults.md has the counts).
        FaultRow isolation = FaultsFile.read(dir.resolve("results/http-faults.csv")).get(0);
        int cutOff = Integer.parseInt(isolation.replica().substring(1));
        long from = (long) (isolation.startSeconds() * 1e9);
        long to = (long) (isolation.endSeconds() * 1e9);
        History whole = HistoryFile.read(CheckedRunTest.onlyHistory(dir.resolve("results")));
        CheckResult before = Checker.check(readsOf(whole, cutOff, from), Budget.of(30, 1024));
        assertEquals(Verdict.LINEARIZABLE, before.verdict(), before.summary());
        CheckResult during = Checker.check(readsOf(whole, cutOff, to), Budget.of(30, 1024));
        System.out.println("with r" + cutOff + "'s reads begun by " + isolation.startSeconds() + " s: "
                + before.summary() + "\nwith those begun by " + isolation.endSeconds() + " s (cut off from "
                + isolation.startSeconds() + " s): " + during.summary());
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a replica JVM still running");
        assertEquals(List.of(), ReplicaNetwork.madeHere(), "namespaces left behind");
    }

    /** {@code whole} with every write, and only the reads of the workers pinned to replica {@code replica} begun by {@code byNs}. */
    private static History readsOf(History whole, int replica, long byNs) {
        return new History(whole.description() + ", reads of r" + replica + "'s workers begun by " + byNs / 1e9
                + " s only", whole.initial(), whole.calls().stream()
                        .filter(call -> call.method().mutating() || (call.worker() % 3 == replica && call.startNs() <= byNs))
                        .toList());
    }

    /** The processes file's rows of the run: the harness, then each replica. */
    private List<ProcessRow> processes() {
        List<ProcessRow> rows = ProcessesFile.read(dir.resolve("results/http-processes.csv"));
        assertEquals(List.of("harness", "r0", "r1", "r2"), rows.stream().map(ProcessRow::process).toList());
        return rows;
    }

    private ProcessRow process(String name) {
        return processes().stream().filter(row -> row.process().equals(name)).findFirst().orElseThrow();
    }

    /** Runs, checks what every run must show, and returns the faults' rows. */
    private List<FaultRow> runAndCheck(WorkloadConfig config) throws Exception {
        List<Repetition> results = WorkloadMain.run(config, locking -> HttpTarget.open(config, locking));
        WorkloadMain.drawCharts(config);

        assertEquals(1, results.size());
        assertEquals(AuditOutcome.PASSED, results.get(0).audit(), results.get(0).auditProblems().toString());
        CheckResult check = Checker.check(HistoryFile.read(CheckedRunTest.onlyHistory(dir.resolve("results"))),
                Budget.of(20, 512));
        assertEquals(Verdict.LINEARIZABLE, check.verdict(), check.summary());
        List<FaultRow> faults = FaultsFile.read(dir.resolve("results/http-faults.csv"));
        assertTrue(Files.size(dir.resolve("plots/faults-http-TWO_LEVEL-threads8.png")) > 10_000);
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a replica JVM still running");
        assertTrue(LocalRunTest.workloadThreads().isEmpty(), "threads left: " + LocalRunTest.workloadThreads());
        return faults;
    }
}
