package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The faults file, {@code <mode>[-open]-faults.csv}: a row per fault of every repetition of a run
 * with {@code workload.fault} ({@link FaultRow}). Stateless, safe to share.
 */
public final class FaultsFile {

    public static final NumberColumn<FaultRow> REPETITION = NumberColumn.count("repetition", FaultRow::repetition);
    public static final TextColumn<FaultRow> FAULT = new TextColumn<>("fault", FaultRow::fault);
    public static final TextColumn<FaultRow> REPLICA = new TextColumn<>("replica", FaultRow::replica);
    public static final NumberColumn<FaultRow> START = NumberColumn.number("start_s", FaultRow::startSeconds);
    public static final NumberColumn<FaultRow> END = NumberColumn.number("end_s", FaultRow::endSeconds);
    public static final NumberColumn<FaultRow> BEFORE = NumberColumn.number("before_per_s",
            FaultRow::beforePerSecond);
    public static final NumberColumn<FaultRow> AFTER = NumberColumn.number("after_per_s", FaultRow::afterPerSecond);
    public static final NumberColumn<FaultRow> T50 = NumberColumn.number("t50_s", FaultRow::t50Seconds);
    public static final NumberColumn<FaultRow> T90 = NumberColumn.number("t90_s", FaultRow::t90Seconds);
    public static final NumberColumn<FaultRow> FAILED = NumberColumn.count("failed", FaultRow::failed);
    public static final NumberColumn<FaultRow> UNKNOWN = NumberColumn.count("unknown", FaultRow::unknown);
    public static final NumberColumn<FaultRow> ELECTIONS = NumberColumn.number("elections", FaultRow::elections);

    /** Every column, in file order. */
    public static final List<Column<FaultRow>> ALL = all();

    private FaultsFile() {
    }

    private static List<Column<FaultRow>> all() {
        List<Column<FaultRow>> columns = new ArrayList<>(PointColumns.of(FaultRow::point));
        columns.addAll(List.of(REPETITION, FAULT, REPLICA, START, END, BEFORE, AFTER, T50, T90, FAILED, UNKNOWN,
                ELECTIONS));
        return List.copyOf(columns);
    }

    /** How a faults file's name ends. */
    public static final String SUFFIX = "-faults.csv";

    /** {@code <dir>/<stem>-faults.csv}. */
    public static Path of(Path dir, Mode mode, Load load) {
        return dir.resolve(ResultFiles.stem(mode, load) + SUFFIX);
    }

    /** (Re)writes the file from these rows. */
    public static void write(Path file, List<FaultRow> rows) throws IOException {
        Csv.write(file, ALL, rows);
    }

    /**
     * Reads every row.
     *
     * @throws ResultsFormatException naming the file, line and column of the first thing wrong
     * @throws UncheckedIOException   when the file cannot be read
     */
    public static List<FaultRow> read(Path file) {
        List<String> lines = Csv.lines(file);
        CsvRows table = new CsvRows(file.toString(), lines, ALL.stream().map(Column::name).toList());
        List<FaultRow> rows = new ArrayList<>();
        for (CsvRows.Row row : table.rows()) {
            rows.add(new FaultRow(PointColumns.read(row), row.whole(REPETITION.name(), "repetition", 0),
                    row.text(FAULT.name()), row.text(REPLICA.name()), row.number(START.name()), row.number(END.name()),
                    row.number(BEFORE.name()), row.number(AFTER.name()), row.number(T50.name()),
                    row.number(T90.name()), (long) row.number(FAILED.name()), (long) row.number(UNKNOWN.name()),
                    (long) row.number(ELECTIONS.name())));
        }
        return rows;
    }
}
