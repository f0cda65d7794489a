package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.load.Interactions;
import com.acertainbookstore.workload.load.RunControl;
import com.acertainbookstore.workload.load.Worker;
import com.acertainbookstore.workload.load.WorkerLog;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HealthProbe;
import com.acertainbookstore.workload.targets.Target;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.LongConsumer;

/**
 * How a repetition unfolds in time, closed or open loop: which workers it needs, and what the
 * coordinator does from opening the gate until the workers should stop (warm-up, window, and for
 * an open loop the drain), with the live line meanwhile. Not thread-safe: used by the coordinator.
 */
abstract class Timeline {

    final WorkloadConfig config;
    final Progress progress;
    final PointRunner runner;
    /** Told when the measured window opens (a repetition's faults fire from then); nothing by default. */
    WindowListener windowListener = (originNs, windowStartNs) -> { };

    /** Hears when a repetition's measured window opens. */
    @FunctionalInterface
    interface WindowListener {
        /** Both are {@code nanoTime}s: when the workers were let go, and when the window opens (now or later). */
        void opens(long originNs, long windowStartNs);
    }

    Timeline(WorkloadConfig config, Progress progress, PointRunner runner) {
        this.config = config;
        this.progress = progress;
        this.runner = runner;
    }

    /** A worker of this kind ({@code health} non-null: a probe of the transport ceiling). */
    abstract Worker worker(RunControl control, Interactions interactions, HealthProbe health, SplittableRandom random);

    /**
     * Opens the gate (once every worker is ready), runs the warm-up and the window, and returns
     * what it saw once the workers should stop.
     */
    abstract Observed measure(Point point, Target target, int repetition, RunControl control, Worker[] workers)
            throws Exception;

    /** Completes what was seen once every worker has been joined (count mode: the window, the last sample). */
    Observed afterJoin(Observed seen, List<WorkerLog> logs, Target target) throws Exception {
        return seen;
    }

    /** The live line's extra words: how the run stands beyond interactions done and failed. */
    abstract String liveDetail(Worker[] workers);

    /** The live line's estimate of the seconds left, NaN when unknown. */
    abstract double secondsLeft(double elapsed, long done, int workers);

    /**
     * Sleeps until {@code deadline}, waking every interval boundary to call {@code atBoundary}
     * (with the boundary's interval index) and every progress interval for the live line.
     */
    final void sleepUntil(long deadline, long origin, Point point, int repetition, Worker[] workers,
            LongConsumer atBoundary) throws InterruptedException {
        sleepUntil(deadline, origin, point, repetition, workers, atBoundary, () -> false, Long.MAX_VALUE);
    }

    /**
     * {@link #sleepUntil(long, long, Point, int, Worker[], LongConsumer)}, but also looking every
     * {@code pollNanos} whether {@code done}, and returning as soon as it is.
     */
    final void sleepUntil(long deadline, long origin, Point point, int repetition, Worker[] workers,
            LongConsumer atBoundary, BooleanSupplier done, long pollNanos) throws InterruptedException {
        long interval = (long) (config.intervalSeconds * 1e9);
        long nextBoundary = origin + (Math.floorDiv(System.nanoTime() - origin, interval) + 1) * interval;
        long nextLive = System.nanoTime() + progressInterval();
        long now;
        while ((now = System.nanoTime()) < deadline && !runner.aborted() && !done.getAsBoolean()) {
            long wake = Math.min(now + Math.min(pollNanos, deadline - now), Math.min(nextBoundary, nextLive));
            TimeUnit.NANOSECONDS.sleep(wake - now);
            now = System.nanoTime();
            if (now >= nextBoundary) {
                atBoundary.accept((nextBoundary - origin) / interval - 1);
                nextBoundary += interval;
            }
            if (now >= nextLive) {
                live(origin, point, repetition, workers);
                nextLive += progressInterval();
            }
        }
    }

    /** The live line, once the repetition has run for at least a progress interval. */
    final void live(long origin, Point point, int repetition, Worker[] workers) {
        double elapsed = (System.nanoTime() - origin) / 1e9;
        if (config.progressSeconds <= 0 || elapsed < config.progressSeconds) {
            return;
        }
        long done = 0;
        long failed = 0;
        for (Worker worker : workers) {
            WorkerLog log = worker.log();
            done += log == null ? 0 : log.done();
            failed += log == null ? 0 : log.failed();
        }
        progress.live(point, repetition, elapsed, secondsLeft(elapsed, done, workers.length), done, failed,
                liveDetail(workers));
    }

    final long progressInterval() {
        return config.progressSeconds <= 0 ? TimeUnit.MILLISECONDS.toNanos(200) : seconds(config.progressSeconds);
    }

    static long seconds(double value) {
        return (long) (value * 1e9);
    }
}
