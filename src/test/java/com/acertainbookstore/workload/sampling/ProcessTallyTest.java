package com.acertainbookstore.workload.sampling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.Series;
import org.junit.jupiter.api.Test;

/**
 * How one process's samples become a point's figures: a counter's use is each pid's last reading
 * less its first, from zero for a pid that started during the window; a figure nothing gave is
 * NaN, never 0; and how {@code /proc} text is read.
 */
class ProcessTallyTest {

    private static final Point POINT = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.SINGLE), 8);
    private static final long MIB = 1024 * 1024;
    private static final long SECOND = 1_000_000_000L;

    @Test
    void row_processRestartedMidWindow_countsTheNewPidFromZeroAndNamesBothPids() {
        ProcessTally tally = new ProcessTally("r0");
        tally.record(10, new ProcReading(5 * SECOND, 100 * MIB, false), new JvmCounters(200, 9_000, 1_000, 3_000));
        tally.record(10, new ProcReading(5 * SECOND + SECOND / 2, 300 * MIB, false), new JvmCounters(250, 9_400, 1_500,
                4_000));
        tally.record(-1, null, null);
        tally.record(11, new ProcReading(SECOND / 5, 50 * MIB, false), null);
        tally.record(11, new ProcReading(SECOND / 5 + SECOND / 10, 50 * MIB, false), new JvmCounters(5, 30, 100, 200));
        tally.endWindow(2 * SECOND);

        ProcessRow row = tally.row(POINT);

        assertEquals("10 11", row.pids());
        assertEquals(2.0, row.seconds(), 1e-9);
        assertEquals(5, row.samples());
        assertEquals(4, row.procSamples());
        assertEquals(3, row.jvmSamples());
        assertEquals(0, row.stoppedSamples());
        // (0.5 s of pid 10 + 0.3 s of pid 11, counted from its start) over 2 s.
        assertEquals(40.0, row.cpuPercent(), 1e-9);
        assertEquals(125.0, row.rssMeanMb(), 1e-9);
        assertEquals(300.0, row.rssPeakMb(), 1e-9);
        assertEquals(50 + 5, row.gcMs(), 1e-9);
        assertEquals(400 + 30, row.jitMs(), 1e-9);
        assertEquals(500 + 100, row.httpBytesIn(), 1e-9);
        assertEquals(1_000 + 200, row.httpBytesOut(), 1e-9);
    }

    @Test
    void row_processStoppedTheWholeWindow_hasNoJvmFigureButItsCpuAndMemory() {
        ProcessTally tally = new ProcessTally("r1");
        for (int i = 0; i < 4; i++) {
            tally.record(20, new ProcReading(3 * SECOND, 64 * MIB, true), null);
        }
        tally.endWindow(SECOND);

        ProcessRow row = tally.row(POINT);

        assertEquals(4, row.stoppedSamples());
        assertEquals(0, row.jvmSamples());
        assertEquals(0.0, row.cpuPercent(), 1e-9, "stopped, it used no CPU: a measured zero");
        assertTrue(Double.isNaN(row.gcMs()), "no GC figure without an answer: " + row.gcMs());
        assertTrue(Double.isNaN(row.jitMs()), "no JIT figure without an answer: " + row.jitMs());
        assertTrue(Double.isNaN(row.httpBytesIn()) && Double.isNaN(row.httpBytesOut()), row.toString());
        assertEquals(64.0, row.rssPeakMb(), 1e-9);
    }

    @Test
    void row_twoWindows_addsTheirUseAndTheirTime() {
        ProcessTally tally = new ProcessTally("harness");
        tally.record(7, new ProcReading(SECOND, MIB, false), new JvmCounters(10, 100, 0, 0));
        tally.record(7, new ProcReading(2 * SECOND, MIB, false), new JvmCounters(30, 160, 10, 20));
        tally.endWindow(SECOND);
        // Between the windows the process used CPU and GC time that is not counted.
        tally.record(7, new ProcReading(5 * SECOND, 3 * MIB, false), new JvmCounters(100, 1_000, 50, 50));
        tally.record(7, new ProcReading(5 * SECOND + SECOND / 2, 3 * MIB, false), new JvmCounters(105, 1_002, 60, 80));
        tally.endWindow(SECOND);

        ProcessRow row = tally.row(POINT);

        assertEquals("7", row.pids());
        assertEquals(2.0, row.seconds(), 1e-9);
        assertEquals(75.0, row.cpuPercent(), 1e-9);
        assertEquals(25, row.gcMs(), 1e-9);
        assertEquals(60 + 2, row.jitMs(), 1e-9);
        assertEquals(20, row.httpBytesIn(), 1e-9);
        assertEquals(50, row.httpBytesOut(), 1e-9);
        assertEquals(2.0, row.rssMeanMb(), 1e-9);
    }

    @Test
    void row_pidReadOnceWhileItRanBefore_givesNoFigureButAPidStartedInTheWindowDoes() {
        ProcessTally tally = new ProcessTally("r0");
        tally.record(30, new ProcReading(4 * SECOND, MIB, false), new JvmCounters(40, 4, 400, 4_000));
        tally.record(-1, null, null);
        tally.endWindow(SECOND);
        tally.record(-1, null, null);
        tally.record(31, new ProcReading(SECOND, MIB, false), new JvmCounters(7, -1, 70, 700));
        tally.endWindow(SECOND);

        ProcessRow row = tally.row(POINT);

        assertEquals("30 31", row.pids());
        // Pid 30, read once, says nothing of the first window; pid 31 began in the second: all it used counts.
        assertEquals(50.0, row.cpuPercent(), 1e-9);
        assertEquals(7, row.gcMs(), 1e-9);
        assertTrue(Double.isNaN(row.jitMs()), "a JVM that keeps no compile time gives none: " + row.jitMs());
        assertEquals(70, row.httpBytesIn(), 1e-9);
        assertEquals(700, row.httpBytesOut(), 1e-9);
    }

    @Test
    void row_processNeverRunning_isAllNaNWithItsSamplesCounted() {
        ProcessTally tally = new ProcessTally("r2");
        tally.record(-1, null, null);
        tally.record(-1, null, null);
        tally.endWindow(SECOND);

        ProcessRow row = tally.row(POINT);

        assertEquals("", row.pids());
        assertEquals(2, row.samples());
        assertEquals(0, row.procSamples());
        for (double figure : new double[] {row.cpuPercent(), row.rssMeanMb(), row.rssPeakMb(), row.gcMs(),
                row.jitMs(), row.httpBytesIn(), row.httpBytesOut()}) {
            assertTrue(Double.isNaN(figure), row.toString());
        }
    }

    @Test
    void parse_commandWithSpacesAndParentheses_readsTheFieldsAfterTheLastParenthesis() {
        String stat = "4242 (java (x) y) S 1 4242 4242 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 30 0 123 0 0";
        ProcReading reading = ProcReading.parse(stat, "Name:\tjava\nVmPeak:\t 9000 kB\nVmRSS:\t  2048 kB\n");

        assertEquals(2048 * 1024, reading.rssBytes());
        assertEquals(false, reading.stopped());
        assumeTrue(ProcReading.TICKS_PER_SECOND > 0, "getconf CLK_TCK does not answer here");
        assertEquals(300 * (SECOND / ProcReading.TICKS_PER_SECOND), reading.cpuNs(), "utime 250 + stime 50 ticks");
    }

    @Test
    void parse_stoppedZombieOrWithoutMemory_isMarkedOrNoReading() {
        String line = "7 (java) %s 1 7 7 0 -1 4194560 100 0 0 0 250 50 0 0 20 0 30 0 123 0 0";
        assertTrue(ProcReading.parse(line.formatted("T"), "VmRSS:\t10 kB\n").stopped());
        assertTrue(ProcReading.parse(line.formatted("t"), "VmRSS:\t10 kB\n").stopped());
        assertNull(ProcReading.parse(line.formatted("Z"), "Name:\tjava\n"));
        assertNull(ProcReading.parse(line.formatted("S"), "Name:\tjava\n"), "no VmRSS line");
        assertNull(ProcReading.parse("7 (java", "VmRSS:\t10 kB\n"), "cut short");
    }

    @Test
    void of_thisJvm_readsItsCpuAndMemoryAndAnEndedPidIsNoReading() {
        assumeTrue(ProcReading.available(), "no /proc on this machine");
        ProcReading self = ProcReading.of(ProcessHandle.current().pid());

        assertTrue(self.cpuNs() > 0, "this JVM has run: " + self);
        assertTrue(self.rssBytes() > 10 * MIB, self.toString());
        assertEquals(false, self.stopped());
        assertNull(ProcReading.of(-1));
        assertNull(ProcReading.of(Integer.MAX_VALUE), "no such pid");
    }
}
