package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The summary file, {@code <mode>[-open]-summary.csv}: a row per point ({@link PointSummary}),
 * written and read here from the same columns. Its header: the point's columns, {@code
 * repetitions}, {@code measure}, {@code arrivals}, then {@code <column>_mean} and
 * {@code <column>_sd} for each {@linkplain RunColumns#MEASURED measured number}, then
 * {@code failure_causes}, {@code audit}, {@code check} and {@code check_reason}. A reader finds
 * columns by name (order free, extra columns ignored) and needs all of them but those
 * {@linkplain RunColumns#LATER added later}, which a file written before them lacks. Stateless,
 * safe to share.
 */
public final class SummaryFile {

    private static final String REPETITIONS = "repetitions";

    /** Every column, in file order. */
    static final List<Column<PointSummary>> COLUMNS = columns();
    /** The names of the columns added later, which a file may lack. */
    private static final Set<String> LATER = later();

    private SummaryFile() {
    }

    /** The header names, in file order. */
    public static List<String> header() {
        return COLUMNS.stream().map(Column::name).toList();
    }

    /** The cells of one summary, by header name (for tests that build files by hand). */
    public static Map<String, String> cells(PointSummary summary) {
        Map<String, String> cells = new LinkedHashMap<>();
        for (Column<PointSummary> column : COLUMNS) {
            cells.put(column.name(), column.cell(summary));
        }
        return cells;
    }

    /** (Re)writes the file from these summaries. */
    public static void write(Path file, List<PointSummary> summaries) throws IOException {
        Csv.write(file, COLUMNS, summaries);
    }

    /**
     * Reads every row of a summary file.
     *
     * @throws ResultsFormatException naming the file, line and column of the first thing wrong
     * @throws UncheckedIOException   when the file cannot be read
     */
    public static List<PointSummary> read(Path file) {
        try {
            return parse(file.toString(), Files.readAllLines(file, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read results file " + file + ": " + e.getMessage(), e);
        }
    }

    /** The rows of a summary file's lines; {@code name} is the file name used in messages. */
    public static List<PointSummary> parse(String name, List<String> lines) {
        CsvRows table = new CsvRows(name, lines, header().stream().filter(column -> !LATER.contains(column))
                .toList());
        List<PointSummary> summaries = new ArrayList<>();
        for (CsvRows.Row row : table.rows()) {
            summaries.add(summary(row));
        }
        return summaries;
    }

    private static PointSummary summary(CsvRows.Row row) {
        Point point = PointColumns.read(row);
        int repetitions = row.whole(REPETITIONS, "repetitions", 1);
        Measure measure = label(row, Measure.class, RunColumns.MEASURE.name());
        String arrivalsCell = row.text(RunColumns.ARRIVALS.name());
        Arrivals arrivals = arrivalsCell.isEmpty() ? null : label(row, Arrivals.class, RunColumns.ARRIVALS.name());
        if ((arrivals != null) != point.series().isOpen()) {
            throw row.problem(RunColumns.ARRIVALS.name(), point.series().isOpen() ? "an open-loop row needs arrivals"
                    : "a closed-loop row has no arrivals, got '" + arrivalsCell + "'", null);
        }
        Map<NumberColumn<Repetition>, Stat> stats = new LinkedHashMap<>();
        for (NumberColumn<Repetition> column : RunColumns.MEASURED) {
            stats.put(column, row.has(column.meanName())
                    ? new Stat(row.number(column.meanName()), row.number(column.sdName())) : Stat.NONE);
        }
        Failures failures;
        try {
            failures = Failures.parse(row.text(RunColumns.FAILURE_CAUSES.name()));
        } catch (IllegalArgumentException e) {
            throw row.problem(RunColumns.FAILURE_CAUSES.name(), e.getMessage(), e);
        }
        AuditOutcome audit = label(row, AuditOutcome.class, RunColumns.AUDIT.name());
        return new PointSummary(point, repetitions, measure, arrivals, stats, failures, audit, check(row));
    }

    /** The check's cells; not checked in a file written before checks were saved. */
    private static CheckOutcome check(CsvRows.Row row) {
        if (!row.has(RunColumns.CHECK.name())) {
            return CheckOutcome.NOT_CHECKED;
        }
        String reason = row.has(RunColumns.CHECK_REASON.name()) ? row.text(RunColumns.CHECK_REASON.name()) : "";
        try {
            return CheckOutcome.parse(row.text(RunColumns.CHECK.name()), reason);
        } catch (IllegalArgumentException e) {
            throw row.problem(RunColumns.CHECK.name(), e.getMessage(), e);
        }
    }

    private static <E extends Enum<E> & Labelled> E label(CsvRows.Row row, Class<E> type, String column) {
        try {
            return Labelled.parse(type, row.text(column));
        } catch (IllegalArgumentException e) {
            throw row.problem(column, e.getMessage(), e);
        }
    }

    private static List<Column<PointSummary>> columns() {
        List<Column<PointSummary>> columns = new ArrayList<>(PointColumns.of(PointSummary::point));
        columns.add(NumberColumn.count(REPETITIONS, PointSummary::repetitions));
        columns.add(new TextColumn<>(RunColumns.MEASURE.name(), s -> s.measure().label()));
        columns.add(new TextColumn<>(RunColumns.ARRIVALS.name(), s -> s.arrivals() == null ? "" : s.arrivals().label()));
        for (NumberColumn<Repetition> column : RunColumns.MEASURED) {
            columns.add(new NumberColumn<>(column.meanName(), false, column.derived(), s -> s.mean(column)));
            columns.add(new NumberColumn<>(column.sdName(), false, column.derived(), s -> s.sd(column)));
        }
        columns.add(new TextColumn<>(RunColumns.FAILURE_CAUSES.name(), s -> s.failures().format()));
        columns.add(new TextColumn<>(RunColumns.AUDIT.name(), s -> s.audit().label()));
        columns.add(new TextColumn<>(RunColumns.CHECK.name(), s -> s.check().label()));
        columns.add(new TextColumn<>(RunColumns.CHECK_REASON.name(), s -> s.check().reason()));
        return List.copyOf(columns);
    }

    private static Set<String> later() {
        Set<String> names = new HashSet<>();
        for (Column<Repetition> column : RunColumns.LATER) {
            if (column instanceof NumberColumn<Repetition> number) {
                names.add(number.meanName());
                names.add(number.sdName());
            } else {
                names.add(column.name());
            }
        }
        return Set.copyOf(names);
    }
}
