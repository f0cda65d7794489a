package com.acertainbookstore.workload.results;

import com.acertainbookstore.business.Locking;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Where the results of a sweep go in a results directory, and writing them. Each mode and load
 * has its own files ({@code local}, {@code http}, {@code local-open}, {@code http-open}), so a run
 * rewrites only its own and the others stay for the charts:
 * {@code <stem>-runs.csv} (a row per repetition), {@code <stem>-summary.csv} (a row per point),
 * {@code <stem>-intervals.csv} (a row per interval of every repetition) and, under
 * {@code intervals/}, an HdrHistogram interval log per point. Stateless, safe to share (calls on
 * the same directory must not overlap).
 */
public final class ResultFiles {

    /** Where a run writes its results unless told otherwise (git ignores {@code target/}). */
    public static final String DEFAULT_RESULTS_DIR = "target/workload/results";
    /** Where a run draws its charts unless told otherwise. */
    public static final String DEFAULT_PLOTS_DIR = "target/workload/plots";

    /** How a summary file's name ends. */
    public static final String SUMMARY_SUFFIX = "-summary.csv";
    /** How an intervals file's name ends. */
    public static final String INTERVALS_SUFFIX = "-intervals.csv";
    /** The directory of the recorded histories under a results directory. */
    public static final String HISTORY_DIR = "history";
    /** How a runs file's name ends. */
    static final String RUNS_SUFFIX = "-runs.csv";
    private static final String INTERVAL_LOGS = "intervals";
    private static final List<String> STEM_ORDER = List.of("local", "http", "local-open", "http-open");

    private ResultFiles() {
    }

    /** {@code local}, {@code http}, {@code local-open}, {@code http-open}. */
    public static String stem(Mode mode, Load load) {
        return mode.label() + (load == Load.OPEN ? "-" + load.label() : "");
    }

    public static Path runs(Path dir, Mode mode, Load load) {
        return dir.resolve(stem(mode, load) + RUNS_SUFFIX);
    }

    public static Path summary(Path dir, Mode mode, Load load) {
        return dir.resolve(stem(mode, load) + SUMMARY_SUFFIX);
    }

    public static Path intervals(Path dir, Mode mode, Load load) {
        return dir.resolve(stem(mode, load) + INTERVALS_SUFFIX);
    }

    /** The interval log of one point: {@code intervals/<point>.hlog}, e.g. {@code intervals/local-SINGLE-threads10.hlog}. */
    public static Path intervalLog(Path dir, Point point) {
        return dir.resolve(INTERVAL_LOGS).resolve(point.fileStem() + ".hlog");
    }

    /**
     * Deletes the interval logs of one mode and load, so that those a run writes are all there
     * is of them (as its CSV files are); other modes' and loads' logs stay.
     */
    public static void clearIntervalLogs(Path dir, Mode mode, Load load) throws IOException {
        Path logs = dir.resolve(INTERVAL_LOGS);
        if (!Files.isDirectory(logs)) {
            return;
        }
        List<String> prefixes = new ArrayList<>();
        for (Locking locking : Locking.values()) {
            prefixes.add(new Series(mode, load, locking).fileStem() + "-");
        }
        if (mode == Mode.HTTP && load == Load.CLOSED) {
            prefixes.add(Series.ceiling().fileStem() + "-");
        }
        try (Stream<Path> listing = Files.list(logs)) {
            for (Path log : listing.toList()) {
                String name = log.getFileName().toString();
                if (name.endsWith(".hlog") && prefixes.stream().anyMatch(name::startsWith)) {
                    Files.delete(log);
                }
            }
        }
    }

    /**
     * (Re)writes the runs, summary and intervals files of one mode and load from everything so
     * far; returns the three paths.
     */
    public static List<Path> write(Path dir, Mode mode, Load load, List<Repetition> repetitions,
            List<Interval> intervals) throws IOException {
        Path runs = runs(dir, mode, load);
        Path summary = summary(dir, mode, load);
        Path intervalsFile = intervals(dir, mode, load);
        Csv.write(runs, RunColumns.ALL, repetitions);
        SummaryFile.write(summary, PointSummary.ofAll(repetitions));
        IntervalsFile.write(intervalsFile, intervals);
        return List.of(runs, summary, intervalsFile);
    }

    /** The summary files of a directory: local, http, local-open, http-open, then any other by name. */
    public static List<Path> summaries(Path dir) {
        return list(dir, SUMMARY_SUFFIX);
    }

    /** The intervals files of a directory, in the same order. */
    public static List<Path> intervalFiles(Path dir) {
        return list(dir, INTERVALS_SUFFIX);
    }

    /** Every processes file in a results directory ({@link ProcessesFile}). */
    public static List<Path> processFiles(Path dir) {
        return list(dir, ProcessesFile.SUFFIX);
    }

    /** Every faults file in a results directory ({@link FaultsFile}). */
    public static List<Path> faultFiles(Path dir) {
        return list(dir, FaultsFile.SUFFIX);
    }

    private static List<Path> list(Path dir, String suffix) {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.filter(p -> p.getFileName().toString().endsWith(suffix)).filter(Files::isRegularFile)
                    .sorted(Comparator.comparing((Path p) -> rank(p, suffix)).thenComparing(Path::toString))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list results directory " + dir, e);
        }
    }

    private static int rank(Path file, String suffix) {
        String name = file.getFileName().toString();
        int at = STEM_ORDER.indexOf(name.substring(0, name.length() - suffix.length()));
        return at < 0 ? STEM_ORDER.size() : at;
    }
}
