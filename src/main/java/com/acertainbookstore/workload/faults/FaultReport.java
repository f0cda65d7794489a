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
 * <li><b>before</b>, the pre-fault level: the mean throughput of the measured window's whole
 * intervals that ended before the repetition's <em>first</em> fault began (if there is none, of
 * every whole interval before it, warm-up included). Every fault of the repetition is measured
 * against it, a later one too: a pause after a kill from which the group came back only part of
 * the way is still measured against the throughput before the kill, not against the depressed
 * level;
 * <li><b>t50</b> and <b>t90</b>: from the fault's start to the start of the first whole interval
 * of the measured window, begun after the fault, whose throughput is at least 50 % (90 %) of
 * <b>before</b>. Measured to within one interval, so a fault that changed nothing shows up to one
 * interval. None (NaN) when no interval of the window gets there, even one after a later fault:
 * the search runs to the window's end;
 * <li><b>failed</b> and <b>unknown</b>: the interactions that failed for want of an answer (not the
 * store's refusals, which the fault did not cause), and of those the ones of unknown outcome, in
 * the intervals from the one the fault began in to the one before t50's (to the last one when
 * there is no t50); an interval that ended after the next fault began counts for that one, so no
 * failure counts twice;
 * <li><b>after</b>: the mean throughput of the window's whole intervals from t50's to the next
 * fault's start or the window's end (NaN without t50);
 * <li><b>elections</b>: the Raft terms begun from just before this fault until just before the
 * next one (or until the group was healed after the window).
 * </ul>
 */
public final class FaultReport {

    private static final double EPSILON = 1e-9;

    private FaultReport() {
    }

    /** The rows of one repetition of {@code point}: {@code intervals} are that repetition's, in time order. */
    public static List<FaultRow> rows(Point point, int repetition, List<Interval> intervals,
            FaultInjector.Result result) {
        List<FaultEvent> events = result.events();
        if (events.isEmpty()) {
            return List.of();
        }
        List<Interval> whole = wholeIntervals(intervals);
        double windowEnd = intervals.isEmpty() ? Double.NEGATIVE_INFINITY : intervals.get(0).windowEndSeconds();
        List<Interval> window = whole.stream().filter(i -> i.endSeconds() <= windowEnd + EPSILON).toList();
        double before = preFault(whole, events.get(0).startSeconds());
        List<FaultRow> rows = new ArrayList<>();
        for (int k = 0; k < events.size(); k++) {
            FaultEvent event = events.get(k);
            double start = event.startSeconds();
            double next = k + 1 < events.size() ? events.get(k + 1).startSeconds() : Double.POSITIVE_INFINITY;
            long termNext = k + 1 < events.size() ? events.get(k + 1).termBefore() : result.termAfter();
            Interval back = firstAtLeast(window, start, before * FaultRow.T50_SHARE);
            Interval most = firstAtLeast(window, start, before * FaultRow.T90_SHARE);
            long failed = 0;
            long unknown = 0;
            for (Interval interval : intervals) {
                if (interval.endSeconds() > start && interval.endSeconds() <= next
                        && (back == null || interval.startSeconds() < back.startSeconds())) {
                    failed += interval.failures() - interval.refused();
                    unknown += interval.unknown();
                }
            }
            double after = back == null ? Double.NaN : mean(window.stream()
                    .filter(i -> i.startSeconds() >= back.startSeconds() && i.endSeconds() <= next + EPSILON)
                    .toList());
            rows.add(new FaultRow(point, repetition, event.fault().toString(), event.replica(), start,
                    event.endSeconds(), before, after, since(start, back), since(start, most), failed, unknown,
                    event.termBefore() < 0 || termNext < 0 ? -1 : termNext - event.termBefore()));
        }
        return rows;
    }

    /** The intervals that last their full length (the last one of a repetition is cut short). */
    private static List<Interval> wholeIntervals(List<Interval> intervals) {
        double length = intervals.stream().mapToDouble(i -> i.endSeconds() - i.startSeconds()).max().orElse(0);
        return intervals.stream().filter(i -> i.endSeconds() - i.startSeconds() >= length * (1 - 1e-6)).toList();
    }

    /** The mean of the window's whole intervals that ended by {@code first}; of every whole one before it if none. */
    private static double preFault(List<Interval> whole, double first) {
        List<Interval> inWindow = whole.stream().filter(i -> i.startSeconds() >= i.windowStartSeconds() - EPSILON
                && i.endSeconds() <= first + EPSILON).toList();
        if (!inWindow.isEmpty()) {
            return mean(inWindow);
        }
        return mean(whole.stream().filter(i -> i.endSeconds() <= first + EPSILON).toList());
    }

    /** The first of {@code window} begun at or after {@code start} with at least {@code level}/s; null if none. */
    private static Interval firstAtLeast(List<Interval> window, double start, double level) {
        if (!(level > 0)) {
            return null;
        }
        for (Interval interval : window) {
            if (interval.startSeconds() >= start - EPSILON && interval.throughput() >= level * (1 - 1e-12)) {
                return interval;
            }
        }
        return null;
    }

    private static double since(double start, Interval interval) {
        return interval == null ? Double.NaN : Math.max(0, interval.startSeconds() - start);
    }

    private static double mean(List<Interval> intervals) {
        return intervals.isEmpty() ? Double.NaN
                : intervals.stream().mapToDouble(Interval::throughput).average().orElse(Double.NaN);
    }

    /**
     * One line per fault: {@code kill-leader@4 (r0) at 5.12 s: t50 1.88 s, t90 2.88 s (of 4,100/s
     * before the first fault), 3,900/s after, 212 failed (35 of unknown outcome), 1 election}.
     */
    public static String describe(FaultRow row) {
        return String.format(Locale.ROOT, "%s at %.2f s: t50 %s, t90 %s (of %s before the first fault), %s after,"
                + " %,d failed (%,d of unknown outcome), %s", row.name(), row.startSeconds(), seconds(row.t50Seconds()),
                seconds(row.t90Seconds()), rate(row.beforePerSecond()), rate(row.afterPerSecond()), row.failed(),
                row.unknown(), FaultRow.elections(row.elections()));
    }

    /** The throughput of each interval from one before the fault to two after t90 (or the end), as one line. */
    public static String perSecond(FaultRow row, List<Interval> intervals) {
        double reached = !Double.isNaN(row.t90Seconds()) ? row.t90Seconds() : 1e9;
        double until = row.startSeconds() + reached;
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
     * Per point and planned fault, over the repetitions: the median t50 and t90 (each
     * repetition's beside them), throughput before and after, and the sums of failed and unknown
     * interactions and of elections.
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
            lines.add(String.format(Locale.ROOT, "%s: t50 %s, t90 %s (medians of %d; t50 %s; t90 %s), %s before the"
                    + " first fault, %s after; in all %,d failed, %,d of unknown outcome, %s", name,
                    seconds(median(group, FaultRow::t50Seconds)), seconds(median(group, FaultRow::t90Seconds)),
                    group.size(), each(group, FaultRow::t50Seconds), each(group, FaultRow::t90Seconds),
                    rate(median(group, FaultRow::beforePerSecond)), rate(median(group, FaultRow::afterPerSecond)),
                    group.stream().mapToLong(FaultRow::failed).sum(), group.stream().mapToLong(FaultRow::unknown).sum(),
                    FaultRow.elections(elections)));
        });
        return lines;
    }

    /**
     * Per point and kind of fault, over every fault of that kind in the run (every repetition):
     * the median and the worst t50 and t90, a fault that never got there counting as the worst.
     * {@code http TWO_LEVEL at 100 threads, kill-leader (4 faults): t50 median 1.20 s, worst 2.30 s;
     * t90 median 2.50 s, worst not reached}.
     */
    public static List<String> byKind(List<FaultRow> rows) {
        Map<String, List<FaultRow>> groups = new LinkedHashMap<>();
        for (FaultRow row : rows) {
            String kind = FaultPlan.parse(row.fault()).faults().get(0).kind().label();
            groups.computeIfAbsent(row.point().describe() + ", " + kind, k -> new ArrayList<>()).add(row);
        }
        List<String> lines = new ArrayList<>();
        groups.forEach((name, group) -> lines.add(String.format(Locale.ROOT, "%s (%d fault%s): t50 median %s, worst"
                + " %s; t90 median %s, worst %s", name, group.size(), group.size() == 1 ? "" : "s",
                seconds(median(group, FaultRow::t50Seconds)), seconds(worst(group, FaultRow::t50Seconds)),
                seconds(median(group, FaultRow::t90Seconds)), seconds(worst(group, FaultRow::t90Seconds)))));
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

    /** The longest, NaN (never got there) if any row has NaN. */
    static double worst(List<FaultRow> rows, ToDoubleFunction<FaultRow> value) {
        double longest = Double.NEGATIVE_INFINITY;
        for (FaultRow row : rows) {
            double v = value.applyAsDouble(row);
            if (Double.isNaN(v)) {
                return Double.NaN;
            }
            longest = Math.max(longest, v);
        }
        return rows.isEmpty() ? Double.NaN : longest;
    }

    private static String each(List<FaultRow> rows, ToDoubleFunction<FaultRow> value) {
        return rows.stream().mapToDouble(value).mapToObj(v -> Double.isNaN(v) ? "never"
                : String.format(Locale.ROOT, "%.2f", v)).collect(Collectors.joining(" "));
    }

    private static String seconds(double value) {
        return Double.isNaN(value) ? "not reached" : String.format(Locale.ROOT, "%.2f s", value);
    }

    private static String rate(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%,.0f/s", value);
    }
}
