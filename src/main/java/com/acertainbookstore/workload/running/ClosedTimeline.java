package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.load.ClosedWorker;
import com.acertainbookstore.workload.load.Interactions;
import com.acertainbookstore.workload.load.RunControl;
import com.acertainbookstore.workload.load.Worker;
import com.acertainbookstore.workload.load.WorkerLog;
import com.acertainbookstore.workload.results.Measure;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HealthProbe;
import com.acertainbookstore.workload.targets.ProcessSample;
import com.acertainbookstore.workload.targets.Target;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;

/**
 * A closed loop's repetition. Time mode: a warm-up, extended until every worker finished an
 * interaction, then the measured window, then stop. Count mode: every worker runs its warm-up and
 * measured interactions and stops by itself; the window runs from the first measured start to the
 * last measured end. Not thread-safe: used by the coordinator.
 */
final class ClosedTimeline extends Timeline {

    /** How much longer than asked a warm-up may last while waiting for every worker to run. */
    private static final long MAX_EXTRA_WARMUP_NS = TimeUnit.SECONDS.toNanos(60);
    private static final long[] NO_BACKLOG = new long[0];

    ClosedTimeline(WorkloadConfig config, Progress progress, PointRunner runner) {
        super(config, progress, runner);
    }

    @Override
    Worker worker(RunControl control, Interactions interactions, HealthProbe health, SplittableRandom random) {
        return new ClosedWorker(control, interactions, health, config, random);
    }

    @Override
    Observed measure(Point point, Target target, int repetition, RunControl control, Worker[] workers)
            throws Exception {
        long origin = System.nanoTime();
        long epochMs = System.currentTimeMillis();
        control.start(origin);
        if (config.measure == Measure.COUNT) {
            ProcessSample before = target.sample();
            long nextLive = origin + progressInterval();
            while (!allFinished(workers) && !runner.aborted()) {
                TimeUnit.MILLISECONDS.sleep(20);
                if (System.nanoTime() >= nextLive) {
                    live(origin, point, repetition, workers);
                    nextLive += progressInterval();
                }
            }
            return new Observed(origin, epochMs, origin, origin, origin, before, before, 0, 0, NO_BACKLOG);
        }
        long warmupEnd = origin + seconds(config.warmupSeconds);
        sleepUntil(warmupEnd, origin, point, repetition, workers, interval -> { });
        awaitEveryWorkerRunning(workers, warmupEnd + MAX_EXTRA_WARMUP_NS, origin, point, repetition);
        ProcessSample before = target.sample();
        long windowStart = System.nanoTime();
        control.setPhase(RunControl.MEASURE);
        windowListener.opens(origin, windowStart);
        sleepUntil(windowStart + seconds(config.windowSeconds), origin, point, repetition, workers, interval -> { });
        control.setPhase(RunControl.STOP);
        long windowEnd = System.nanoTime();
        // Sampled as the workers stop (still alive, so counted as threads).
        ProcessSample after = target.sample();
        return new Observed(origin, epochMs, windowStart, windowEnd, windowEnd, before, after, 0, 0, NO_BACKLOG);
    }

    /** Count mode: the window is the span of the measured interactions, and the last sample is taken now. */
    @Override
    Observed afterJoin(Observed seen, List<WorkerLog> logs, Target target) throws Exception {
        if (config.measure != Measure.COUNT) {
            return seen;
        }
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (WorkerLog log : logs) {
            start = Math.min(start, log.measuredStartNs);
            end = Math.max(end, log.measuredEndNs);
        }
        return new Observed(seen.originNs(), seen.originEpochMs(), start, Math.max(end, start + 1), seen.endNs(),
                seen.before(), target.sample(), 0, 0, NO_BACKLOG);
    }

    @Override
    String liveDetail(Worker[] workers) {
        int waiting = 0;
        for (Worker worker : workers) {
            if (worker.log() == null || worker.log().done() == 0) {
                waiting++;
            }
        }
        return waiting == 0 ? "" : ", " + waiting + " workers yet to finish a first interaction";
    }

    @Override
    double secondsLeft(double elapsed, long done, int workers) {
        if (config.measure == Measure.TIME) {
            return config.warmupSeconds + config.windowSeconds - elapsed;
        }
        long total = (long) workers * (config.warmupInteractions + config.measuredInteractions);
        return done == 0 ? Double.NaN : elapsed * (total - done) / done;
    }

    /**
     * Extends the warm-up until every worker has finished at least one interaction, at most until
     * the deadline; the live line goes on meanwhile. So the window opens on a running system, not
     * on its start: at 2000 threads the first interactions all start together (their acquisitions
     * race for the same missing books, the server grows its thread pool), which a window opened
     * after a fixed 0.5 s measured at a third of the steady throughput.
     */
    private void awaitEveryWorkerRunning(Worker[] workers, long deadline, long origin, Point point, int repetition)
            throws InterruptedException {
        long nextLive = System.nanoTime() + progressInterval();
        for (Worker worker : workers) {
            while (worker.error() == null && worker.log() != null && worker.log().done() == 0
                    && System.nanoTime() < deadline && !runner.aborted()) {
                TimeUnit.MILLISECONDS.sleep(5);
                if (System.nanoTime() >= nextLive) {
                    live(origin, point, repetition, workers);
                    nextLive += progressInterval();
                }
            }
        }
    }

    private static boolean allFinished(Worker[] workers) {
        for (Worker worker : workers) {
            if (!worker.finished()) {
                return false;
            }
        }
        return true;
    }
}
