package com.acertainbookstore.workload.running;

import java.util.function.LongSupplier;

/**
 * The run's estimated time left, for the live line and the line of each finished point. The run
 * is planned as stages, each one repetition (priming, the open loop's probe, or measured), started
 * and ended in turn: a timed stage is planned to last what its warm-up and window (or its priming
 * time) say, a stage of counted interactions (count mode) as long as the last one of its kind
 * took. What the plan leaves out (starting a server, resetting the books, a warm-up extended until
 * every worker ran, the drain, the audit, the history check) is counted by stretching what is left
 * by the ratio of the run's wall time so far to the plan of the stages it finished. Time left =
 * (rest of the current stage + stages not started) x that ratio.
 *
 * <p>Not thread-safe: used by the coordinator thread only. The clock is given (nanoseconds), so
 * tests can drive it.
 */
final class Eta {

    /**
     * What the run will time.
     *
     * @param primingSeconds priming, every locking's together
     * @param stages         repetitions after priming: the open loop's probes and every measured one
     * @param stageSeconds   a repetition's warm-up and window; NaN in count mode (known once one ran)
     */
    record Plan(double primingSeconds, int stages, double stageSeconds) {
    }

    private final LongSupplier clock;
    private final long start;
    /** Seconds of the timed stages not yet started, and the number of counted ones. */
    private double timedLeft;
    private int countedLeft;
    /** The planned seconds of the finished stages (a counted one's: what it took), and the last counted one's. */
    private double finished;
    private double lastCounted = Double.NaN;
    /** The stage under way: its planned seconds (NaN: counted), its start; {@code current} false between stages. */
    private boolean current;
    private double currentPlanned;
    private long currentStart;

    Eta(Plan plan, LongSupplier clock) {
        this.clock = clock;
        this.start = clock.getAsLong();
        boolean counted = Double.isNaN(plan.stageSeconds());
        this.timedLeft = plan.primingSeconds() + (counted ? 0 : plan.stages() * plan.stageSeconds());
        this.countedLeft = counted ? plan.stages() : 0;
    }

    /**
     * A stage starts, planned to last {@code plannedSeconds} (NaN: counted interactions). Priming
     * is planned as a whole and run in pieces: a timed stage takes its seconds from what is left of
     * the plan, never more.
     */
    void stageStarts(double plannedSeconds) {
        current = true;
        currentPlanned = plannedSeconds;
        currentStart = clock.getAsLong();
        if (Double.isNaN(plannedSeconds)) {
            countedLeft = Math.max(0, countedLeft - 1);
        } else {
            timedLeft = Math.max(0, timedLeft - plannedSeconds);
        }
    }

    /** The stage under way ended. */
    void stageEnds() {
        if (!current) {
            return;
        }
        if (Double.isNaN(currentPlanned)) {
            lastCounted = seconds(clock.getAsLong() - currentStart);
            finished += lastCounted;
        } else {
            finished += currentPlanned;
        }
        current = false;
    }

    /**
     * Seconds left in the run; NaN while counted stages remain and none has finished yet.
     *
     * @param stageLeft the stage under way's own estimate of its seconds left (NaN: none; then its plan)
     */
    double secondsLeft(double stageLeft) {
        double left = timedLeft + countedLeft * (countedLeft == 0 ? 0 : lastCounted);
        if (current) {
            double inStage = seconds(clock.getAsLong() - currentStart);
            double own = Double.isNaN(stageLeft) ? (Double.isNaN(currentPlanned) ? lastCounted - inStage
                    : currentPlanned - inStage) : stageLeft;
            left += Math.max(0, own);
        }
        return left * stretch();
    }

    /** Seconds since the run started. */
    double elapsed() {
        return seconds(clock.getAsLong() - start);
    }

    /**
     * The run's wall time up to the stage under way (or now, between stages) over the plan of the
     * stages it finished; 1 before a stage has finished.
     */
    private double stretch() {
        if (finished <= 0) {
            return 1;
        }
        double wall = seconds((current ? currentStart : clock.getAsLong()) - start);
        return Math.max(1, wall / finished);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }
}
