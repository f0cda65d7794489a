package com.acertainbookstore.workload.load;

import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.workload.results.Call;
import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HealthProbe;
import java.util.SplittableRandom;

/**
 * One client thread's body: the part a closed-loop and an open-loop worker share (its log, the
 * start gate, running one interaction and counting its outcome); subclasses decide when the next
 * interaction starts. Not thread-safe: run by exactly one thread; its {@link #log()} and
 * {@link #error()} are read after that thread is joined (the live line reads the log's published
 * counters meanwhile).
 */
public abstract class Worker implements Runnable {

    /** The last attempt's {@link #failure}: it succeeded. */
    static final int SUCCEEDED = 0;
    /** It failed with an unknown outcome ({@link OutcomeUnknownException}). */
    static final int UNKNOWN = 1;
    /** The store refused it (not enough copies, a book already in or not in the store). */
    static final int REFUSED = 2;
    /** It failed otherwise: no answer (unavailable, a timeout, a connection). */
    static final int UNANSWERED = 3;

    final RunControl control;
    final WorkloadConfig config;
    private final SplittableRandom random;
    private final Interactions interactions;
    private final HealthProbe health;
    private final Mix mix;
    private final boolean open;
    WorkerLog log;
    private long done;
    private long failed;
    /** How the last attempt ended: {@link #SUCCEEDED}, {@link #UNKNOWN}, {@link #REFUSED} or {@link #UNANSWERED}. */
    int failure;
    /** Written by the worker thread; read by the coordinator while waiting and after the join. */
    private volatile Throwable error;
    /** Set by the worker thread when its body returns; read by the coordinator while waiting. */
    private volatile boolean finished;

    /**
     * A worker of the mix ({@code health} null) or of health probes ({@code interactions} null),
     * drawing from its own generator (see {@code running.PointRunner.workerRandoms}).
     */
    Worker(RunControl control, Interactions interactions, HealthProbe health, WorkloadConfig config,
            SplittableRandom random, boolean open) {
        this.control = control;
        this.interactions = interactions;
        this.health = health;
        this.config = config;
        this.mix = Mix.of(config);
        this.random = random;
        this.open = open;
    }

    @Override
    public final void run() {
        try {
            log = new WorkerLog(config.catalogueSize, config.editorPicks, open);
        } catch (Throwable t) {
            error = t;
        }
        try {
            control.arriveAndAwaitStart();
            if (error != null) {
                return;
            }
            log.intervals.start(control.startNanos(), (long) (config.intervalSeconds * 1e9));
            loop();
        } catch (Throwable t) {
            error = t;
        } finally {
            finished = true;
        }
    }

    /** Runs interactions until told to stop. */
    abstract void loop() throws InterruptedException;

    /** The next interaction of the mix; null for a health probe. */
    final InteractionType draw() {
        return interactions == null ? null : mix.draw(random.nextDouble());
    }

    /**
     * Runs one interaction ({@code type} null: a health probe) that starts at {@code start};
     * returns when it ended and sets {@link #failure}. A failure is counted (and, when
     * measured, recorded by cause), never thrown.
     */
    final long attempt(InteractionType type, long start, boolean measured) {
        long end;
        try {
            if (type == null) {
                health.check();
                end = System.nanoTime();
                if (measured) {
                    log.recordCall(Call.HEALTH, end - start);
                }
            } else {
                end = interactions.run(type, log, random, measured, start);
            }
            failure = SUCCEEDED;
        } catch (Exception e) {
            end = System.nanoTime();
            failure = kind(e);
            failed++;
            if (measured) {
                log.recordFailure(e);
            }
        }
        log.publish(++done, failed);
        return end;
    }

    /** Whether the last {@link #attempt} succeeded. */
    final boolean succeeded() {
        return failure == SUCCEEDED;
    }

    private static int kind(Exception e) {
        if (e instanceof OutcomeUnknownException) {
            return UNKNOWN;
        }
        return switch (FailureClassifier.kind(e.getMessage())) {
            case NOT_ENOUGH_COPIES, ALREADY_IN_STORE, NOT_IN_STORE -> REFUSED;
            default -> UNANSWERED;
        };
    }

    /** What this worker measured; null if it could not start (see {@link #error()}). */
    public final WorkerLog log() {
        return log;
    }

    /** Whether the worker's body has returned. */
    public final boolean finished() {
        return finished;
    }

    /** An unexpected error that ended the worker, or null. */
    public final Throwable error() {
        return error;
    }
}
