package com.acertainbookstore.workload.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The results files' CSV form, written and read here only: comma-separated, a header row, numbers
 * in {@code Locale.ROOT} form (plain, at most 7 significant digits), an empty cell for "not
 * applicable", RFC 4180 quoting within a line. Stateless, safe to share.
 */
public final class Csv {

    private static final MathContext DIGITS = new MathContext(7);

    private Csv() {
    }

    /** A number's cell: empty for NaN and infinities; counts without decimals. */
    public static String number(double value, boolean whole) {
        if (!Double.isFinite(value)) {
            return "";
        }
        if (whole && value == Math.rint(value) && Math.abs(value) < 1e18) {
            return Long.toString((long) value);
        }
        return BigDecimal.valueOf(value).round(DIGITS).stripTrailingZeros().toPlainString();
    }

    /**
     * Every line of a results file.
     *
     * @throws UncheckedIOException naming the file when it cannot be read
     */
    static List<String> lines(Path file) {
        try {
            return Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read results file " + file + ": " + e.getMessage(), e);
        }
    }

    /** A text's cell, quoted when it holds a comma, a quote or a line break. */
    public static String text(String value) {
        if (value == null) {
            return "";
        }
        if (value.contains(",") || value.contains("\"") || value.contains("\n") || value.contains("\r")) {
            return '"' + value.replace("\"", "\"\"") + '"';
        }
        return value;
    }

    /** The cells of {@code line}; {@code name} and {@code lineNumber} go into the error message. */
    public static List<String> split(String line, String name, int lineNumber) {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < line.length() && line.charAt(i + 1) == '"') {
                    cell.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    cell.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw new ResultsFormatException(name + " line " + lineNumber + ": a quoted cell is not closed");
        }
        cells.add(cell.toString());
        return cells;
    }

    /** Writes a table: the columns' names as header, then a line per row; replaces the file atomically. */
    static <R> void write(Path file, List<? extends Column<R>> columns, List<R> rows) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            out.write(String.join(",", columns.stream().map(Column::name).toList()));
            out.write('\n');
            StringBuilder line = new StringBuilder();
            for (R row : rows) {
                line.setLength(0);
                for (int i = 0; i < columns.size(); i++) {
                    line.append(i == 0 ? "" : ",").append(columns.get(i).cell(row));
                }
                out.write(line.append('\n').toString());
            }
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
