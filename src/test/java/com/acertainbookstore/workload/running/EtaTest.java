package com.acertainbookstore.workload.running;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The run's time left, on a clock the test moves: it counts priming, warm-ups, every point and repetition. */
class EtaTest {

    private static final long SECOND = 1_000_000_000L;

    private final AtomicLong now = new AtomicLong(1000 * SECOND);

    private void pass(double seconds) {
        now.addAndGet((long) (seconds * SECOND));
    }

    @Test
    void secondsLeft_timedRunOnPlan_countsDownPrimingWarmUpsAndEveryRepetition() {
        // 10 s of priming, then 4 points x 3 repetitions of 1 s warm-up + 4 s window: 70 s in all.
        Eta eta = new Eta(new Eta.Plan(10, 12, 5), now::get);
        assertEquals(70, eta.secondsLeft(Double.NaN), 1e-9);

        eta.stageStarts(6);
        pass(2);
        assertEquals(68, eta.secondsLeft(Double.NaN), 1e-9, "a priming piece under way, on plan");
        pass(4);
        eta.stageEnds();
        eta.stageStarts(4);
        pass(4);
        eta.stageEnds();
        assertEquals(60, eta.secondsLeft(Double.NaN), 1e-9, "priming done: 12 repetitions of 5 s");
        for (int repetition = 0; repetition < 11; repetition++) {
            eta.stageStarts(5);
            pass(1);
            assertEquals(60 - 5 * repetition - 1, eta.secondsLeft(Double.NaN), 1e-9);
            assertEquals(60 - 5 * repetition - 3, eta.secondsLeft(2), 1e-9, "the repetition's own estimate wins");
            pass(4);
            eta.stageEnds();
        }
        eta.stageStarts(5);
        pass(5);
        eta.stageEnds();
        assertEquals(0, eta.secondsLeft(Double.NaN), 1e-9);
        assertEquals(70, eta.elapsed(), 1e-9);
    }

    @Test
    void secondsLeft_timeOutsideThePlan_stretchesWhatIsLeft() {
        Eta eta = new Eta(new Eta.Plan(0, 10, 5), now::get);
        pass(5); // the server starts
        eta.stageStarts(5);
        pass(5);
        eta.stageEnds();
        pass(0);
        assertEquals(45 * 2, eta.secondsLeft(Double.NaN), 1e-9, "10 s of wall time for 5 s of plan: twice as long");
        eta.stageStarts(5);
        pass(6); // a warm-up extended until every worker ran
        assertEquals(40 * 2, eta.secondsLeft(Double.NaN), 1e-9, "past its plan, the stage adds nothing more");
        eta.stageEnds();
        pass(1); // the audit
        assertEquals(40 * 17 / 10.0, eta.secondsLeft(Double.NaN), 1e-9, "17 s of wall time for 10 s of plan");
    }

    @Test
    void secondsLeft_countMode_unknownUntilACountedRepetitionFinished() {
        // 2 s of priming (timed), then 3 points x 2 repetitions of counted interactions.
        Eta eta = new Eta(new Eta.Plan(2, 6, Double.NaN), now::get);
        eta.stageStarts(2);
        pass(2);
        eta.stageEnds();
        eta.stageStarts(Double.NaN);
        pass(3);
        assertTrue(Double.isNaN(eta.secondsLeft(Double.NaN)), "no counted repetition finished yet");
        pass(1);
        eta.stageEnds();
        assertEquals(5 * 4, eta.secondsLeft(Double.NaN), 1e-9, "five more, each as long as the last: 4 s");
        eta.stageStarts(Double.NaN);
        pass(1);
        assertEquals(4 * 4 + 3, eta.secondsLeft(Double.NaN), 1e-9, "the one under way: as long as the last");
        assertEquals(4 * 4 + 1.5, eta.secondsLeft(1.5), 1e-9, "or its own estimate from the interactions done");
    }

    @Test
    void duration_andEstimate_readAsTimes() {
        assertEquals("35 s", Progress.duration(34.6));
        assertEquals("4 min 05 s", Progress.duration(245));
        assertEquals("2 h 01 min", Progress.duration(7290));
        assertEquals("~0 s", Progress.estimate(-3));
        assertEquals("?", Progress.estimate(Double.NaN));
    }
}
