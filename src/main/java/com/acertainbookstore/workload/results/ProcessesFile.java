package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The processes file, {@code <stem>-processes.csv}: a row per JVM of the run and point
 * ({@link ProcessRow}), written by runs that sample their processes ({@code workload.sampleSeconds}
 * above 0); directories written before it existed have none. Stateless, safe to share.
 */
public final class ProcessesFile {

    /** How a processes file's name ends. */
    public static final String SUFFIX = "-processes.csv";

    public static final TextColumn<ProcessRow> PROCESS = new TextColumn<>("process", ProcessRow::process);
    public static final TextColumn<ProcessRow> PIDS = new TextColumn<>("pids", ProcessRow::pids);
    public static final NumberColumn<ProcessRow> SECONDS = NumberColumn.number("sampled_s", ProcessRow::seconds);
    public static final NumberColumn<ProcessRow> SAMPLES = NumberColumn.count("samples", ProcessRow::samples);
    public static final NumberColumn<ProcessRow> PROC_SAMPLES = NumberColumn.count("proc_samples",
            ProcessRow::procSamples);
    public static final NumberColumn<ProcessRow> JVM_SAMPLES = NumberColumn.count("jvm_samples",
            ProcessRow::jvmSamples);
    public static final NumberColumn<ProcessRow> STOPPED_SAMPLES = NumberColumn.count("stopped_samples",
            ProcessRow::stoppedSamples);
    public static final NumberColumn<ProcessRow> CPU = NumberColumn.number("cpu_percent", ProcessRow::cpuPercent);
    public static final NumberColumn<ProcessRow> RSS_MEAN = NumberColumn.number("rss_mean_mb", ProcessRow::rssMeanMb);
    public static final NumberColumn<ProcessRow> RSS_PEAK = NumberColumn.number("rss_peak_mb", ProcessRow::rssPeakMb);
    public static final NumberColumn<ProcessRow> GC = NumberColumn.number("gc_ms", ProcessRow::gcMs);
    /** Optional when read: files written before it existed have none (their rows read NaN). */
    public static final NumberColumn<ProcessRow> JIT = NumberColumn.number("jit_ms", ProcessRow::jitMs);
    public static final NumberColumn<ProcessRow> BYTES_IN = NumberColumn.count("http_bytes_in",
            ProcessRow::httpBytesIn);
    public static final NumberColumn<ProcessRow> BYTES_OUT = NumberColumn.count("http_bytes_out",
            ProcessRow::httpBytesOut);

    /** Every column, in file order. */
    public static final List<Column<ProcessRow>> ALL = all();

    private ProcessesFile() {
    }

    private static List<Column<ProcessRow>> all() {
        List<Column<ProcessRow>> columns = new ArrayList<>(PointColumns.of(ProcessRow::point));
        columns.addAll(List.of(PROCESS, PIDS, SECONDS, SAMPLES, PROC_SAMPLES, JVM_SAMPLES, STOPPED_SAMPLES, CPU,
                RSS_MEAN, RSS_PEAK, GC, JIT, BYTES_IN, BYTES_OUT));
        return List.copyOf(columns);
    }

    /** {@code <dir>/<stem>-processes.csv}. */
    public static Path of(Path dir, Mode mode, Load load) {
        return dir.resolve(ResultFiles.stem(mode, load) + SUFFIX);
    }

    /** Every processes file of a results directory, in the order of the summaries (none: an empty list). */
    public static List<Path> all(Path dir) {
        return ResultFiles.processFiles(dir);
    }

    /** (Re)writes the file from these rows. */
    public static void write(Path file, List<ProcessRow> rows) throws IOException {
        Csv.write(file, ALL, rows);
    }

    /**
     * Every row of every processes file of a results directory; none when it has no such file.
     *
     * @throws ResultsFormatException naming the file, line and column of the first thing wrong
     * @throws UncheckedIOException   when a file cannot be read
     */
    public static List<ProcessRow> readAll(Path dir) {
        List<ProcessRow> rows = new ArrayList<>();
        if (Files.isDirectory(dir)) {
            for (Path file : all(dir)) {
                rows.addAll(read(file));
            }
        }
        return rows;
    }

    /**
     * Reads every row of one file.
     *
     * @throws ResultsFormatException naming the file, line and column of the first thing wrong
     * @throws UncheckedIOException   when the file cannot be read
     */
    public static List<ProcessRow> read(Path file) {
        CsvRows table = new CsvRows(file.toString(), Csv.lines(file),
                ALL.stream().map(Column::name).filter(name -> !name.equals(JIT.name())).toList());
        List<ProcessRow> rows = new ArrayList<>();
        for (CsvRows.Row row : table.rows()) {
            rows.add(new ProcessRow(PointColumns.read(row), row.filled(PROCESS.name()), row.text(PIDS.name()),
                    row.number(SECONDS.name()), count(row, SAMPLES), count(row, PROC_SAMPLES), count(row, JVM_SAMPLES),
                    count(row, STOPPED_SAMPLES), row.number(CPU.name()), row.number(RSS_MEAN.name()),
                    row.number(RSS_PEAK.name()), row.number(GC.name()),
                    row.has(JIT.name()) ? row.number(JIT.name()) : Double.NaN, row.number(BYTES_IN.name()),
                    row.number(BYTES_OUT.name())));
        }
        return rows;
    }

    private static long count(CsvRows.Row row, NumberColumn<ProcessRow> column) {
        return row.whole(column.name(), column.name(), 0);
    }
}
