package com.acertainbookstore.workload.results;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;

/**
 * One point of several parts merged ({@link ResultsMerge} says how): its summary, its intervals
 * and its interval log. Intervals are aligned by their start within their repetition (to the
 * millisecond): the parts' intervals that start together are added; one that only some parts have
 * (a repetition's last, shorter one) is the sum of those. Immutable once built.
 *
 * @param summary   the merged summary
 * @param intervals the merged intervals of every repetition
 * @param log       the merged interval log
 */
record MergedPoint(PointSummary summary, List<Interval> intervals, List<IntervalLogFile.RepetitionLog> log) {

    /** What a part's runs file says of one repetition. */
    record RunFigures(double throughput, double interactions, double successes, double failures) {
    }

    /** One part's point: its summary, intervals, runs figures by repetition and interval log. */
    record Part(PointSummary summary, List<Interval> intervals, Map<Integer, RunFigures> runs,
            List<IntervalLogFile.RepetitionLog> log) {
    }

    /**
     * Merges the same point of each part.
     *
     * @throws IllegalArgumentException naming the point and what one part lacks
     */
    static MergedPoint of(List<Part> parts, String name) {
        Part first = parts.get(0);
        Point point = mergedPoint(parts);
        List<Interval> intervals = new ArrayList<>();
        List<IntervalLogFile.RepetitionLog> log = new ArrayList<>();
        Map<NumberColumn<Repetition>, List<Double>> values = new LinkedHashMap<>();
        Failures failures = Failures.NONE;
        AuditOutcome audit = first.summary().audit();
        CheckOutcome check = CheckOutcome.NOT_CHECKED;
        for (int p = 0; p < parts.size(); p++) {
            PointSummary part = parts.get(p).summary();
            failures = failures.plus(part.failures());
            audit = audit.and(part.audit());
            check = check.and(part.check().about("part " + (p + 1) + ", "));
        }
        for (IntervalLogFile.RepetitionLog repetition : first.log()) {
            int r = repetition.repetition();
            TreeMap<Long, List<IntervalLogFile.Recorded>> logged = new TreeMap<>();
            TreeMap<Long, List<Interval>> rows = new TreeMap<>();
            RunFigures sum = new RunFigures(0, 0, 0, 0);
            for (Part part : parts) {
                IntervalLogFile.RepetitionLog same = part.log().stream().filter(l -> l.repetition() == r).findFirst()
                        .orElseThrow(() -> new IllegalArgumentException(name + ": a part has no repetition " + r
                                + " in its interval log"));
                RunFigures figures = part.runs().get(r);
                if (figures == null) {
                    throw new IllegalArgumentException(name + ": a part has no repetition " + r + " in its runs file");
                }
                sum = new RunFigures(sum.throughput() + figures.throughput(), sum.interactions()
                        + figures.interactions(), sum.successes() + figures.successes(), sum.failures()
                        + figures.failures());
                same.intervals().forEach(i -> logged.computeIfAbsent(key(i.startSeconds()), k -> new ArrayList<>())
                        .add(i));
                part.intervals().stream().filter(i -> i.repetition() == r).forEach(i -> rows.computeIfAbsent(
                        key(i.startSeconds()), k -> new ArrayList<>()).add(i));
            }
            List<IntervalLogFile.Recorded> recorded = new ArrayList<>();
            for (Map.Entry<Long, List<IntervalLogFile.Recorded>> at : logged.entrySet()) {
                List<IntervalLogFile.Recorded> same = at.getValue();
                List<AbstractHistogram> services = same.stream().map(IntervalLogFile.Recorded::service)
                        .filter(Objects::nonNull).toList();
                recorded.add(new IntervalLogFile.Recorded(at.getKey() / 1000.0, same.stream()
                        .mapToDouble(IntervalLogFile.Recorded::endSeconds).max().orElseThrow(), ResultsMerge.sum(same
                                .stream().map(IntervalLogFile.Recorded::latency).toList()),
                        services.isEmpty() ? null : ResultsMerge.sum(services)));
            }
            for (Map.Entry<Long, List<Interval>> at : rows.entrySet()) {
                List<Interval> same = at.getValue();
                Interval base = same.get(0);
                IntervalLogFile.Recorded histograms = recorded.stream().filter(i -> key(i.startSeconds()) == at.getKey())
                        .findFirst().orElse(null);
                intervals.add(new Interval(point, r, base.startSeconds(), same.stream()
                        .mapToDouble(Interval::endSeconds).max().orElseThrow(), repetition.windowStart(),
                        repetition.windowEnd(), same.stream().mapToLong(Interval::successes).sum(),
                        same.stream().mapToLong(Interval::failures).sum(), same.stream().mapToLong(Interval::unknown)
                                .sum(), same.stream().mapToLong(Interval::refused).sum(),
                        histograms == null ? Latency.NONE : Latency.of(histograms.latency()),
                        histograms == null || histograms.service() == null ? Latency.NONE
                                : Latency.of(histograms.service()),
                        same.stream().mapToLong(Interval::backlog).sum()));
            }
            log.add(new IntervalLogFile.RepetitionLog(r, repetition.startEpochMs(), repetition.windowStart(),
                    repetition.windowEnd(), recorded));
            add(values, sum, windowLatency(recorded, repetition.windowStart(), repetition.windowEnd()),
                    repetition.windowEnd() - repetition.windowStart());
        }
        Map<NumberColumn<Repetition>, Stat> stats = new LinkedHashMap<>();
        values.forEach((column, list) -> stats.put(column, Stat.of(list.stream().mapToDouble(Double::doubleValue)
                .toArray())));
        return new MergedPoint(new PointSummary(point, first.log().size(), first.summary().measure(),
                first.summary().arrivals(), stats, failures, audit, check), intervals, log);
    }

    /** An interval's start in whole milliseconds, which aligns the parts' intervals. */
    private static long key(double startSeconds) {
        return Math.round(startSeconds * 1000);
    }

    /** The parts' point with their threads (pools) and offered rates summed. */
    private static Point mergedPoint(List<Part> parts) {
        Point first = parts.get(0).summary().point();
        int threads = parts.stream().mapToInt(p -> p.summary().point().threads()).sum();
        if (first.series().isOpen()) {
            return Point.open(first.series(), threads, parts.stream()
                    .mapToDouble(p -> p.summary().point().offeredPerSecond()).sum());
        }
        return Point.closed(first.series(), threads);
    }

    /** The added histograms of the intervals within the window, or of those overlapping it when none is within. */
    private static Latency windowLatency(List<IntervalLogFile.Recorded> intervals, double start, double end) {
        List<AbstractHistogram> within = intervals.stream()
                .filter(i -> ResultsMerge.within(i.startSeconds(), i.endSeconds(), start, end))
                .map(IntervalLogFile.Recorded::latency).toList();
        if (within.isEmpty()) {
            within = intervals.stream().filter(i -> i.endSeconds() > start && i.startSeconds() < end)
                    .map(IntervalLogFile.Recorded::latency).toList();
        }
        return Latency.of(ResultsMerge.sum(within));
    }

    private static void add(Map<NumberColumn<Repetition>, List<Double>> values, RunFigures figures, Latency latency,
            double window) {
        put(values, RunColumns.THROUGHPUT, figures.throughput());
        put(values, RunColumns.WINDOW, window);
        put(values, RunColumns.INTERACTIONS, figures.interactions());
        put(values, RunColumns.SUCCESSES, figures.successes());
        put(values, RunColumns.FAILURES, figures.failures());
        put(values, RunColumns.SUCCESS_RATE, figures.interactions() == 0 ? Double.NaN
                : figures.successes() / figures.interactions());
        RunColumns.LatencyColumns columns = RunColumns.LATENCY;
        put(values, columns.mean(), latency.mean());
        put(values, columns.p50(), latency.p50());
        put(values, columns.p90(), latency.p90());
        put(values, columns.p99(), latency.p99());
        put(values, columns.p999(), latency.p999());
        put(values, columns.max(), latency.max());
    }

    private static void put(Map<NumberColumn<Repetition>, List<Double>> values, NumberColumn<Repetition> column,
            double value) {
        values.computeIfAbsent(column, c -> new ArrayList<>()).add(value);
    }
}
