package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.checking.Audit;
import com.acertainbookstore.workload.checking.CallLog;
import com.acertainbookstore.workload.checking.HistoryRun;
import com.acertainbookstore.workload.checking.RecordingStore;
import com.acertainbookstore.workload.checking.ReplicaComparison;
import com.acertainbookstore.workload.faults.FaultInjector;
import com.acertainbookstore.workload.load.BookSetup;
import com.acertainbookstore.workload.load.Interactions;
import com.acertainbookstore.workload.load.RunControl;
import com.acertainbookstore.workload.load.Schedule;
import com.acertainbookstore.workload.load.Worker;
import com.acertainbookstore.workload.load.WorkerLog;
import com.acertainbookstore.workload.results.Measure;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.sampling.ProcessSampler;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.Listing;
import com.acertainbookstore.workload.targets.Target;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

/**
 * Runs one repetition of one point: resets the store, starts the workers behind a gate, lets the
 * point's {@link Timeline} (closed or open loop) warm up, measure and stop them, joins every
 * worker, merges their logs and audits the store. Not thread-safe: used by the coordinator thread;
 * {@link #abort()} may be called from any thread (the shutdown hook) and stops the workers of the
 * repetition under way.
 */
final class PointRunner {

    /** How long stopped workers may take to finish their current interaction. */
    private static final long STOP_GRACE_NS = TimeUnit.SECONDS.toNanos(90);
    /** Mixed into the repetition's seed for the open loop's schedule, apart from the workers' streams. */
    private static final long SCHEDULE_SALT = 0x5DEECE66DL;

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
            control.stop();
        }
    }

    boolean aborted() {
        return aborted;
    }

    /**
     * Runs one repetition of {@code point}. For an open-loop point, {@code peakPerSecond} is the
     * probed closed-loop peak its rate came from (NaN when the rate was given). With a
     * {@code sampler} (null: none), the target's JVMs are sampled during the measured window.
     */
    RepetitionMerge.Recording run(Point point, Target target, int repetition, long seed, double peakPerSecond,
            ProcessSampler sampler) throws Exception {
        return run(config, point, target, repetition, seed, peakPerSecond, sampler);
    }

    /**
     * Runs one discarded priming repetition of the closed-loop {@code point}: time-based, no
     * warm-up, a window of {@code seconds}, whatever the run measures ({@link WorkloadConfig#forPriming}).
     */
    RepetitionMerge.Recording prime(Point point, Target target, long seed, double seconds) throws Exception {
        return run(config.forPriming(seconds), point, target, 0, seed, Double.NaN, null);
    }

    /** One repetition, timed and measured as {@code setup} says (the run's own setup, or priming's). */
    private RepetitionMerge.Recording run(WorkloadConfig setup, Point point, Target target, int repetition, long seed,
            double peakPerSecond, ProcessSampler sampler) throws Exception {
        if (aborted) {
            throw new IllegalStateException("the run was aborted");
        }
        Interactions interactions = null;
        if (!point.series().isCeiling()) {
            books.reset(target.stockManager());
            interactions = new Interactions(target.bookStore(), target.stockManager(), books, setup);
        }
        target.prepare(point.threads());
        RunControl control = new RunControl(point.threads());
        SplittableRandom[] randoms = workerRandoms(seed, point.threads());
        Timeline timeline = point.series().isOpen()
                ? new OpenTimeline(setup, progress, this, Schedule.of(setup.arrivals, point.offeredPerSecond(),
                        seed ^ SCHEDULE_SALT))
                : new ClosedTimeline(setup, progress, this);
        FaultInjector faults = faultsOf(point, target, repetition);
        long windowNs = (long) (setup.windowSeconds * 1e9);
        timeline.windowListener = (originNs, windowStartNs) -> {
            if (sampler != null) {
                sampler.window(windowStartNs, windowStartNs + windowNs);
            }
            if (faults != null) {
                faults.start(originNs, windowStartNs);
            }
        };
        Worker[] workers = new Worker[point.threads()];
        Thread[] threads = new Thread[point.threads()];
        // Priming and probing repetitions (0) are not recorded: nothing is checked on them.
        List<CallLog> calls = setup.history && repetition > 0 && interactions != null ? new ArrayList<>() : null;
        for (int i = 0; i < workers.length; i++) {
            Interactions own = interactions == null ? null
                    : interactions.through(target.bookStore(i), target.stockManager(i));
            if (calls != null) {
                calls.add(new CallLog(i));
                RecordingStore recording = new RecordingStore(target.bookStore(i), target.stockManager(i),
                        calls.get(i));
                own = interactions.through(recording, recording);
            }
            workers[i] = timeline.worker(control, own, point.series().isCeiling() ? target.health() : null,
                    randoms[i]);
            threads[i] = new Thread(workers[i], "workload-" + point.series().fileStem() + "-" + i);
            threads[i].setDaemon(true);
        }
        active.set(control);
        try {
            for (Thread thread : threads) {
                thread.start();
            }
            control.awaitReady();
            if (sampler != null && setup.measure == Measure.COUNT) {
                // No window is known in advance: the whole run of the workers is sampled.
                sampler.window(System.nanoTime(), Long.MAX_VALUE);
            }
            Observed measured = timeline.measure(point, target, repetition, control, workers);
            control.stop();
            join(threads);
            if (sampler != null) {
                sampler.endWindow();
            }
            if (aborted) {
                throw new IllegalStateException("the run was aborted");
            }
            // Before the audit: the group healed, every replica up, so that all of them are audited.
            FaultInjector.Result faulted = faults == null ? null : faults.finish();
            List<WorkerLog> logs = new ArrayList<>();
            for (Worker worker : workers) {
                if (worker.error() != null) {
                    throw new IllegalStateException("worker of " + point.describe() + " failed: " + worker.error(),
                            worker.error());
                }
                logs.add(worker.log());
            }
            Observed seen = timeline.afterJoin(measured, logs, target).endingAt(System.nanoTime());
            List<String> problems = point.series().isCeiling() ? List.of() : audit(target, logs);
            RepetitionMerge.Recording recording = RepetitionMerge.of(point, repetition, setup.measure, logs, seen,
                    point.series().isOpen() ? new RepetitionMerge.OpenInputs(setup.arrivals, peakPerSecond) : null,
                    setup.measure == Measure.COUNT ? referenceThroughput(logs) : Double.NaN, problems,
                    (long) (setup.intervalSeconds * 1e9));
            if (faulted != null) {
                recording = recording.withFaults(faulted);
            }
            return calls == null ? recording
                    : recording.withHistory(HistoryRun.finish(setup, point, repetition, books, calls, seen.originNs()));
        } finally {
            control.stop();
            active.set(null);
            if (sampler != null) {
                sampler.endWindow();
            }
            if (faults != null) {
                faults.close();
            }
        }
    }

    /**
     * The injector of the plan's faults when this repetition takes them: a measured repetition
     * (not priming, not the open loop's probe) of a point of the store (not the transport
     * ceiling) on a target with replicas.
     */
    private FaultInjector faultsOf(Point point, Target target, int repetition) {
        if (config.faults.isEmpty() || repetition == 0 || point.series().isCeiling() || target.faults() == null) {
            return null;
        }
        return new FaultInjector(config.faults, target.faults());
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

    /** Count mode: the reference's definition, the sum over workers of their successes over their own time. */
    private static double referenceThroughput(List<WorkerLog> logs) {
        double reference = 0;
        for (WorkerLog log : logs) {
            reference += log.successes / Math.max(1e-9, (log.measuredEndNs - log.measuredStartNs) / 1e9);
        }
        return reference;
    }

    /**
     * The audit: the copies of every ISBN add up on every copy of the store ({@link Audit}; for
     * a replicated store each problem names its replica), and all replicas hold the same books
     * ({@link ReplicaComparison}).
     */
    private List<String> audit(Target target, List<WorkerLog> logs) throws Exception {
        long[] added = new long[books.catalogueSize() + 1];
        long[] bought = new long[books.catalogueSize() + 1];
        long[] addedUnknown = new long[books.catalogueSize() + 1];
        long[] boughtUnknown = new long[books.catalogueSize() + 1];
        for (WorkerLog log : logs) {
            for (int isbn = 0; isbn < added.length; isbn++) {
                added[isbn] += log.added[isbn];
                bought[isbn] += log.bought[isbn];
                addedUnknown[isbn] += log.addedUnknown[isbn];
                boughtUnknown[isbn] += log.boughtUnknown[isbn];
            }
        }
        List<Listing> listings = target.listings();
        List<String> problems = new ArrayList<>();
        for (Listing listing : listings) {
            for (String problem : Audit.mismatches(books.initialCopies(), added, bought, addedUnknown, boughtUnknown,
                    listing.books())) {
                problems.add(listings.size() > 1 ? "replica " + listing.holder() + ", " + problem : problem);
            }
        }
        problems.addAll(ReplicaComparison.differences(listings));
        return problems;
    }

    /** Joins every worker; one that does not stop within the grace time fails the run with its stack. */
    private void join(Thread[] threads) throws InterruptedException {
        long deadline = System.nanoTime() + STOP_GRACE_NS;
        for (Thread thread : threads) {
            thread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime())));
            if (thread.isAlive()) {
                throw new IllegalStateException("worker " + thread.getName() + " did not stop within "
                        + TimeUnit.NANOSECONDS.toSeconds(STOP_GRACE_NS) + " s; it is at:\n  "
                        + Arrays.stream(thread.getStackTrace()).map(String::valueOf)
                                .collect(Collectors.joining("\n  ")));
            }
        }
    }
}
