package com.acertainbookstore.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Every series of the summary files of one results directory. Immutable, safe to share.
 *
 * <p>Series keep the order of the files (local before http, others by name) and, within a file,
 * the order in which they first appear.
 *
 * @param series the series, each with at least one row
 */
public record Results(List<SeriesData> series) {

    /** How a summary file's name ends. */
    public static final String SUFFIX = "-summary.csv";

    public Results {
        series = List.copyOf(series);
    }

    /**
     * Reads every {@code *-summary.csv} of a directory.
     *
     * @throws IllegalArgumentException when the directory does not exist or holds no summary file
     * @throws ResultsFormatException   when a file is malformed, or two rows are the same point
     */
    public static Results load(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("results directory " + directory
                    + " does not exist: run the workload harness first");
        }
        List<Path> files;
        try (Stream<Path> listing = Files.list(directory)) {
            files = listing.filter(p -> p.getFileName().toString().endsWith(SUFFIX))
                    .filter(Files::isRegularFile)
                    .sorted(Comparator.comparing(Results::fileRank).thenComparing(Path::toString))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list results directory " + directory, e);
        }
        if (files.isEmpty()) {
            throw new IllegalArgumentException("results directory " + directory + " holds no *"
                    + SUFFIX + " file: run the workload harness first");
        }
        List<SummaryRow> rows = new ArrayList<>();
        for (Path file : files) {
            rows.addAll(SummaryCsv.read(file));
        }
        return of(rows);
    }

    /**
     * Groups rows into series.
     *
     * @throws ResultsFormatException when two rows have the same series and thread count
     */
    public static Results of(List<SummaryRow> rows) {
        Map<String, List<SummaryRow>> grouped = new LinkedHashMap<>();
        Map<String, SummaryRow> seen = new HashMap<>();
        for (SummaryRow row : rows) {
            SummaryRow first = seen.putIfAbsent(row.series() + "\n" + row.threads(), row);
            if (first != null) {
                throw new ResultsFormatException(row.source() + ": a second row for series '"
                        + row.series() + "' at " + row.threads() + " threads (the first is at "
                        + first.source() + ")");
            }
            grouped.computeIfAbsent(row.series(), name -> new ArrayList<>()).add(row);
        }
        List<SeriesData> series = new ArrayList<>();
        grouped.forEach((name, list) -> series.add(new SeriesData(name, list.get(0).mode(), list)));
        return new Results(series);
    }

    /** The series with this name, if present. */
    public Optional<SeriesData> find(String name) {
        return series.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** The series that match. */
    public List<SeriesData> select(Predicate<SeriesData> filter) {
        return series.stream().filter(filter).toList();
    }

    private static int fileRank(Path file) {
        String name = file.getFileName().toString();
        if (name.equals("local" + SUFFIX)) {
            return 0;
        }
        return name.equals("http" + SUFFIX) ? 1 : 2;
    }
}
