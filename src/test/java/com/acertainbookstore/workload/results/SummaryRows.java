package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Test helper: summaries with every figure the charts read, and summary files built from them
 * through the writer's own columns (cells may be overridden to test the reader).
 */
public final class SummaryRows {

    /** The summary file's header, in the writer's order. */
    public static final List<String> COLUMNS = SummaryFile.header();

    private static final double[] LATENCY_FACTORS = {1, 0.8, 1.8, 4.5, 12, 40};

    private SummaryRows() {
    }

    /**
     * A closed-loop summary of {@code series} (a series name) at {@code threads}, every figure the
     * charts read filled from {@code throughput} and {@code meanMicros}, over 3 repetitions.
     */
    public static PointSummary closed(String series, int threads, double throughput, double meanMicros) {
        Series parsed = Series.parse(series);
        Map<NumberColumn<Repetition>, Stat> stats = common(parsed, throughput, meanMicros);
        stats.put(RunColumns.TIME_PER_INTERACTION, new Stat(threads / throughput * 1e6, Double.NaN));
        return new PointSummary(Point.closed(parsed, threads), 3, Measure.TIME, null, stats, Failures.NONE,
                parsed.isCeiling() ? AuditOutcome.NOT_APPLICABLE : AuditOutcome.PASSED, CheckOutcome.NOT_CHECKED);
    }

    /**
     * An open-loop summary of {@code series} offered {@code offered}/s with a pool of
     * {@code workers}: achieved {@code throughput}, latency from {@code meanMicros} (service time a
     * tenth of it), probed {@code peak}.
     */
    public static PointSummary open(String series, int workers, double offered, double throughput,
            double meanMicros, double peak) {
        Series parsed = Series.parse(series);
        Map<NumberColumn<Repetition>, Stat> stats = common(parsed, throughput, meanMicros);
        stats.put(RunColumns.PEAK, new Stat(peak, 0));
        stats.put(RunColumns.OFFERED_FRACTION, new Stat(offered / peak, 0));
        stats.put(RunColumns.SERVICE.p99(), new Stat(meanMicros * LATENCY_FACTORS[3] / 10, meanMicros * 0.01));
        stats.put(RunColumns.SCHEDULED_RATE, new Stat(offered, 0));
        return new PointSummary(Point.open(parsed, workers, offered), 3, Measure.TIME, Arrivals.CONSTANT, stats,
                Failures.NONE, AuditOutcome.PASSED, CheckOutcome.NOT_CHECKED);
    }

    private static Map<NumberColumn<Repetition>, Stat> common(Series series, double throughput, double meanMicros) {
        Map<NumberColumn<Repetition>, Stat> stats = new LinkedHashMap<>();
        stats.put(RunColumns.THROUGHPUT, new Stat(throughput, throughput * 0.05));
        RunColumns.LatencyColumns latency = RunColumns.LATENCY;
        List<NumberColumn<Repetition>> columns = List.of(latency.mean(), latency.p50(), latency.p90(), latency.p99(),
                latency.p999(), latency.max());
        for (int i = 0; i < columns.size(); i++) {
            stats.put(columns.get(i), new Stat(meanMicros * LATENCY_FACTORS[i], meanMicros * LATENCY_FACTORS[i] * 0.1));
        }
        if (!series.isCeiling()) {
            stats.put(RunColumns.SUCCESS_RATE, new Stat(1, 0));
            stats.put(RunColumns.share(InteractionType.CUSTOMER), new Stat(0.6, 0.01));
            stats.put(RunColumns.share(InteractionType.REPLENISHMENT), new Stat(0.3, Double.NaN));
            stats.put(RunColumns.share(InteractionType.ACQUISITION), new Stat(0.1, Double.NaN));
            for (InteractionType type : InteractionType.values()) {
                stats.put(RunColumns.type(type).mean(), new Stat(meanMicros, Double.NaN));
                stats.put(RunColumns.type(type).p99(), new Stat(meanMicros * 4, Double.NaN));
            }
        }
        return stats;
    }

    /** The cells of a closed-loop summary ({@link #closed}) with {@code overrides} replacing cells. */
    public static Map<String, String> row(String series, int threads, double throughput, double meanMicros,
            Map<String, String> overrides) {
        Map<String, String> row = SummaryFile.cells(closed(series, threads, throughput, meanMicros));
        row.putAll(overrides);
        return row;
    }

    /** A row with no overrides. */
    public static Map<String, String> row(String series, int threads, double throughput, double meanMicros) {
        return row(series, threads, throughput, meanMicros, Map.of());
    }

    /** The lines of a summary file with {@code columns} as header and these rows. */
    public static List<String> lines(List<String> columns, List<Map<String, String>> rows) {
        List<String> lines = new ArrayList<>();
        lines.add(String.join(",", columns));
        for (Map<String, String> row : rows) {
            List<String> cells = new ArrayList<>();
            for (String column : columns) {
                cells.add(row.getOrDefault(column, ""));
            }
            lines.add(String.join(",", cells));
        }
        return lines;
    }

    /** The summaries these rows read back as. */
    public static List<PointSummary> parse(List<Map<String, String>> rows) {
        return SummaryFile.parse("local-summary.csv", lines(COLUMNS, rows));
    }

    /** Writes {@code <stem>-summary.csv} into {@code directory} with the writer's columns. */
    public static Path write(Path directory, String stem, List<Map<String, String>> rows) {
        try {
            return Files.write(directory.resolve(stem + ResultFiles.SUMMARY_SUFFIX), lines(COLUMNS, rows));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes {@code <stem>-summary.csv} of these summaries with the writer itself. */
    public static Path write(Path directory, String stem, PointSummary... summaries) {
        Path file = directory.resolve(stem + ResultFiles.SUMMARY_SUFFIX);
        try {
            SummaryFile.write(file, List.of(summaries));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
