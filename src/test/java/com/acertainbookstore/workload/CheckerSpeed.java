package com.acertainbookstore.workload;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.history.Budget;
import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.Checker;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.replica.Directories;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;

/**
 * Measures the checker on histories the harness records in-process (not a test): calls checked per
 * second on register-profile (per-ISBN) histories of 10k and 100k calls, and the largest history of
 * the standard mix (whole-store search) checked within a 10 s budget. Run with
 * {@code mvn -o -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.workload.CheckerSpeed -Dexec.args="[threads] [mixThreads]"}.
 */
public final class CheckerSpeed {

    private CheckerSpeed() {
    }

    public static void main(String[] args) throws Exception {
        int threads = args.length > 0 ? Integer.parseInt(args[0]) : 16;
        int mixThreads = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        Path dir = Files.createTempDirectory("cbs-checker-speed");
        try {
            for (int calls : new int[] {10_000, 100_000}) {
                History history = record(dir, WorkloadConfig.defaults().with(Setting.PROFILE, "register")
                        .withThreads(threads).withCounts(0, calls / threads), 1);
                double[] rates = new double[5];
                CheckResult result = null;
                for (int i = 0; i < rates.length; i++) {
                    result = Checker.check(history, Budget.of(60, 4096));
                    rates[i] = result.callsPerSecond();
                }
                Arrays.sort(rates);
                System.out.printf(Locale.ROOT, "register, %d threads: %s; calls/s over 5 checks: median %,.0f,"
                        + " best %,.0f%n", threads, result.summary(), rates[2], rates[4]);
            }
            int largest = 0;
            for (int perWorker = 25; perWorker <= 1_000_000; perWorker *= 2) {
                History history = record(dir, WorkloadConfig.defaults().withThreads(mixThreads)
                        .withCounts(0, perWorker), 1);
                CheckResult result = Checker.check(history, Budget.of(10, 4096));
                System.out.printf(Locale.ROOT, "mix, %d threads x %d interactions: %s%n", mixThreads, perWorker,
                        result.summary());
                if (result.verdict() != Verdict.LINEARIZABLE) {
                    break;
                }
                largest = result.calls();
            }
            System.out.printf(Locale.ROOT, "largest whole-store mix history checked within 10 s (%d threads): %,d"
                    + " calls%n", mixThreads, largest);
        } finally {
            Directories.deleteTree(dir);
        }
    }

    /**
     * Runs one repetition with the history recorded and returns it, in memory; the run's files
     * under {@code dir} are deleted. {@code primingSeconds}: discarded repetitions first (0: none).
     * Also used by {@link HistoryJsonSpeed}.
     */
    static History record(Path dir, WorkloadConfig base, int primingSeconds) throws Exception {
        Path results = dir.resolve("r" + System.nanoTime());
        WorkloadConfig config = base.with(Setting.HISTORY, true).withRepetitions(1).withLockings(Locking.TWO_LEVEL)
                .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, primingSeconds)
                .withOutput(results, dir.resolve("plots"));
        WorkloadMain.run(config, WorkloadMain::inProcess);
        History history = HistoryFile.read(CheckedRunTest.onlyHistory(results));
        Directories.deleteTree(results);
        return history;
    }
}
