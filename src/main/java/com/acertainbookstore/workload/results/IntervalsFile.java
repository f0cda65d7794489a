package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The intervals file, {@code <mode>[-open]-intervals.csv}: a row per interval of every repetition
 * ({@link Interval}), written and read here with {@link IntervalColumns}. Stateless, safe to share.
 */
public final class IntervalsFile {

    private IntervalsFile() {
    }

    /** (Re)writes the file from these intervals. */
    public static void write(Path file, List<Interval> intervals) throws IOException {
        Csv.write(file, IntervalColumns.ALL, intervals);
    }

    /**
     * Reads every row of an intervals file.
     *
     * @throws ResultsFormatException naming the file, line and column of the first thing wrong
     * @throws UncheckedIOException   when the file cannot be read
     */
    public static List<Interval> read(Path file) {
        List<String> lines = Csv.lines(file);
        CsvRows table = new CsvRows(file.toString(), lines, IntervalColumns.ALL.stream()
                .filter(column -> !IntervalColumns.LATER.contains(column)).map(Column::name).toList());
        List<Interval> intervals = new ArrayList<>();
        for (CsvRows.Row row : table.rows()) {
            Point point = PointColumns.read(row);
            double start = row.number(IntervalColumns.START.name());
            double end = row.number(IntervalColumns.END.name());
            if (!(end > start)) {
                throw row.problem(IntervalColumns.END.name(), "the interval ends (" + end + " s) before it starts ("
                        + start + " s)", null);
            }
            intervals.add(new Interval(point, row.whole(IntervalColumns.REPETITION.name(), "repetition", 0), start,
                    end, row.number(IntervalColumns.WINDOW_START.name()), row.number(IntervalColumns.WINDOW_END.name()),
                    count(row, IntervalColumns.SUCCESSES), count(row, IntervalColumns.FAILURES),
                    later(row, IntervalColumns.UNKNOWN), later(row, IntervalColumns.REFUSED),
                    latency(row, IntervalColumns.LATENCY_P50, IntervalColumns.LATENCY_P99,
                            IntervalColumns.LATENCY_P999, IntervalColumns.LATENCY_MAX),
                    latency(row, IntervalColumns.SERVICE_P50, IntervalColumns.SERVICE_P99, null, null),
                    point.series().isOpen() ? count(row, IntervalColumns.BACKLOG) : 0));
        }
        return intervals;
    }

    /** A column added later, 0 in a file written before it. */
    private static long later(CsvRows.Row row, NumberColumn<Interval> column) {
        return row.has(column.name()) ? count(row, column) : 0;
    }

    private static long count(CsvRows.Row row, NumberColumn<Interval> column) {
        double value = row.number(column.name());
        if (!(value >= 0) || value != Math.rint(value)) {
            throw row.problem(column.name(), "'" + row.text(column.name()) + "' is not a count", null);
        }
        return (long) value;
    }

    /** The percentiles a row holds; the others are NaN. */
    private static Latency latency(CsvRows.Row row, NumberColumn<Interval> p50, NumberColumn<Interval> p99,
            NumberColumn<Interval> p999, NumberColumn<Interval> max) {
        return new Latency(Double.NaN, row.number(p50.name()), Double.NaN, row.number(p99.name()),
                p999 == null ? Double.NaN : row.number(p999.name()), max == null ? Double.NaN : row.number(max.name()));
    }
}
