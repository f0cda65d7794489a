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
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

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

    /** The measure of each case: a window far longer than the priming, long counts, a short window. */
    static Stream<Arguments> measures() {
        return Stream.of(
                Arguments.of("a 60 s window", (UnaryOperator<WorkloadConfig>) c -> c.withWindow(0.5, 60), 1),
                Arguments.of("10 M interactions per worker", (UnaryOperator<WorkloadConfig>) c -> c.withCounts(0,
                        10_000_000), 1),
                Arguments.of("a 0.3 s window: repetitions of at most 0.3 s", (UnaryOperator<WorkloadConfig>) c ->
                        c.withWindow(0, 0.3), 3));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("measures")
    @Timeout(45)
    void prime_anyWindowOrCount_takesAboutThePrimingTime(String measure, UnaryOperator<WorkloadConfig> setup,
            int minRepetitions) throws Exception {
        Primed primed = primeOnly(setup.apply(base()));

        assertTrue(primed.repetitions >= minRepetitions, measure + ": " + primed.repetitions + " repetitions");
        // Generous above (a repetition's reset and audit, a busy machine); the unbounded priming
        // took the whole window or count.
        assertTrue(primed.seconds >= PRIMING_SECONDS * 0.9 && primed.seconds < PRIMING_SECONDS + 8,
                measure + ": priming of " + PRIMING_SECONDS + " s took " + primed.seconds + " s");
    }

    private WorkloadConfig base() {
        return WorkloadConfig.defaults().withThreads(1).withLockings(Locking.SINGLE).withRepetitions(1)
                .withOutput(dir.resolve("results"), dir.resolve("plots"))
                .with(Map.of(Setting.PROGRESS_SECONDS, 0, Setting.PRIMING_SECONDS, PRIMING_SECONDS));
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
