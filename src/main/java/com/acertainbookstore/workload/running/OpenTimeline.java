package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.load.Interactions;
import com.acertainbookstore.workload.load.OpenWorker;
import com.acertainbookstore.workload.load.RunControl;
import com.acertainbookstore.workload.load.Schedule;
import com.acertainbookstore.workload.load.Worker;
import com.acertainbookstore.workload.load.WorkerLog;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HealthProbe;
import com.acertainbookstore.workload.targets.ProcessSample;
import com.acertainbookstore.workload.targets.Target;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;

/**
 * An open loop's repetition: the schedule starts when the gate opens and never waits for the
 * store. The warm-up and the window are fixed spans of it; interactions due in the window are
 * measured. After the window the schedule goes on (so the load stays the same) until every
 * measured interaction has finished, or the drain time is up: those never started by then are
 * counted as unstarted. The coordinator samples the backlog at the end of every interval. Not
 * thread-safe: used by the coordinator.
 */
final class OpenTimeline extends Timeline {

    /** How often the drain checks whether the measured interactions are done. */
    private static final long DRAIN_POLL_NS = TimeUnit.MILLISECONDS.toNanos(2);

    private final Schedule schedule;
    private final long windowStartOffset;
    private final long windowEndOffset;
    private long origin;

    OpenTimeline(WorkloadConfig config, Progress progress, PointRunner runner, Schedule schedule) {
        super(config, progress, runner);
        this.schedule = schedule;
        this.windowStartOffset = seconds(config.warmupSeconds);
        this.windowEndOffset = windowStartOffset + seconds(config.windowSeconds);
    }

    @Override
    Worker worker(RunControl control, Interactions interactions, HealthProbe health, SplittableRandom random) {
        if (health != null) {
            throw new IllegalArgumentException("the transport ceiling is measured in a closed loop only");
        }
        return new OpenWorker(control, interactions, config, random, schedule, windowStartOffset, windowEndOffset,
                TimeUnit.MICROSECONDS.toNanos(Math.round(config.lateStartMs * 1000)));
    }

    @Override
    Observed measure(Point point, Target target, int repetition, RunControl control, Worker[] workers)
            throws Exception {
        long interval = seconds(config.intervalSeconds);
        long[] backlog = new long[(int) ((windowEndOffset + seconds(config.drainSeconds)) / interval) + 2];
        origin = System.nanoTime();
        long epochMs = System.currentTimeMillis();
        LongConsumer sample = index -> {
            if (index >= 0 && index < backlog.length) {
                backlog[(int) index] = schedule.dueBefore(System.nanoTime() - origin);
            }
        };
        control.start(origin);
        windowListener.opens(origin, origin + windowStartOffset);
        sleepUntil(origin + windowStartOffset, origin, point, repetition, workers, sample);
        ProcessSample before = target.sample();
        sleepUntil(origin + windowEndOffset, origin, point, repetition, workers, sample);
        long backlogAtEnd = schedule.dueBefore(windowEndOffset);
        ProcessSample after = target.sample();
        long deadline = origin + windowEndOffset + seconds(config.drainSeconds);
        // One wait for the whole drain, so that the live line and the interval boundaries keep their pace.
        sleepUntil(deadline, origin, point, repetition, workers, sample, () -> drained(workers), DRAIN_POLL_NS);
        long unstarted = schedule.countBetween(Math.max(schedule.cursor(), windowStartOffset), windowEndOffset);
        long end = System.nanoTime();
        return new Observed(origin, epochMs, origin + windowStartOffset, origin + windowEndOffset, end, before, after,
                backlogAtEnd, unstarted, backlog);
    }

    /**
     * Whether every measured arrival has been claimed and every claimed one has finished. The
     * workers' two counters are read one after the other, so this may answer yes while a worker is
     * just claiming the last measured arrival; harmless, since workers finish what they claimed
     * before they stop and it is recorded then.
     */
    private boolean drained(Worker[] workers) {
        if (schedule.cursor() < windowEndOffset) {
            return false;
        }
        long claimed = 0;
        long done = 0;
        for (Worker worker : workers) {
            WorkerLog log = worker.log();
            if (log != null) {
                claimed += log.measuredClaimed();
                done += log.measuredDone();
            }
        }
        return claimed == done;
    }

    @Override
    String liveDetail(Worker[] workers) {
        return ", backlog " + schedule.dueBefore(System.nanoTime() - origin);
    }

    @Override
    double secondsLeft(double elapsed, long done, int workers) {
        return config.warmupSeconds + config.windowSeconds - elapsed;
    }
}
