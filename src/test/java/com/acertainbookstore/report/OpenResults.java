package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.IntervalsFile;
import com.acertainbookstore.workload.results.Latency;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.SummaryRows;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Test helper: open-loop results of two series (in-process SINGLE, peak 1,000,000/s; HTTP
 * TWO_LEVEL, peak 6,000/s) at fractions of their peak, and the intervals of the in-process point
 * at 800,000/s: ten 0.1 s intervals, window from 0.2 s to 0.8 s, nothing completing at 0.5 s.
 */
final class OpenResults {

    static final double[] FRACTIONS = {0.1, 0.5, 0.8, 0.95, 1.2};
    static final double LOCAL_PEAK = 1_000_000;
    static final double HTTP_PEAK = 6_000;

    private OpenResults() {
    }

    /** The summaries of both series. */
    static List<PointSummary> summaries() {
        List<PointSummary> summaries = new ArrayList<>();
        for (double fraction : FRACTIONS) {
            double latency = fraction < 1 ? 2 / (1 - fraction * 0.9) : 5000;
            summaries.add(SummaryRows.open("local open SINGLE", 4, fraction * LOCAL_PEAK,
                    Math.min(fraction, 1) * LOCAL_PEAK, latency, LOCAL_PEAK));
        }
        for (double fraction : FRACTIONS) {
            double latency = fraction < 1 ? 600 / (1 - fraction * 0.9) : 900_000;
            summaries.add(SummaryRows.open("http open TWO_LEVEL", 100, fraction * HTTP_PEAK,
                    Math.min(fraction, 1) * HTTP_PEAK, latency, HTTP_PEAK));
        }
        return summaries;
    }

    /** The point whose intervals there are: in-process at 80 % of its peak. */
    static Point timelinePoint() {
        return summaries().get(2).point();
    }

    /** Its intervals, repetition 1. */
    static List<Interval> intervals() {
        List<Interval> intervals = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            boolean stalled = i == 5;
            long successes = stalled ? 0 : 80_000;
            Latency latency = stalled ? Latency.NONE : new Latency(5, 4, 8, i == 6 ? 100_000 : 20, 40, 150_000);
            Latency service = stalled ? Latency.NONE : new Latency(1, 1, 2, 3, 4, 5);
            intervals.add(new Interval(timelinePoint(), 1, i * 0.1, (i + 1) * 0.1, 0.2, 0.8, successes, 0, 0, 0, latency,
                    service, i == 5 ? 80_000 : 0));
        }
        return intervals;
    }

    /** The results, in memory. */
    static Results results() {
        return new Results(Results.of(summaries()).series(), intervals());
    }

    /** Writes them as a run would: {@code local-open-*} and {@code http-open-*} files. */
    static void write(Path dir) {
        List<PointSummary> all = summaries();
        SummaryRows.write(dir, "local-open", all.subList(0, FRACTIONS.length).toArray(PointSummary[]::new));
        SummaryRows.write(dir, "http-open", all.subList(FRACTIONS.length, all.size()).toArray(PointSummary[]::new));
        try {
            IntervalsFile.write(dir.resolve("local-open-intervals.csv"), intervals());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
