package com.acertainbookstore.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one {@code <mode>-summary.csv}: comma-separated, a header row, numbers in
 * {@code Locale.ROOT} form, an empty cell meaning "not applicable". Columns are found by header
 * name, so their order may change and extra columns are ignored; every column the format names
 * must be present. Stateless, safe to share.
 */
public final class SummaryCsv {

    /** The text columns every file must have; {@code mode}, {@code series}, {@code threads} must be filled. */
    static final List<String> TEXT_COLUMNS = List.of("mode", "locking", "series", "threads");

    private SummaryCsv() {
    }

    /**
     * Reads every row of a summary file.
     *
     * @throws ResultsFormatException naming the file, line and column of the first thing wrong
     * @throws UncheckedIOException   when the file cannot be read
     */
    public static List<SummaryRow> read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read results file " + file + ": " + e.getMessage(), e);
        }
        return parse(file.toString(), lines);
    }

    /** Parses the lines of a summary file; {@code name} is the file name used in messages. */
    static List<SummaryRow> parse(String name, List<String> lines) {
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new ResultsFormatException(name + " line 1: the file is empty, expected a header row");
        }
        List<String> header = CsvLine.split(stripBom(lines.get(0)), name, 1);
        Map<String, Integer> index = new HashMap<>();
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i).trim(), i);
        }
        List<String> required = new ArrayList<>(TEXT_COLUMNS);
        for (Metric metric : Metric.values()) {
            required.add(metric.column());
        }
        for (String column : required) {
            if (!index.containsKey(column)) {
                throw new ResultsFormatException(name + " line 1: column '" + column
                        + "' is missing from the header");
            }
        }
        List<SummaryRow> rows = new ArrayList<>();
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                rows.add(row(name, i + 1, header.size(), index, CsvLine.split(lines.get(i), name, i + 1)));
            }
        }
        return rows;
    }

    private static SummaryRow row(String name, int line, int width, Map<String, Integer> index,
                                  List<String> cells) {
        String where = name + " line " + line;
        if (cells.size() != width) {
            throw new ResultsFormatException(where + ": " + cells.size() + " cells, but the header has "
                    + width + " columns");
        }
        String mode = filled(where, "mode", cells.get(index.get("mode")));
        String series = filled(where, "series", cells.get(index.get("series")));
        String threadsText = filled(where, "threads", cells.get(index.get("threads")));
        int threads;
        try {
            threads = Integer.parseInt(threadsText);
        } catch (NumberFormatException e) {
            throw new ResultsFormatException(where + " column threads: '" + threadsText
                    + "' is not a whole number", e);
        }
        if (threads < 1) {
            throw new ResultsFormatException(where + " column threads: threads (" + threads
                    + ") must be >= 1");
        }
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        for (Metric metric : Metric.values()) {
            String text = cells.get(index.get(metric.column())).trim();
            if (!text.isEmpty()) {
                values.put(metric, number(where, metric.column(), text));
            }
        }
        String locking = cells.get(index.get("locking")).trim();
        return new SummaryRow(mode, locking, series, threads, values, name + ":" + line);
    }

    private static String filled(String where, String column, String cell) {
        String text = cell.trim();
        if (text.isEmpty()) {
            throw new ResultsFormatException(where + " column " + column + ": the cell is empty");
        }
        return text;
    }

    private static double number(String where, String column, String text) {
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            throw new ResultsFormatException(where + " column " + column + ": '" + text
                    + "' is not a number", e);
        }
    }

    private static String stripBom(String line) {
        return line.startsWith("\uFEFF") ? line.substring(1) : line;
    }
}
