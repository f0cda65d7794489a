package com.acertainbookstore.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Test helper: builds summary files in the contract's format, and finds the fixture directories. */
final class SummaryFiles {

    /** The contract's columns, in the contract's order. */
    static final List<String> COLUMNS;

    static {
        List<String> columns = new ArrayList<>(SummaryCsv.TEXT_COLUMNS);
        for (Metric metric : Metric.values()) {
            columns.add(metric.column());
        }
        COLUMNS = List.copyOf(columns);
    }

    private SummaryFiles() {
    }

    /** A fixture directory under src/test/resources/com/acertainbookstore/report. */
    static Path fixture(String name) {
        try {
            return Path.of(SummaryFiles.class.getResource(name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * A row of a bookstore series with every column filled from {@code throughput} and
     * {@code meanMicros}; {@code overrides} replace cells (an empty string empties one).
     */
    static Map<String, String> row(String series, int threads, double throughput, double meanMicros,
                                   Map<String, String> overrides) {
        Map<String, String> row = new LinkedHashMap<>();
        for (String column : COLUMNS) {
            row.put(column, "");
        }
        String[] parts = series.split(" ");
        row.put("mode", parts[0]);
        row.put("locking", parts[1].equals("health") ? "" : parts[1]);
        row.put("series", series);
        row.put("threads", Integer.toString(threads));
        row.put("repetitions", "3");
        row.put("throughput_per_s_mean", Double.toString(throughput));
        row.put("throughput_per_s_sd", Double.toString(throughput * 0.05));
        String[] latencies = {"mean", "p50", "p90", "p99", "p999", "max"};
        double[] factors = {1, 0.8, 1.8, 4.5, 12, 40};
        for (int i = 0; i < latencies.length; i++) {
            row.put("latency_" + latencies[i] + "_us_mean", Double.toString(meanMicros * factors[i]));
            row.put("latency_" + latencies[i] + "_us_sd", Double.toString(meanMicros * factors[i] * 0.1));
        }
        if (!parts[1].equals("health")) {
            row.put("success_rate_mean", "1");
            row.put("success_rate_sd", "0");
            row.put("customer_share_mean", "0.6");
            row.put("customer_share_sd", "0.01");
            row.put("replenishment_share_mean", "0.3");
            row.put("acquisition_share_mean", "0.1");
            for (String type : List.of("customer", "replenishment", "acquisition")) {
                row.put(type + "_mean_us_mean", Double.toString(meanMicros));
                row.put(type + "_p99_us_mean", Double.toString(meanMicros * 4));
            }
        }
        row.putAll(overrides);
        return row;
    }

    /** A row with no overrides. */
    static Map<String, String> row(String series, int threads, double throughput, double meanMicros) {
        return row(series, threads, throughput, meanMicros, Map.of());
    }

    /** The lines of a summary file with {@code columns} as header and these rows. */
    static List<String> lines(List<String> columns, List<Map<String, String>> rows) {
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

    /** Writes {@code <mode>-summary.csv} into {@code directory} with the contract's columns. */
    static Path write(Path directory, String mode, List<Map<String, String>> rows) {
        try {
            return Files.write(directory.resolve(mode + Results.SUFFIX), lines(COLUMNS, rows));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
