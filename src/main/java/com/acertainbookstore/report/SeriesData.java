package com.acertainbookstore.report;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * The points of one series (one {@code series} value of the summary files), in increasing thread
 * order. Immutable, safe to share.
 *
 * @param name the {@code series} cell, e.g. {@code local SINGLE} or {@code http health}
 * @param mode the {@code mode} cell of its rows
 * @param rows its rows, sorted by threads, one per thread count
 */
public record SeriesData(String name, String mode, List<SummaryRow> rows) {

    /** The series name of the HTTP transport ceiling: client threads calling GET /health. */
    public static final String CEILING = "http health";

    public SeriesData {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(mode, "mode");
        rows = rows.stream().sorted(Comparator.comparingInt(SummaryRow::threads)).toList();
    }

    /** Whether this is the HTTP transport ceiling rather than a bookstore series. */
    public boolean isCeiling() {
        return CEILING.equals(name);
    }

    /** Whether this series ran over HTTP (mode {@code http}). */
    public boolean isHttp() {
        return "http".equals(mode);
    }

    /** Whether at least one row has a finite value of {@code metric}. */
    public boolean has(Metric metric) {
        return rows.stream().anyMatch(row -> Double.isFinite(row.value(metric)));
    }

    /** The label in chart legends, e.g. "in-process TWO_LEVEL" or "HTTP SINGLE". */
    public String label() {
        return label(name);
    }

    /** The legend label of a series name; unknown names are shown as they are. */
    static String label(String name) {
        if (CEILING.equals(name)) {
            return "HTTP transport ceiling (GET /health)";
        }
        if (name.startsWith("local ")) {
            return "in-process " + name.substring("local ".length());
        }
        if (name.startsWith("http ")) {
            return "HTTP " + name.substring("http ".length());
        }
        return name;
    }
}
