package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * Merges the results of several harness processes that loaded the same store at the same time
 * (one per load machine) into one results directory, point by point and repetition by repetition:
 * the k-th interval of repetition r of each part is added to the k-th of the others. Stateless,
 * safe to share (calls on the same directories must not overlap).
 *
 * <p>What the merged directory holds, per point present in every part (matched by series, and by
 * threads or offered rate; the merged point has the parts' threads and offered rates summed):
 * <ul>
 *   <li>its interval log: each interval's histograms added (exact: adding HdrHistograms loses
 *   nothing);</li>
 *   <li>the intervals file: per interval, successes, failures, unknown, refused and backlog summed,
 *   percentiles from the added histograms;</li>
 *   <li>the summary file: per repetition, throughput the sum of the parts' (from their runs files:
 *   each part's successes over its own window) and the latency percentiles of the added histograms
 *   of the intervals that lie within the window (those that overlap it when none does), then mean
 *   and deviation over the repetitions; failures, audits and history checks of the parts combined. Figures the
 *   interval logs do not hold (per interaction type, per call, resources, open-loop start delays)
 *   are left empty.</li>
 *   <li>the processes file, where parts have one: each part's rows under the merged point, each JVM
 *   named after its part ({@code part 1 harness}): what each machine's JVMs used, side by side, as
 *   sampled there (nothing is added up: the parts' JVMs are different processes).</li>
 * </ul>
 * No runs file is written: a merged repetition is not a repetition one process measured.
 */
public final class ResultsMerge {

    private static final double EPSILON = 1e-6;

    private ResultsMerge() {
    }

    /**
     * Merges {@code parts} into {@code into} (created if needed; it must not be one of them).
     *
     * @return the files written
     * @throws IllegalArgumentException naming a part that lacks a point, repetition or interval the others have
     * @throws ResultsFormatException   naming the file and line of a malformed file
     */
    public static List<Path> merge(List<Path> parts, Path into) {
        if (parts.size() < 2) {
            throw new IllegalArgumentException("a merge needs at least two results directories, got " + parts);
        }
        for (Path part : parts) {
            if (part.toAbsolutePath().normalize().equals(into.toAbsolutePath().normalize())) {
                throw new IllegalArgumentException("the merged results directory " + into + " is one of the parts");
            }
        }
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(into);
            for (Path summary : ResultFiles.summaries(parts.get(0))) {
                written.addAll(mergeStem(parts, summary.getFileName().toString(), into));
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write merged results into " + into + ": " + e.getMessage(), e);
        }
        return written;
    }

    private static List<Path> mergeStem(List<Path> parts, String summaryName, Path into) throws IOException {
        String stem = summaryName.substring(0, summaryName.length() - ResultFiles.SUMMARY_SUFFIX.length());
        List<Map<SeriesKey, MergedPoint.Part>> byPart = new ArrayList<>();
        for (Path part : parts) {
            byPart.add(points(part, stem));
        }
        List<PointSummary> summaries = new ArrayList<>();
        List<Interval> intervals = new ArrayList<>();
        List<Path> written = new ArrayList<>();
        Map<SeriesKey, Point> mergedPoints = new LinkedHashMap<>();
        for (SeriesKey key : byPart.get(0).keySet()) {
            List<MergedPoint.Part> points = new ArrayList<>();
            for (int i = 0; i < parts.size(); i++) {
                MergedPoint.Part point = byPart.get(i).get(key);
                if (point == null) {
                    throw new IllegalArgumentException("results directory " + parts.get(i) + " has no point "
                            + key.describe() + " in " + summaryName + ", which " + parts.get(0) + " has");
                }
                points.add(point);
            }
            MergedPoint merged = MergedPoint.of(points, key.describe());
            mergedPoints.put(key, merged.summary().point());
            summaries.add(merged.summary());
            intervals.addAll(merged.intervals());
            Path log = ResultFiles.intervalLog(into, merged.summary().point());
            IntervalLogFile.write(log, merged.summary().point(), merged.log());
            written.add(log);
        }
        Path summary = into.resolve(summaryName);
        SummaryFile.write(summary, summaries);
        Path intervalsFile = into.resolve(stem + ResultFiles.INTERVALS_SUFFIX);
        IntervalsFile.write(intervalsFile, intervals);
        written.add(0, intervalsFile);
        written.add(0, summary);
        Path processes = mergeProcesses(parts, stem, mergedPoints, into);
        if (processes != null) {
            written.add(processes);
        }
        return written;
    }

    /**
     * Writes the merged processes file from the parts that have one (each part's JVMs named after
     * it), and returns it; without any, removes an earlier one from {@code into} and returns null.
     */
    private static Path mergeProcesses(List<Path> parts, String stem, Map<SeriesKey, Point> mergedPoints, Path into)
            throws IOException {
        Map<SeriesKey, List<ProcessRow>> rows = new LinkedHashMap<>();
        mergedPoints.keySet().forEach(key -> rows.put(key, new ArrayList<>()));
        boolean any = false;
        for (int i = 0; i < parts.size(); i++) {
            Path file = parts.get(i).resolve(stem + ProcessesFile.SUFFIX);
            if (!Files.isRegularFile(file)) {
                continue;
            }
            any = true;
            for (ProcessRow row : ProcessesFile.read(file)) {
                SeriesKey key = new SeriesKey(row.point().series(), row.point().level());
                if (rows.containsKey(key)) {
                    rows.get(key).add(row.as(mergedPoints.get(key), "part " + (i + 1) + " " + row.process()));
                }
            }
        }
        Path merged = into.resolve(stem + ProcessesFile.SUFFIX);
        if (!any) {
            Files.deleteIfExists(merged);
            return null;
        }
        ProcessesFile.write(merged, rows.values().stream().flatMap(List::stream).toList());
        return merged;
    }

    /** A point of a part, keyed by series and level. */
    record SeriesKey(Series series, double level) {

        String describe() {
            return series.name() + (series.isOpen() ? " at " + Point.rate(level) + "/s" : " at " + (int) level
                    + " threads");
        }
    }

    private static Map<SeriesKey, MergedPoint.Part> points(Path dir, String stem) {
        Path summaryFile = dir.resolve(stem + ResultFiles.SUMMARY_SUFFIX);
        Path intervalsFile = dir.resolve(stem + ResultFiles.INTERVALS_SUFFIX);
        Path runsFile = dir.resolve(stem + ResultFiles.RUNS_SUFFIX);
        for (Path needed : List.of(summaryFile, intervalsFile, runsFile)) {
            if (!Files.isRegularFile(needed)) {
                throw new IllegalArgumentException("results directory " + dir + " has no " + needed.getFileName()
                        + ": a merge needs the summary, intervals and runs files and the interval logs of each part");
            }
        }
        List<Interval> intervals = IntervalsFile.read(intervalsFile);
        Map<Point, Map<Integer, MergedPoint.RunFigures>> runs = runs(runsFile);
        Map<SeriesKey, MergedPoint.Part> points = new LinkedHashMap<>();
        for (PointSummary summary : SummaryFile.read(summaryFile)) {
            Point point = summary.point();
            Path log = ResultFiles.intervalLog(dir, point);
            if (!Files.isRegularFile(log)) {
                throw new IllegalArgumentException("results directory " + dir + " has no interval log " + log
                        + " of " + point.describe());
            }
            points.put(new SeriesKey(point.series(), point.level()), new MergedPoint.Part(summary, intervals.stream()
                    .filter(i -> i.point().equals(point) && i.repetition() >= 1).toList(),
                    runs.getOrDefault(point, Map.of()), IntervalLogFile.read(log)));
        }
        return points;
    }

    /** Each point's figures per repetition, from a runs file. */
    private static Map<Point, Map<Integer, MergedPoint.RunFigures>> runs(Path file) {
        List<String> lines = Csv.lines(file);
        List<NumberColumn<Repetition>> columns = List.of(RunColumns.THROUGHPUT, RunColumns.INTERACTIONS,
                RunColumns.SUCCESSES, RunColumns.FAILURES);
        List<String> required = new ArrayList<>(List.of(RunColumns.REPETITION.name()));
        columns.forEach(c -> required.add(c.name()));
        CsvRows table = new CsvRows(file.toString(), lines, required);
        Map<Point, Map<Integer, MergedPoint.RunFigures>> runs = new LinkedHashMap<>();
        for (CsvRows.Row row : table.rows()) {
            runs.computeIfAbsent(PointColumns.read(row), p -> new LinkedHashMap<>()).put(
                    row.whole(RunColumns.REPETITION.name(), "repetition", 1), new MergedPoint.RunFigures(
                            row.number(RunColumns.THROUGHPUT.name()), row.number(RunColumns.INTERACTIONS.name()),
                            row.number(RunColumns.SUCCESSES.name()), row.number(RunColumns.FAILURES.name())));
        }
        return runs;
    }

    /** The sum of histograms (a new one; the parts are not changed). */
    static AbstractHistogram sum(List<AbstractHistogram> histograms) {
        AbstractHistogram total = new Histogram(2);
        for (AbstractHistogram histogram : histograms) {
            total.add(histogram);
        }
        return total;
    }

    static boolean within(double start, double end, double windowStart, double windowEnd) {
        return start >= windowStart - EPSILON && end <= windowEnd + EPSILON;
    }
}
