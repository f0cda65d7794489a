package com.acertainbookstore.workload.faults;

import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import java.util.stream.Collectors;

/**
 * What the clients felt around each fault of one repetition, from its intervals (a second each by
 * default; {@code workload.intervalSeconds} sets the resolution) and the faults as they happened.
 * Stateless, safe to share. Per fault:
 * <ul>
 * <li><b>before</b>: the level to come back to. For the first fault, the mean of the measured
 * window's whole intervals that ended before it began (if there is none, of every whole interval
 * before it, warm-up included); for a later one, the mean of the window's whole intervals from the
 * last recovery to this fault, or the earlier fault's level when the group had not recovered in
 * between (a restart while the kill is still felt);
 * <li><b>unavailable</b>: from the fault's start to the start of the first whole interval, begun
 * after it, whose throughput is back at half of <b>before</b>; to within one interval, so a fault
 * that changed nothing shows up to one interval;
 * <li><b>failed</b> and <b>unknown</b>: the interactions that failed for want of an answer (not the
 * store's refusals, which the fault did not cause), and of those the ones of unknown outcome, in
 * the intervals from the one the fault began in up to the recovery (to the last interval when
 * there is none);
 * <li><b>after</b>: the mean throughput from the recovery to the next fault's start or the
 * window's end;
 * <li><b>elections</b>: the Raft terms begun from just before this fault until just before the
 * next one (or until the group was healed after the window).
 * </ul>
 */
public final class FaultReport {

    private FaultReport() {
    }

    /** The rows of one repetition of {@code point}: {@code intervals} are that repetition's, in time order. */
    public static List<FaultRow> rows(Point point, int repetition, List<Interval> intervals,
            FaultInjector.Result result) {
        List<Interval> whole = wholeIntervals(intervals);
        List<FaultRow> rows = new ArrayList<>();
        List<FaultEvent> events = result.events();
        double before = Double.NaN;
        double settled = Double.NEGATIVE_INFINITY;
        for (int k = 0; k < events.size(); k++) {
            FaultEvent event = events.get(k);
            double start = event.startSeconds();
            double next = k + 1 < events.size() ? events.get(k + 1).startSeconds() : Double.POSITIVE_INFINITY;
            long termNext = k + 1 < events.size() ? events.get(k + 1).termBefore() : result.termAfter();
            before = k == 0 ? before(whole, start) : since(whole, settled, start, before);
            Interval back = recovery(whole, start, before);
            settled = back == null ? Double.POSITIVE_INFINITY : Math.max(settled, back.startSeconds());
            double windowEnd = whole.isEmpty() ? start : whole.get(0).windowEndSeconds();
            long failed = 0;
            long unknown = 0;
            for (Interval interval : intervals) {
                if (interval.endSeconds() > start && (back == null || interval.startSeconds() < back.startSeconds())) {
                    failed += interval.failures() - interval.refused();
                    unknown += interval.unknown();
                }
            }
            double after = Double.NaN;
            if (back != null) {
                after = mean(whole.stream().filter(i -> i.startSeconds() >= back.startSeconds()
                        && i.endSeconds() <= Math.min(next, windowEnd) + 1e-9).toList());
            }
            rows.add(new FaultRow(point, repetition, event.fault().toString(), event.replica(), start,
                    event.endSeconds(), before, after, back == null ? Double.NaN : back.startSeconds() - start, failed,
                    unknown, event.termBefore() < 0 || termNext < 0 ? -1 : termNext - event.termBefore()));
        }
        return rows;
    }

    /** The intervals that last their full length (the last one of a repetition is cut short). */
    private static List<Interval> wholeIntervals(List<Interval> intervals) {
        double length = intervals.stream().mapToDouble(i -> i.endSeconds() - i.startSeconds()).max().orElse(0);
        return intervals.stream().filter(i -> i.endSeconds() - i.startSeconds() >= length * (1 - 1e-6)).toList();
    }

    private static double before(List<Interval> whole, double start) {
        List<Interval> inWindow = whole.stream().filter(i -> i.startSeconds() >= i.windowStartSeconds() - 1e-9
                && i.endSeconds() <= start + 1e-9).toList();
        if (!inWindow.isEmpty()) {
            return mean(inWindow);
        }
        return mean(whole.stream().filter(i -> i.endSeconds() <= start + 1e-9).toList());
    }

    /**
     * The level to come back to after a later fault: the mean of the window's whole intervals from
     * the last recovery to this fault, or, when there is none (the group had not recovered yet),
     * the level the earlier fault was measured against.
     */
    private static double since(List<Interval> whole, double settled, double start, double earlier) {
        List<Interval> between = whole.stream().filter(i -> i.startSeconds() >= settled - 1e-9
                && i.startSeconds() >= i.windowStartSeconds() - 1e-9 && i.endSeconds() <= start + 1e-9).toList();
        return between.isEmpty() ? earlier : mean(between);
    }

    private static Interval recovery(List<Interval> whole, double start, double before) {
        if (!(before > 0)) {
            return null;
        }
        for (Interval interval : whole) {
            if (interval.startSeconds() >= start - 1e-9 && interval.throughput() >= before / 2) {
                return interval;
            }
        }
        return null;
    }

    private static double mean(List<Interval> intervals) {
        return intervals.isEmpty() ? Double.NaN
                : intervals.stream().mapToDouble(Interval::throughput).average().orElse(Double.NaN);
    }

    /**
     * One line per fault: {@code kill-leader@4 (r0) at 5.12 s: unavailable 1.88 s, 4,100/s before,
     * 3,900/s after, 212 failed (35 unknown), 1 election}.
     */
    public static String describe(FaultRow row) {
        return String.format(Locale.ROOT, "%s at %.2f s: unavailable %s, %s before, %s after, %,d failed (%,d of"
                + " unknown outcome), %s", row.name(), row.startSeconds(),
                Double.isNaN(row.unavailableSeconds()) ? "until the end (not back at half the throughput)"
                        : String.format(Locale.ROOT, "%.2f s", row.unavailableSeconds()),
                rate(row.beforePerSecond()), rate(row.afterPerSecond()), row.failed(), row.unknown(),
                FaultRow.elections(row.elections()));
    }

    /** The throughput of each interval from one before the fault to two after the recovery, as one line. */
    public static String perSecond(FaultRow row, List<Interval> intervals) {
        double until = row.startSeconds() + (Double.isNaN(row.unavailableSeconds()) ? 1e9 : row.unavailableSeconds());
        StringBuilder line = new StringBuilder("      per interval from the one before it:");
        int shown = 0;
        for (Interval interval : intervals) {
            if (interval.endSeconds() > row.startSeconds() - 1 && interval.startSeconds() < until + 2 && shown < 40) {
                line.append(String.format(Locale.ROOT, " %,.0f", interval.throughput()));
                if (interval.failures() > 0) {
                    line.append(String.format(Locale.ROOT, "(%d failed, %d unknown)", interval.failures(),
                            interval.unknown()));
                }
                shown++;
            }
        }
        return line.append(" /s").toString();
    }

    /**
     * Per point and planned fault, over the repetitions: the median unavailability, throughput
     * before and after, and the sums of failed and unknown interactions and of elections.
     */
    public static List<String> medians(List<FaultRow> rows) {
        Map<String, List<FaultRow>> byFault = new LinkedHashMap<>();
        for (FaultRow row : rows) {
            byFault.computeIfAbsent(row.point().describe() + ", " + row.fault(), k -> new ArrayList<>()).add(row);
        }
        List<String> lines = new ArrayList<>();
        byFault.forEach((name, group) -> {
            long elections = group.stream().anyMatch(r -> r.elections() < 0) ? -1
                    : group.stream().mapToLong(FaultRow::elections).sum();
            lines.add(String.format(Locale.ROOT, "%s: unavailable %s (median of %d; %s), %s before, %s after;"
                    + " in all %,d failed, %,d of unknown outcome, %s", name,
                    seconds(median(group, FaultRow::unavailableSeconds)), group.size(),
                    group.stream().map(r -> seconds(r.unavailableSeconds())).collect(Collectors.joining(" ")),
                    rate(median(group, FaultRow::beforePerSecond)), rate(median(group, FaultRow::afterPerSecond)),
                    group.stream().mapToLong(FaultRow::failed).sum(), group.stream().mapToLong(FaultRow::unknown).sum(),
                    FaultRow.elections(elections)));
        });
        return lines;
    }

    /** The median, NaN counting as longer than any number (a fault never recovered from). */
    static double median(List<FaultRow> rows, ToDoubleFunction<FaultRow> value) {
        double[] values = rows.stream().mapToDouble(value)
                .map(v -> Double.isNaN(v) ? Double.POSITIVE_INFINITY : v).sorted().toArray();
        if (values.length == 0) {
            return Double.NaN;
        }
        double middle = values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
        return Double.isInfinite(middle) ? Double.NaN : middle;
    }

    private static String seconds(double value) {
        return Double.isNaN(value) ? "never back" : String.format(Locale.ROOT, "%.2f s", value);
    }

    private static String rate(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%,.0f/s", value);
    }
}
