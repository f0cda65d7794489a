package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.IntervalsFile;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.ResultsFormatException;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.results.SummaryFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * Every series of the summary files of one results directory, and the intervals of its intervals
 * files. Immutable, safe to share.
 *
 * <p>Series keep the order of the files (local, http, local-open, http-open, others by name) and,
 * within a file, the order in which they first appear.
 *
 * @param series    the series, each with at least one point
 * @param intervals every interval of every repetition, for the charts over time
 */
public record Results(List<SeriesData> series, List<Interval> intervals) {

    public Results {
        series = List.copyOf(series);
        intervals = List.copyOf(intervals);
    }

    /**
     * Reads every summary and intervals file of a directory.
     *
     * @throws IllegalArgumentException when the directory does not exist or holds no summary file
     * @throws ResultsFormatException   when a file is malformed, or two rows are the same point
     */
    public static Results load(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("results directory " + directory
                    + " does not exist: run the workload harness first");
        }
        List<Path> files = ResultFiles.summaries(directory);
        if (files.isEmpty()) {
            throw new IllegalArgumentException("results directory " + directory + " holds no *"
                    + ResultFiles.SUMMARY_SUFFIX + " file: run the workload harness first");
        }
        List<Sourced> rows = new ArrayList<>();
        for (Path file : files) {
            List<PointSummary> summaries = SummaryFile.read(file);
            for (int i = 0; i < summaries.size(); i++) {
                rows.add(new Sourced(summaries.get(i), file + ":" + (i + 2)));
            }
        }
        List<Interval> intervals = new ArrayList<>();
        for (Path file : ResultFiles.intervalFiles(directory)) {
            intervals.addAll(IntervalsFile.read(file));
        }
        return group(rows, intervals);
    }

    /** Results of summaries already read, without intervals (e.g. in tests). */
    public static Results of(List<PointSummary> summaries) {
        List<Sourced> rows = new ArrayList<>();
        for (int i = 0; i < summaries.size(); i++) {
            rows.add(new Sourced(summaries.get(i), "summary " + (i + 1)));
        }
        return group(rows, List.of());
    }

    /** The series of a closed loop only. */
    public Results closed() {
        return new Results(select(s -> s.series().load() == Load.CLOSED), intervals);
    }

    /** The series of an open loop only. */
    public Results open() {
        return new Results(select(s -> s.series().isOpen()), intervals);
    }

    /** The series, if present. */
    public Optional<SeriesData> find(Series wanted) {
        return series.stream().filter(s -> s.series().equals(wanted)).findFirst();
    }

    /** The series that match. */
    public List<SeriesData> select(Predicate<SeriesData> filter) {
        return series.stream().filter(filter).toList();
    }

    /** A summary and where it was read, for messages. */
    private record Sourced(PointSummary summary, String source) {
    }

    /** Groups rows into series; two rows of the same point are refused, naming both. */
    private static Results group(List<Sourced> rows, List<Interval> intervals) {
        Map<Series, List<PointSummary>> grouped = new LinkedHashMap<>();
        Map<SeriesData.Key, Sourced> seen = new HashMap<>();
        for (Sourced row : rows) {
            SeriesData.Key key = SeriesData.key(row.summary().point());
            Sourced first = seen.putIfAbsent(key, row);
            if (first != null) {
                throw new ResultsFormatException(row.source() + ": a second row for " + key.describe()
                        + " (the first is at " + first.source() + ")");
            }
            grouped.computeIfAbsent(row.summary().point().series(), s -> new ArrayList<>()).add(row.summary());
        }
        List<SeriesData> series = new ArrayList<>();
        grouped.forEach((name, list) -> series.add(new SeriesData(name, list)));
        return new Results(series, intervals);
    }
}
