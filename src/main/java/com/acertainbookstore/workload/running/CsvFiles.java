package com.acertainbookstore.workload.running;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.StringJoiner;

/**
 * Writes the result files of one mode: {@code <mode>-runs.csv} (a row per point and repetition)
 * and {@code <mode>-summary.csv} (a row per point, mean and sd). Comma-separated, header row,
 * numbers in {@code Locale.ROOT} form (plain, 7 significant digits), empty cell = not applicable.
 * Files of the other mode are left alone. Stateless; safe to share (calls on the same directory
 * must not overlap).
 */
final class CsvFiles {

    private static final MathContext DIGITS = new MathContext(7);

    private CsvFiles() {
    }

    static Path runsFile(Path dir, String mode) {
        return dir.resolve(mode + "-runs.csv");
    }

    static Path summaryFile(Path dir, String mode) {
        return dir.resolve(mode + "-summary.csv");
    }

    /** (Re)writes both files of the mode from every result so far; returns the two paths. */
    static List<Path> write(Path dir, String mode, List<PointResult> results) throws IOException {
        Files.createDirectories(dir);
        List<Map<String, Object>> runs = new ArrayList<>();
        for (PointResult result : results) {
            runs.add(result.columns());
        }
        Path runsPath = runsFile(dir, mode);
        Path summaryPath = summaryFile(dir, mode);
        writeTable(runsPath, runs);
        writeTable(summaryPath, SummaryTable.of(results));
        return List.of(runsPath, summaryPath);
    }

    private static void writeTable(Path file, List<Map<String, Object>> rows) throws IOException {
        Set<String> header = new LinkedHashSet<>();
        for (Map<String, Object> row : rows) {
            header.addAll(row.keySet());
        }
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
            out.write(String.join(",", header));
            out.write('\n');
            for (Map<String, Object> row : rows) {
                StringJoiner line = new StringJoiner(",");
                for (String column : header) {
                    line.add(cell(row.get(column)));
                }
                out.write(line.toString());
                out.write('\n');
            }
        }
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** One cell: empty for null/NaN, plain numbers, quoted text when it needs quoting. */
    static String cell(Object value) {
        if (value == null) {
            return "";
        }
        if (value instanceof Double || value instanceof Float) {
            double v = ((Number) value).doubleValue();
            if (Double.isNaN(v) || Double.isInfinite(v)) {
                return "";
            }
            return BigDecimal.valueOf(v).round(DIGITS).stripTrailingZeros().toPlainString();
        }
        if (value instanceof Number) {
            return value.toString();
        }
        String text = value.toString();
        if (text.contains(",") || text.contains("\"") || text.contains("\n")) {
            return '"' + text.replace("\"", "\"\"") + '"';
        }
        return text;
    }
}
