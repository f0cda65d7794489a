package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Priming lasts about {@code workload.primingSeconds} whatever the measured window or count: the
 * run is stopped when its first measured repetition prepares (priming runs at 10 threads, the
 * point at 1), and the time to that moment is the priming's. Before priming was bounded by the
 * time left, a 1 s priming before a 60 s window took 60 s, and before a count of ten million
 * interactions per worker it took as long as those.
 */
class PrimingTest {

    private static final double PRIMING_SECONDS = 1.0;

    @TempDir
    Path dir;

    @Test
    @Timeout(45)
    void prime_windowMuchLongerThanPriming_takesAboutThePrimingTime() throws Exception {
        WorkloadConfig config = base().withWindow(0.5, 60);

        Primed primed = primeOnly(config);

        assertAboutPrimingTime(primed);
    }

    @Test
    @Timeout(45)
    void prime_countModeWithLongCounts_takesAboutThePrimingTime() throws Exception {
        WorkloadConfig config = base().withCounts(0, 10_000_000);

        Primed primed = primeOnly(config);

        assertAboutPrimingTime(primed);
    }

    @Test
    @Timeout(45)
    void prime_windowShorterThanPriming_runsSeveralRepetitionsForAboutThePrimingTime() throws Exception {
        WorkloadConfig config = base().withWindow(0, 0.3);

        Primed primed = primeOnly(config);

        assertAboutPrimingTime(primed);
        assertTrue(primed.repetitions >= 3, "repetitions of at most 0.3 s in 1 s of priming: " + primed.repetitions);
    }

    private WorkloadConfig base() {
        return WorkloadConfig.defaults().withThreads(1).withLockings(Locking.SINGLE).withRepetitions(1)
                .withOutput(dir.resolve("results"), dir.resolve("plots"))
                .with(Map.of(Setting.PROGRESS_SECONDS, 0, Setting.PRIMING_SECONDS, PRIMING_SECONDS));
    }

    private static void assertAboutPrimingTime(Primed primed) {
        assertTrue(primed.repetitions >= 1, "at least one priming repetition");
        // Generous above (a repetition's reset and audit, a busy machine); the unbounded priming
        // took the whole window or count.
        assertTrue(primed.seconds >= PRIMING_SECONDS * 0.9 && primed.seconds < PRIMING_SECONDS + 8,
                "priming of " + PRIMING_SECONDS + " s took " + primed.seconds + " s");
    }

    /** Runs the sweep until its first measured repetition prepares; how long priming took and its repetitions. */
    private static Primed primeOnly(WorkloadConfig config) {
        List<Integer> prepared = Collections.synchronizedList(new ArrayList<>());
        long[] end = new long[1];
        long start = System.nanoTime();
        Target.Factory targets = locking -> {
            Target store = WorkloadMain.inProcess(locking);
            return new ForwardingTarget(store, store.bookStore(), store.stockManager()) {
                @Override
                public void prepare(int workers) throws Exception {
                    if (workers != WorkloadConfig.PRIMING_THREADS) {
                        end[0] = System.nanoTime();
                        throw new PrimingOver();
                    }
                    prepared.add(workers);
                    super.prepare(workers);
                }
            };
        };

        assertThrows(PrimingOver.class, () -> WorkloadMain.run(config, targets));

        assertEquals(prepared.size(), prepared.stream().filter(w -> w == WorkloadConfig.PRIMING_THREADS).count());
        return new Primed((end[0] - start) / 1e9, prepared.size());
    }

    private record Primed(double seconds, int repetitions) {
    }

    /** Thrown when the first measured repetition prepares: the run ends there. */
    private static final class PrimingOver extends Exception {
        private static final long serialVersionUID = 1L;
    }
}
