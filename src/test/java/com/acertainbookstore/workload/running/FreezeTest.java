package com.acertainbookstore.workload.running;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.load.BookSetup;
import com.acertainbookstore.workload.results.IntervalLogFile;
import com.acertainbookstore.workload.results.Latency;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.concurrent.TimeUnit;
import org.HdrHistogram.AbstractHistogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A store frozen for a known time inside the window: the open loop's latency must carry the
 * freeze for every interaction due during it, its service time must not; a closed loop, whose
 * clients stop with the store, hides the freeze from its p99 (coordinated omission).
 */
class FreezeTest {

    private static final long FREEZE_NS = TimeUnit.MILLISECONDS.toNanos(300);
    /** The freeze starts this long after the first interaction: inside the window (0.2 s to 1.2 s). */
    private static final long FREEZE_AFTER_NS = TimeUnit.MILLISECONDS.toNanos(500);
    private static final double FREEZE_US = FREEZE_NS / 1000.0;
    private static final double RATE = 2000;

    private static final WorkloadConfig CONFIG = WorkloadConfig.defaults().withLockings(Locking.SINGLE)
            .withWindow(0.2, 1.0).with(Setting.INTERVAL_SECONDS, 0.1).with(Setting.DRAIN_SECONDS, 5)
            .with(Setting.PROGRESS_SECONDS, 0);

    private static RepetitionMerge.Recording run(Point point) throws Exception {
        GatedStore store = new GatedStore(new GatedStore.Freeze(FREEZE_AFTER_NS, FREEZE_NS));
        PointRunner runner = new PointRunner(CONFIG, new BookSetup(CONFIG), new Progress(
                new Console(System.out, false, Console.DEFAULT_WIDTH), System::nanoTime));
        return runner.run(point, store.target(), 1, 42, Double.NaN, null);
    }

    @Test
    @Timeout(30)
    void openLoop_storeFrozenInTheWindow_everyInteractionDueInTheFreezeWaitedButServiceTimeDidNot()
            throws Exception {
        RepetitionMerge.Recording recording = run(Point.open(new Series(Mode.LOCAL, Load.OPEN, Locking.SINGLE), 4,
                RATE));
        Repetition result = recording.repetition();
        Latency latency = result.latency();
        Latency service = result.open().service();

        long dueInFirstHalf = Math.round(RATE * FREEZE_NS / 2 / 1e9);
        long waitedHalf = countAtLeast(recording.log(), FREEZE_NS / 2);
        assertTrue(waitedHalf >= 0.95 * dueInFirstHalf, waitedHalf + " interactions waited at least half the freeze;"
                + " the " + dueInFirstHalf + " due in its first half all did");
        assertTrue(latency.p99() >= 0.8 * FREEZE_US, "latency p99 " + latency.p99() + " us hides the freeze");
        assertTrue(latency.max() >= 0.9 * FREEZE_US, "latency max " + latency.max() + " us");
        assertTrue(service.p99() < FREEZE_US / 10, "service p99 " + service.p99() + " us carries the freeze");
        assertTrue(service.max() >= 0.5 * FREEZE_US, "no call was held by the freeze: service max " + service.max());
        assertEquals(0, result.open().unstarted());
        assertEquals(result.open().scheduled(), result.interactions(), "every interaction due in the window was run");
        assertEquals(Math.round(RATE * CONFIG.windowSeconds), result.open().scheduled(), 1.0);
        assertTrue(recording.intervals().stream().anyMatch(i -> i.startSeconds() >= 0.5 && i.endSeconds() <= 0.8
                && i.successes() + i.failures() == 0), "an interval inside the freeze completed nothing");
    }

    @Test
    @Timeout(30)
    void closedLoop_sameFreeze_recordedP99HidesIt() throws Exception {
        RepetitionMerge.Recording recording = run(Point.closed(new Series(Mode.LOCAL, Load.CLOSED, Locking.SINGLE),
                4));
        Latency latency = recording.repetition().latency();

        assertTrue(latency.max() >= 0.8 * FREEZE_US, "the freeze did not reach the closed loop: max " + latency.max());
        assertTrue(latency.p99() < FREEZE_US / 10, "closed-loop p99 " + latency.p99() + " us");
        assertTrue(countAtLeast(recording.log(), FREEZE_NS / 2) <= 4, "only the 4 clients in a call waited");
    }

    /** How many recorded latencies were at least {@code nanos}, over every interval of the log. */
    private static long countAtLeast(IntervalLogFile.RepetitionLog log, long nanos) {
        long count = 0;
        for (IntervalLogFile.Recorded interval : log.intervals()) {
            AbstractHistogram h = interval.latency();
            count += h.getTotalCount() - h.getCountBetweenValues(0, h.lowestEquivalentValue(nanos) - 1);
        }
        return count;
    }
}
