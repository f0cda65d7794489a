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

/** The figures around each fault, from a repetition's intervals (one a second) and its events. */
class FaultReportTest {

    private static final Point POINT = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 50);

    /** Intervals 0..n-1 s with these successes (failures, unknown) each; the window is 1..(n-1) s. */
    private static List<Interval> intervals(long[] successes, long[] failures, long[] unknown) {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < successes.length; i++) {
            intervals.add(new Interval(POINT, 1, i, i + 1, 1, successes.length - 1, successes[i], failures[i],
                    unknown[i], 0, Latency.NONE, Latency.NONE, 0));
        }
        return intervals;
    }

    @Test
    void rows_aKillThenARestart_giveTheOutageItsFailuresAndElections() {
        List<Interval> intervals = intervals(new long[] {500, 1000, 1000, 1000, 300, 0, 400, 900, 1000, 1000, 1000},
                new long[] {0, 0, 0, 0, 20, 30, 5, 0, 0, 0, 0}, new long[] {0, 0, 0, 0, 4, 6, 1, 0, 0, 0, 0});
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                new FaultEvent(new Fault(FaultKind.KILL_LEADER, 3.2, 0), "r0", 4.2, 4.3, 1),
                new FaultEvent(new Fault(FaultKind.RESTART, 7, 0), "r0", 8.2, 9.5, 2)), 2);

        List<FaultRow> rows = FaultReport.rows(POINT, 1, intervals, result);

        FaultRow kill = rows.get(0);
        assertEquals("kill-leader@3.2 (r0)", kill.name());
        assertEquals(1000, kill.beforePerSecond(), 1e-9, "the window's whole intervals before the first fault");
        assertEquals(7 - 4.2, kill.unavailableSeconds(), 1e-9, "back at half (500/s) from the interval at 7 s");
        assertEquals(55, kill.failed());
        assertEquals(11, kill.unknown());
        assertEquals(1, kill.elections());
        assertEquals(900, kill.afterPerSecond(), 1e-9, "from the recovery to the restart at 8.2 s: the 7 s interval");
        FaultRow restart = rows.get(1);
        assertEquals(900, restart.beforePerSecond(), 1e-9, "the level since the kill's recovery at 7 s");
        assertEquals(9 - 8.2, restart.unavailableSeconds(), 1e-9, "to within an interval when nothing dipped");
        assertEquals(0, restart.elections());
        assertTrue(FaultReport.describe(kill).startsWith("kill-leader@3.2 (r0) at 4.20 s: unavailable 2.80 s,"
                + " 1,000/s before, 900/s after, 55 failed (11 of unknown outcome), 1 election"),
                FaultReport.describe(kill));
    }

    @Test
    void rows_noRecoveryBeforeTheEnd_isNotANumberAndTheMediansSayNeverBack() {
        List<Interval> intervals = intervals(new long[] {500, 1000, 1000, 0, 0, 0}, new long[6], new long[6]);
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                new FaultEvent(new Fault(FaultKind.PAUSE_LEADER, 2, 2), "r1", 3, 5, -1)), 3);

        FaultRow row = FaultReport.rows(POINT, 1, intervals, result).get(0);

        assertTrue(Double.isNaN(row.unavailableSeconds()));
        assertEquals(-1, row.elections(), "a term that could not be read leaves the elections unknown");
        assertTrue(FaultReport.describe(row).contains("unavailable until the end"), FaultReport.describe(row));
        assertTrue(FaultReport.medians(List.of(row)).get(0).contains("unavailable never back (median of 1"),
                FaultReport.medians(List.of(row)).get(0));
    }

    @Test
    void median_ofThreeRepetitions_isTheMiddleOneWithNeverBackCountingLongest() {
        List<FaultRow> rows = List.of(row(1.5), row(Double.NaN), row(0.5));
        assertEquals(1.5, FaultReport.median(rows, FaultRow::unavailableSeconds), 1e-9);
        assertTrue(Double.isNaN(FaultReport.median(List.of(row(Double.NaN), row(Double.NaN), row(1)),
                FaultRow::unavailableSeconds)));
    }

    @Test
    void rows_aFaultBeforeTheGroupRecovered_isMeasuredAgainstTheEarlierLevel() {
        List<Interval> intervals = intervals(new long[] {500, 1000, 1000, 0, 0, 600, 600, 0, 600, 600},
                new long[10], new long[10]);
        FaultInjector.Result result = new FaultInjector.Result(List.of(
                new FaultEvent(new Fault(FaultKind.KILL_LEADER, 2, 0), "r0", 3, 3, 1),
                new FaultEvent(new Fault(FaultKind.RESTART, 3, 0), "r0", 4, 6, 2),
                new FaultEvent(new Fault(FaultKind.PAUSE_LEADER, 6, 1), "r1", 7, 8, 2)), 3);

        List<FaultRow> rows = FaultReport.rows(POINT, 1, intervals, result);

        assertEquals(1000, rows.get(1).beforePerSecond(), 1e-9, "the restart came before the kill's recovery");
        assertEquals(5 - 3, rows.get(0).unavailableSeconds(), 1e-9);
        assertEquals(600, rows.get(2).beforePerSecond(), 1e-9, "the level since the recovery at 5 s");
        assertEquals(8 - 7, rows.get(2).unavailableSeconds(), 1e-9, "back at 300/s, half of 600/s");
    }

    private static FaultRow row(double unavailable) {
        return new FaultRow(POINT, 1, "kill-leader@1", "r0", 2, 2.1, 1000, 1000, unavailable, 0, 0, 1);
    }
}
