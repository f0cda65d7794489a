package com.acertainbookstore.workload.running;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Runs one repetition of one point: resets the store, starts the workers behind a gate, warms up,
 * measures, stops and joins every worker, merges their logs and audits the store. Not
 * thread-safe: used by the coordinator thread; {@link #abort()} may be called from any thread
 * (the shutdown hook) and stops the workers of the repetition under way.
 */
final class PointRunner {

    /** How long stopped workers may take to finish their current interaction. */
    private static final long STOP_GRACE_NS = TimeUnit.SECONDS.toNanos(90);
    /** How much longer than asked a warm-up may last while waiting for every worker to run. */
    private static final long MAX_EXTRA_WARMUP_NS = TimeUnit.SECONDS.toNanos(60);

    private final WorkloadConfig config;
    private final BookSetup books;
    private final Progress progress;
    private final AtomicReference<RunControl> active = new AtomicReference<>();
    private volatile boolean aborted;

    PointRunner(WorkloadConfig config, BookSetup books, Progress progress) {
        this.config = config;
        this.books = books;
        this.progress = progress;
    }

    /** Stops the repetition under way and every later one. */
    void abort() {
        aborted = true;
        RunControl control = active.get();
        if (control != null) {
            control.setPhase(RunControl.STOP);
        }
    }

    PointResult run(Point point, Target target, int repetition, long seed) throws Exception {
        if (aborted) {
            throw new IllegalStateException("the run was aborted");
        }
        Interactions interactions = null;
        if (!point.health()) {
            books.reset(target.stockManager());
            interactions = new Interactions(target.bookStore(), target.stockManager(), books, config);
        }
        target.prepare(point.threads());
        RunControl control = new RunControl(point.threads());
        Worker[] workers = new Worker[point.threads()];
        Thread[] threads = new Thread[point.threads()];
        SplittableRandom[] randoms = workerRandoms(seed, workers.length);
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Worker(control, interactions, point.health() ? target.health() : null, config,
                    randoms[i]);
            threads[i] = new Thread(workers[i], "workload-" + point.series().replace(' ', '-') + "-" + i);
            threads[i].setDaemon(true);
        }
        active.set(control);
        try {
            for (Thread thread : threads) {
                thread.start();
            }
            control.awaitReady();
            return measure(point, target, repetition, control, workers, threads);
        } finally {
            control.setPhase(RunControl.STOP);
            control.start();
            active.set(null);
        }
    }

    /**
     * One generator per worker, split in order from one seeded root: reproducible for a seed, and
     * statistically independent of each other. (Seeding {@code new SplittableRandom(seed + i * g)}
     * with the generator's own increment {@code g} would make worker i's draws those of worker 0
     * shifted by i, so workers would make the same choices one step apart.)
     */
    static SplittableRandom[] workerRandoms(long seed, int workers) {
        SplittableRandom root = new SplittableRandom(seed);
        SplittableRandom[] randoms = new SplittableRandom[workers];
        for (int i = 0; i < workers; i++) {
            randoms[i] = root.split();
        }
        return randoms;
    }

    private PointResult measure(Point point, Target target, int repetition, RunControl control,
            Worker[] workers, Thread[] threads) throws Exception {
        long begin = System.nanoTime();
        ProcessSample before;
        double windowSeconds;
        control.start();
        if (config.measure == WorkloadConfig.Measure.TIME) {
            sleepUntil(begin + seconds(config.warmupSeconds), begin, point, repetition, workers);
            awaitEveryWorkerRunning(workers, begin + seconds(config.warmupSeconds) + MAX_EXTRA_WARMUP_NS,
                    begin, point, repetition);
            before = target.sample();
            long windowStart = System.nanoTime();
            control.setPhase(RunControl.MEASURE);
            sleepUntil(windowStart + seconds(config.windowSeconds), begin, point, repetition, workers);
            control.setPhase(RunControl.STOP);
            windowSeconds = (System.nanoTime() - windowStart) / 1e9;
        } else {
            before = target.sample();
            windowSeconds = Double.NaN;
        }
        // Time mode: sampled as the workers stop (still alive, so counted as threads).
        ProcessSample after = target.sample();
        join(threads, begin, point, repetition, workers);
        if (aborted) {
            throw new IllegalStateException("the run was aborted");
        }
        if (config.measure == WorkloadConfig.Measure.COUNT) {
            after = target.sample();
        }
        List<WorkerLog> logs = new ArrayList<>();
        for (Worker worker : workers) {
            if (worker.error() != null) {
                throw new IllegalStateException("worker of " + point.series() + " at " + point.threads()
                        + " threads failed: " + worker.error(), worker.error());
            }
            logs.add(worker.log());
        }
        double reference = Double.NaN;
        if (config.measure == WorkloadConfig.Measure.COUNT) {
            long start = Long.MAX_VALUE;
            long end = Long.MIN_VALUE;
            reference = 0;
            for (WorkerLog log : logs) {
                start = Math.min(start, log.measuredStartNs);
                end = Math.max(end, log.measuredEndNs);
                reference += log.successes / Math.max(1e-9, (log.measuredEndNs - log.measuredStartNs) / 1e9);
            }
            windowSeconds = Math.max(1e-9, (end - start) / 1e9);
        }
        List<String> problems = point.health() ? List.of() : audit(target, logs);
        return PointResult.of(point, repetition, config.measure.name().toLowerCase(Locale.ROOT), logs,
                windowSeconds, reference, before, after, problems);
    }

    private List<String> audit(Target target, List<WorkerLog> logs) throws BookStoreException {
        long[] added = new long[books.catalogueSize() + 1];
        long[] bought = new long[books.catalogueSize() + 1];
        for (WorkerLog log : logs) {
            for (int isbn = 0; isbn < added.length; isbn++) {
                added[isbn] += log.added[isbn];
                bought[isbn] += log.bought[isbn];
            }
        }
        return Audit.mismatches(books.initialCopies(), added, bought, target.stockManager().getBooks());
    }

    /**
     * Extends the warm-up until every worker has finished at least one interaction, at most until
     * the deadline; the live line goes on meanwhile. So the window opens on a running system, not
     * on its start: at 2000 threads the first interactions all start together (their acquisitions
     * race for the same missing books, the server grows its thread pool), which a window opened
     * after a fixed 0.5 s measured at a third of the steady throughput.
     */
    private void awaitEveryWorkerRunning(Worker[] workers, long deadline, long begin, Point point,
            int repetition) throws InterruptedException {
        long nextLive = System.nanoTime() + progressInterval();
        for (Worker worker : workers) {
            while (worker.error() == null && worker.log() != null && worker.log().done() == 0
                    && System.nanoTime() < deadline && !aborted) {
                TimeUnit.MILLISECONDS.sleep(5);
                if (System.nanoTime() >= nextLive) {
                    live(begin, point, repetition, workers);
                    nextLive += progressInterval();
                }
            }
        }
    }

    /** Sleeps until the deadline, printing the live line every progress interval. */
    private void sleepUntil(long deadline, long begin, Point point, int repetition, Worker[] workers)
            throws InterruptedException {
        long now;
        while ((now = System.nanoTime()) < deadline && !aborted) {
            long nap = Math.min(deadline - now, progressInterval());
            TimeUnit.NANOSECONDS.sleep(nap);
            live(begin, point, repetition, workers);
        }
    }

    private void join(Thread[] threads, long begin, Point point, int repetition, Worker[] workers)
            throws InterruptedException {
        long stopDeadline = Long.MAX_VALUE;
        for (Thread thread : threads) {
            while (thread.isAlive()) {
                long now = System.nanoTime();
                if (aborted && stopDeadline == Long.MAX_VALUE) {
                    stopDeadline = now + STOP_GRACE_NS;
                }
                if (config.measure == WorkloadConfig.Measure.TIME && stopDeadline == Long.MAX_VALUE) {
                    stopDeadline = now + STOP_GRACE_NS;
                }
                if (now > stopDeadline) {
                    throw new IllegalStateException("worker " + thread.getName() + " did not stop within "
                            + TimeUnit.NANOSECONDS.toSeconds(STOP_GRACE_NS) + " s; it is at:\n  "
                            + Arrays.stream(thread.getStackTrace()).map(String::valueOf)
                                    .collect(Collectors.joining("\n  ")));
                }
                thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(progressInterval())));
                if (config.measure == WorkloadConfig.Measure.COUNT) {
                    live(begin, point, repetition, workers);
                }
            }
        }
    }

    private void live(long begin, Point point, int repetition, Worker[] workers) {
        long elapsed = System.nanoTime() - begin;
        if (config.progressSeconds <= 0 || elapsed < seconds(config.progressSeconds)) {
            return;
        }
        long done = 0;
        long failed = 0;
        int waiting = 0;
        for (Worker worker : workers) {
            WorkerLog log = worker.log();
            long doneByWorker = log == null ? 0 : log.done();
            done += doneByWorker;
            failed += log == null ? 0 : log.failed();
            if (doneByWorker == 0) {
                waiting++;
            }
        }
        double left;
        if (config.measure == WorkloadConfig.Measure.TIME) {
            left = config.warmupSeconds + config.windowSeconds - elapsed / 1e9;
        } else {
            long total = (long) workers.length * (config.warmupInteractions + config.measuredInteractions);
            left = done == 0 ? Double.NaN : (elapsed / 1e9) * (total - done) / done;
        }
        progress.live(point, repetition, elapsed / 1e9, left, done, failed, waiting);
    }

    private long progressInterval() {
        return config.progressSeconds <= 0 ? TimeUnit.MILLISECONDS.toNanos(200) : seconds(config.progressSeconds);
    }

    private static long seconds(double value) {
        return (long) (value * 1e9);
    }
}
