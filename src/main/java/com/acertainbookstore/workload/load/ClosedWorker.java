package com.acertainbookstore.workload.load;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.Measure;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HealthProbe;
import java.util.SplittableRandom;

/**
 * A closed-loop client: starts its next interaction as soon as the last one ended, until the
 * coordinator stops it (time mode) or for a fixed number of interactions (count mode). An
 * interaction is measured when it starts in the measured phase; its latency runs from its start.
 * Not thread-safe: see {@link Worker}.
 */
public final class ClosedWorker extends Worker {

    public ClosedWorker(RunControl control, Interactions interactions, HealthProbe health, WorkloadConfig config,
            SplittableRandom random) {
        super(control, interactions, health, config, random, false);
    }

    @Override
    void loop() {
        if (config.measure == Measure.TIME) {
            for (int phase = control.phase(); phase != RunControl.STOP; phase = control.phase()) {
                once(phase == RunControl.MEASURE);
            }
            return;
        }
        for (int i = 0; i < config.warmupInteractions && control.phase() != RunControl.STOP; i++) {
            once(false);
        }
        log.measuredStartNs = System.nanoTime();
        for (int i = 0; i < config.measuredInteractions && control.phase() != RunControl.STOP; i++) {
            once(true);
        }
        log.measuredEndNs = System.nanoTime();
    }

    private void once(boolean measured) {
        InteractionType type = draw();
        long start = System.nanoTime();
        long end = attempt(type, start, measured);
        if (measured) {
            log.record(type, end - start, succeeded());
        }
        log.intervals.record(end, end - start, 0, failure, measured);
    }
}
