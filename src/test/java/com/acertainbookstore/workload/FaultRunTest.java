package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.running.HttpTarget;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults in a short checking run against three replica JVMs the harness forks: the register
 * profile on 3 hot books, 8 client threads, a closed loop; a 0.5 s warm-up, then an 11 s measured
 * window in which the faults fire; figures per quarter second. The run must pass its audit on
 * every replica (every replica identical, copies adding up with the unknown outcomes as bounds)
 * and its linearizability check, report a finite unavailability window for each fault, draw its
 * chart, and leave no replica and no worker behind.
 *
 * <p>Schedule: the leader SIGKILLed 1 s into the window and restarted at 2.5 s, then the leader
 * (a new one) paused with SIGSTOP at 6 s for 1.5 s. One run holds both faults: a run costs a
 * fleet start, a priming repetition and a heal, about 25 s, and {@code mvn test} has 4 minutes.
 */
class FaultRunTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void run_leaderKilledRestartedThenPaused_passesTheAuditAndTheCheckAndRecoversFromEach() throws Exception {
        WorkloadConfig config = CheckedRunTest.registerCheck(dir).withReplicas(3).withWindow(0.5, 11).withThreads(8)
                .with(Setting.INTERVAL_SECONDS, 0.25).with(Setting.REPLICA_STORAGE, dir.resolve("replicas"))
                .with(Setting.FAULT, "kill-leader@1,restart@2.5,pause-leader@6:1.5");

        List<FaultRow> faults = runAndCheck(config);

        assertEquals(List.of("kill-leader@1", "restart@2.5", "pause-leader@6:1.5"),
                faults.stream().map(FaultRow::fault).toList());
        FaultRow kill = faults.get(0);
        assertTrue(kill.unavailableSeconds() >= 0, "back before the run ended: " + kill);
        assertTrue(kill.elections() >= 1, "killing the leader makes an election: " + kill);
        assertEquals(kill.replica(), faults.get(1).replica(), "the restart brings back the killed replica");
        FaultRow pause = faults.get(2);
        assertEquals(1.5, pause.endSeconds() - pause.startSeconds(), 0.3, pause.toString());
        assertTrue(pause.unavailableSeconds() >= 0, "back before the run ended: " + pause);
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
