package com.acertainbookstore.workload.running;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.Series;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * The live line as a log and a terminal see it, on a clock the test moves: a line per interval in
 * a log; in place on a terminal (carriage return, cut to the width, erased to the end), ended by a
 * newline before any other line, whether the harness or another class prints it.
 */
class ProgressTest {

    private static final long SECOND = 1_000_000_000L;
    private static final Point POINT = Point.closed(new Series(Mode.LOCAL, Load.CLOSED, Locking.SINGLE), 10);

    private final AtomicLong now = new AtomicLong();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private Progress progress(boolean inPlace, int width) {
        Progress progress = new Progress(new Console(new PrintStream(bytes, true, StandardCharsets.UTF_8), inPlace,
                width), now::get);
        progress.runStarts(new Eta.Plan(0, 4, 5));
        progress.pointStarts(1, 2);
        progress.repetitionStarts(5);
        return progress;
    }

    private String output() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** Two live lines 1 s apart, 1000 then 3000 interactions done. */
    private void twoLiveLines(Progress progress) {
        now.addAndGet(SECOND);
        progress.live(POINT, 1, 1.0, 4.0, 1000, 0, "");
        now.addAndGet(SECOND);
        progress.live(POINT, 1, 2.0, 3.0, 3000, 2, ", 1 workers yet to finish a first interaction");
    }

    @Test
    void live_inALog_isOneLinePerIntervalWithTheRunsTimeLeft() {
        Progress progress = progress(false, 80);

        twoLiveLines(progress);
        progress.say("next");

        List<String> lines = output().lines().toList();
        assertEquals(List.of(
                "    ... run ~19 s left; point 1/2 local SINGLE at 10 threads, repetition 1: 1.0 s elapsed, ~4 s left,"
                        + " 1000 interactions/s now, 0 failed so far (warm-up included)",
                "    ... run ~18 s left; point 1/2 local SINGLE at 10 threads, repetition 1: 2.0 s elapsed, ~3 s left,"
                        + " 2000 interactions/s now, 2 failed so far (warm-up included), 1 workers yet to finish a first"
                        + " interaction",
                "next"), lines);
        assertFalse(output().contains("\r") || output().contains(Console.ERASE_TO_END), output());
    }

    @Test
    void live_onATerminal_rewritesOneLineCutToTheWidthAndEndsItBeforeOtherOutput() {
        Progress progress = progress(true, 60);
        PrintStream other = progress.console().routed(new PrintStream(bytes, true, StandardCharsets.UTF_8));

        twoLiveLines(progress);
        String live = output();
        other.println("a server says something");
        progress.say("point 1/2 done");
        progress.finish();

        String line = "    ... run ~%d s left; point 1/2 local SINGLE at 10 threads, repetition 1";
        String first = String.format(line, 19).substring(0, 56) + "...";
        String second = String.format(line, 18).substring(0, 56) + "...";
        assertEquals("\r" + first + Console.ERASE_TO_END + "\r" + second + Console.ERASE_TO_END, live,
                "in place, cut to 59 characters, no newline");
        assertEquals(live + System.lineSeparator() + "a server says something" + System.lineSeparator()
                + "point 1/2 done" + System.lineSeparator(), output());
    }

    @Test
    void finish_afterALiveLine_endsItOnce() {
        Progress progress = progress(true, 200);

        twoLiveLines(progress);
        progress.finish();
        progress.finish();

        assertTrue(output().endsWith(Console.ERASE_TO_END + System.lineSeparator()), output());
        assertEquals(1, output().chars().filter(c -> c == '\n').count(), output());
    }

    @Test
    void width_fromColumns_orEightyWhenItSaysNothingUsable() {
        assertEquals(132, Console.width("132"));
        assertEquals(80, Console.width(null));
        assertEquals(80, Console.width("wide"));
        assertEquals(80, Console.width("3"));
    }
}
