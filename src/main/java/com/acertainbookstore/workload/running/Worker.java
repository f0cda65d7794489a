package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.SplittableRandom;

/**
 * One closed-loop client: runs the mix (or, for the transport ceiling, health probes) until the
 * coordinator stops it (time mode) or for a fixed number of interactions (count mode). Not
 * thread-safe: run by exactly one thread; its {@link #log()} and {@link #error()} are read after
 * that thread is joined.
 */
final class Worker implements Runnable {

    private final RunControl control;
    private final Interactions interactions;
    private final HealthProbe health;
    private final Mix mix;
    private final SplittableRandom random;
    private final WorkloadConfig config;
    private WorkerLog log;
    private long done;
    private long failed;
    /** Written by the worker thread; read by the coordinator while waiting and after the join. */
    private volatile Throwable error;

    /**
     * A worker of the mix ({@code health} null) or of health probes ({@code interactions} null),
     * drawing from its own generator (see {@link PointRunner#workerRandoms}).
     */
    Worker(RunControl control, Interactions interactions, HealthProbe health, WorkloadConfig config,
            SplittableRandom random) {
        this.control = control;
        this.interactions = interactions;
        this.health = health;
        this.config = config;
        this.mix = Mix.of(config);
        this.random = random;
    }

    @Override
    public void run() {
        try {
            log = new WorkerLog(config.catalogueSize, config.editorPicks);
        } catch (Throwable t) {
            error = t;
        }
        try {
            control.arriveAndAwaitStart();
            if (error != null) {
                return;
            }
            if (config.measure == WorkloadConfig.Measure.TIME) {
                for (int phase = control.phase(); phase != RunControl.STOP; phase = control.phase()) {
                    once(phase == RunControl.MEASURE);
                }
            } else {
                for (int i = 0; i < config.warmupInteractions && control.phase() != RunControl.STOP; i++) {
                    once(false);
                }
                log.measuredStartNs = System.nanoTime();
                for (int i = 0; i < config.measuredInteractions && control.phase() != RunControl.STOP; i++) {
                    once(true);
                }
                log.measuredEndNs = System.nanoTime();
            }
        } catch (Throwable t) {
            error = t;
        }
    }

    private void once(boolean measured) {
        InteractionType type = interactions == null ? null : mix.draw(random.nextDouble());
        long start = System.nanoTime();
        long end;
        boolean success;
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
            success = true;
        } catch (Exception e) {
            end = System.nanoTime();
            success = false;
            failed++;
            if (measured) {
                log.recordFailure(e);
            }
        }
        if (measured) {
            log.record(type, end - start, success);
        }
        log.publish(++done, failed);
    }

    /** What this worker measured; null if it could not start (see {@link #error()}). */
    WorkerLog log() {
        return log;
    }

    /** An unexpected error that ended the worker, or null. */
    Throwable error() {
        return error;
    }
}
