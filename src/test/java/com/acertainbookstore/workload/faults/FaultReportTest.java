package com.acertainbookstore.workload.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Latency;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.Series;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The figures around each fault, from a repetition's intervals (one a second) and its events: t50
 * and t90 against the level before the repetition's first fault, to the exact interval.
 */
class FaultReportTest {

    private static final Point POINT = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 50);

    /**
     * Intervals [i, i+1) s with these successes, failures (of which unknown, and refused); the
     * measured window is 1..(n-1) s, so the last interval lies after it.
     */
    private static List<Interval> intervals(long[] successes, long[] failures, long[] unknown, long[] refused) {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < successes.length; i++) {
            intervals.add(new Interval(POINT, 1, i, i + 1, 1, successes.length - 1, successes[i], failures[i],
                    unknown[i], refused[i], Latency.NONE, Latency.NONE, 0));
        }
        return intervals;
    }

    private static List<Interval> intervals(long... successes) {
        int n = successes.length;
        return intervals(successes, new long[n], new long[n], new long[n]);
    }

    private static FaultEvent event(FaultKind kind, double at, double seconds, double start, long term) {
        return new FaultEvent(new Fault(kind, at, seconds), "r0", start, start + Math.max(seconds, 0.1), term);
    }

    @Test
    void rows_dipThenSixtyThenNinetyFivePercent_giveT50AtTheSixtyAndT90AtTheNinetyFive() {
        // Pre-fault level 1,000/s; the kill at 4.5 s; back at 60 % from 7 s (499/s at 6 s is not yet half),
        // 95 % from 9 s (899/s at 8 s is not yet 90 %).
        List<Interval> intervals = intervals(
                new long[] {500, 1000, 1000, 1000, 1000, 0, 499, 600, 899, 950, 1000, 1000},
                new long[] {0, 0, 0, 0, 10, 30, 9, 3, 0, 0, 0, 0}, new long[] {0, 0, 0, 0, 2, 5, 1, 0, 0, 0, 0, 0},
                new long[] {0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0});
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                event(FaultKind.KILL_LEADER, 3.5, 0, 4.5, 3)), 4);

        FaultRow kill = FaultReport.rows(POINT, 1, intervals, result).get(0);

        assertEquals("kill-leader@3.5 (r0)", kill.name());
        assertEquals(1000, kill.beforePerSecond(), 1e-9, "the window's whole intervals ended before the fault");
        assertEquals(7 - 4.5, kill.t50Seconds(), 1e-9, "the 600/s interval at 7 s");
        assertEquals(9 - 4.5, kill.t90Seconds(), 1e-9, "the 950/s interval at 9 s");
        assertEquals(10 + 30 + 9 - 4, kill.failed(), "from the fault's interval to the one before t50's, no refusals");
        assertEquals(8, kill.unknown());
        assertEquals((600 + 899 + 950 + 1000) / 4.0, kill.afterPerSecond(), 1e-9, "from t50's interval to the window's"
                + " end (the interval at 11 s is after it)");
        assertEquals(1, kill.elections());
        assertEquals("kill-leader@3.5 (r0) at 4.50 s: t50 2.50 s, t90 4.50 s (of 1,000/s before the first fault),"
                + " 862/s after, 45 failed (8 of unknown outcome), 1 election", FaultReport.describe(kill));
    }

    @Test
    void rows_exactlyFiftyAndNinetyPercent_countAsBackAndAnIntervalBegunAtTheFaultCounts() {
        List<Interval> intervals = intervals(500, 1000, 1000, 0, 500, 899, 900, 900);
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                event(FaultKind.PAUSE_LEADER, 2, 1, 3, 1)), 1);

        FaultRow pause = FaultReport.rows(POINT, 1, intervals, result).get(0);

        assertEquals(4 - 3, pause.t50Seconds(), 1e-9);
        assertEquals(6 - 3, pause.t90Seconds(), 1e-9);
        assertEquals(0, pause.elections());
    }

    @Test
    void rows_aSecondFaultAfterAPartialRecovery_isMeasuredAgainstTheLevelBeforeTheFirst() {
        // Kill at 3.5 s: back at 600/s (60 %) and no further. Pause at 7.5 s: 400/s (not half of
        // 1,000, though more than half of 600), then 600 and 700. Against the depressed 600/s the
        // pause would read t50 1.5 s and t90 2.5 s; against 1,000/s t50 is 2.5 s and t90 never.
        // 1,000/s at 13 s comes after the window (1..13 s): it does not count.
        List<Interval> intervals = intervals(new long[] {500, 1000, 1000, 1000, 0, 600, 600, 600, 0, 400, 600, 700, 700,
            1000}, new long[] {0, 0, 0, 1, 20, 0, 0, 7, 30, 2, 0, 0, 0, 0}, new long[14], new long[14]);
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                event(FaultKind.KILL_LEADER, 2.5, 0, 3.5, 1),
                event(FaultKind.PAUSE_LEADER, 6.5, 1, 7.5, 2)), 3);

        List<FaultRow> rows = FaultReport.rows(POINT, 1, intervals, result);

        FaultRow kill = rows.get(0);
        assertEquals(1000, kill.beforePerSecond(), 1e-9);
        assertEquals(5 - 3.5, kill.t50Seconds(), 1e-9);
        assertTrue(Double.isNaN(kill.t90Seconds()), "never back at 900/s in the window: " + kill);
        assertEquals(600, kill.afterPerSecond(), 1e-9, "from t50's interval to the pause");
        assertEquals(1 + 20, kill.failed(), "the 7 s interval, in which the pause began, counts for the pause");
        assertEquals(1, kill.elections());
        FaultRow pause = rows.get(1);
        assertEquals(1000, pause.beforePerSecond(), 1e-9, "the level before the first fault, not the depressed 600/s");
        assertEquals(10 - 7.5, pause.t50Seconds(), 1e-9, "400/s is not half of 1,000/s");
        assertTrue(Double.isNaN(pause.t90Seconds()), pause.toString());
        assertEquals((600 + 700 + 700) / 3.0, pause.afterPerSecond(), 1e-9);
        assertEquals(7 + 30 + 2, pause.failed());
        assertEquals(1, pause.elections());
    }

    @Test
    void rows_noRecoveryInTheWindow_isNotANumberAndTheLinesSaySo() {
        List<Interval> intervals = intervals(500, 1000, 1000, 0, 0, 0, 1000);
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                new FaultEvent(new Fault(FaultKind.PAUSE_LEADER, 2, 2), "r1", 3, 5, -1)), 3);

        FaultRow row = FaultReport.rows(POINT, 1, intervals, result).get(0);

        assertTrue(Double.isNaN(row.t50Seconds()), "1,000/s only after the window: " + row);
        assertTrue(Double.isNaN(row.t90Seconds()));
        assertTrue(Double.isNaN(row.afterPerSecond()));
        assertEquals(-1, row.elections(), "a term that could not be read leaves the elections unknown");
        assertTrue(FaultReport.describe(row).contains("t50 not reached, t90 not reached (of 1,000/s before the first"
                + " fault), n/a after"), FaultReport.describe(row));
        assertTrue(FaultReport.medians(List.of(row)).get(0).contains("t50 not reached, t90 not reached (medians of 1;"
                + " t50 never; t90 never)"), FaultReport.medians(List.of(row)).get(0));
    }

    @Test
    void median_ofThreeRepetitions_isTheMiddleOneWithNeverBackCountingLongest() {
        List<FaultRow> rows = List.of(row("kill-leader@1", 1.5, 2), row("kill-leader@1", Double.NaN, Double.NaN),
                row("kill-leader@1", 0.5, 1));
        assertEquals(1.5, FaultReport.median(rows, FaultRow::t50Seconds), 1e-9);
        assertTrue(Double.isNaN(FaultReport.median(List.of(row("kill-leader@1", Double.NaN, 1),
                row("kill-leader@1", Double.NaN, 1), row("kill-leader@1", 1, 1)), FaultRow::t50Seconds)));
        assertTrue(FaultReport.medians(rows).get(0).contains("t50 1.50 s, t90 2.00 s (medians of 3; t50 1.50 never"
                + " 0.50; t90 2.00 never 1.00)"), FaultReport.medians(rows).get(0));
    }

    @Test
    void byKind_faultsOfARun_giveTheMedianAndWorstOfEachKindNeverBackCountingWorst() {
        List<FaultRow> rows = List.of(row("kill-leader@1", 1, 2), row("pause-follower@3:1", 0.5, 0.5),
                row("kill-leader@5", 3, Double.NaN), row("restart@6", 0.25, 0.25), row("kill-leader@9", 2, 4));

        assertEquals(List.of(
                "http TWO_LEVEL at 50 threads, kill-leader (3 faults): t50 median 2.00 s, worst 3.00 s; t90 median"
                        + " 4.00 s, worst not reached",
                "http TWO_LEVEL at 50 threads, pause-follower (1 fault): t50 median 0.50 s, worst 0.50 s; t90 median"
                        + " 0.50 s, worst 0.50 s",
                "http TWO_LEVEL at 50 threads, restart (1 fault): t50 median 0.25 s, worst 0.25 s; t90 median 0.25 s,"
                        + " worst 0.25 s"), FaultReport.byKind(rows));
    }

    private static FaultRow row(String fault, double t50, double t90) {
        return new FaultRow(POINT, 1, fault, "r0", 2, 2.1, 1000, 1000, t50, t90, 0, 0, 1);
    }
}
