package com.acertainbookstore.workload.results;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The rows of one results file, read by header name: columns may come in any order and extra
 * columns are ignored, but every column the reader asks for must be in the header. Every problem
 * is a {@link ResultsFormatException} naming the file, the line and the column. Not thread-safe.
 */
final class CsvRows {

    private final String name;
    private final Map<String, Integer> index = new HashMap<>();
    private final List<Row> rows = new ArrayList<>();

    /**
     * Reads the lines of a file called {@code name} (used in messages) whose header must hold
     * every one of {@code required}.
     */
    CsvRows(String name, List<String> lines, List<String> required) {
        this.name = name;
        if (lines.isEmpty() || lines.get(0).isBlank()) {
            throw new ResultsFormatException(name + " line 1: the file is empty, expected a header row");
        }
        String first = lines.get(0).startsWith("\uFEFF") ? lines.get(0).substring(1) : lines.get(0);
        List<String> header = Csv.split(first, name, 1);
        for (int i = 0; i < header.size(); i++) {
            index.putIfAbsent(header.get(i).trim(), i);
        }
        for (String column : required) {
            if (!index.containsKey(column)) {
                throw new ResultsFormatException(name + " line 1: column '" + column + "' is missing from the header");
            }
        }
        for (int i = 1; i < lines.size(); i++) {
            if (!lines.get(i).isBlank()) {
                List<String> cells = Csv.split(lines.get(i), name, i + 1);
                if (cells.size() != header.size()) {
                    throw new ResultsFormatException(name + " line " + (i + 1) + ": " + cells.size()
                            + " cells, but the header has " + header.size() + " columns");
                }
                rows.add(new Row(i + 1, cells));
            }
        }
    }

    List<Row> rows() {
        return rows;
    }

    /** One line of the file. */
    final class Row {

        private final int line;
        private final List<String> cells;

        private Row(int line, List<String> cells) {
            this.line = line;
            this.cells = cells;
        }

        /** {@code file:line}, for messages that point at the row. */
        String source() {
            return name + ":" + line;
        }

        /** The cell of a column, trimmed (empty when not applicable). */
        String text(String column) {
            Integer at = index.get(column);
            if (at == null) {
                throw new IllegalStateException("column " + column + " was not asked for when reading " + name);
            }
            return cells.get(at).trim();
        }

        /** The cell of a column that must not be empty. */
        String filled(String column) {
            String text = text(column);
            if (text.isEmpty()) {
                throw problem(column, "the cell is empty", null);
            }
            return text;
        }

        /** Whether the file has this column. */
        boolean has(String column) {
            return index.containsKey(column);
        }

        /** A number; NaN for an empty cell. */
        double number(String column) {
            String text = text(column);
            if (text.isEmpty()) {
                return Double.NaN;
            }
            try {
                return Double.parseDouble(text);
            } catch (NumberFormatException e) {
                throw problem(column, "'" + text + "' is not a number", e);
            }
        }

        /** A whole number that must be at least {@code min}; {@code what} names it in the message. */
        int whole(String column, String what, int min) {
            String text = filled(column);
            int value;
            try {
                value = Integer.parseInt(text);
            } catch (NumberFormatException e) {
                throw problem(column, "'" + text + "' is not a whole number", e);
            }
            if (value < min) {
                throw problem(column, what + " (" + value + ") must be >= " + min, null);
            }
            return value;
        }

        /** A problem with one cell: the message names the file, the line and the column. */
        ResultsFormatException problem(String column, String what, Throwable cause) {
            return new ResultsFormatException(name + " line " + line + " column " + column + ": " + what, cause);
        }
    }
}
