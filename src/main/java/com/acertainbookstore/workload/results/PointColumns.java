package com.acertainbookstore.workload.results;

import java.util.List;
import java.util.function.Function;

/**
 * The columns that say which point a row belongs to, the same in every results file: {@code mode},
 * {@code load}, {@code locking}, {@code series}, {@code threads}, {@code offered_per_s}. The
 * {@code series} cell names the series ({@link Series#parse}); the others repeat its parts for
 * filtering and must agree with it. Stateless, safe to share.
 */
public final class PointColumns {

    static final String MODE = "mode";
    static final String LOAD = "load";
    static final String LOCKING = "locking";
    static final String SERIES = "series";
    static final String THREADS = "threads";
    static final String OFFERED = "offered_per_s";

    private PointColumns() {
    }

    /** The columns of a row type whose rows each belong to a point. */
    static <R> List<Column<R>> of(Function<R, Point> point) {
        return List.of(
                new TextColumn<>(MODE, r -> point.apply(r).series().mode().label()),
                new TextColumn<>(LOAD, r -> point.apply(r).series().load().label()),
                new TextColumn<>(LOCKING, r -> lockingCell(point.apply(r).series())),
                new TextColumn<>(SERIES, r -> point.apply(r).series().name()),
                NumberColumn.count(THREADS, r -> point.apply(r).threads()),
                NumberColumn.number(OFFERED, r -> point.apply(r).offeredPerSecond()));
    }

    /** The point of a row read back. */
    static Point read(CsvRows.Row row) {
        String name = row.filled(SERIES);
        Series series;
        try {
            series = Series.parse(name);
        } catch (IllegalArgumentException e) {
            throw row.problem(SERIES, e.getMessage(), e);
        }
        agree(row, MODE, series.mode().label(), name);
        agree(row, LOAD, series.load().label(), name);
        agree(row, LOCKING, lockingCell(series), name);
        int threads = row.whole(THREADS, "threads", 1);
        if (!series.isOpen()) {
            return Point.closed(series, threads);
        }
        double offered = row.number(OFFERED);
        if (!(offered > 0 && Double.isFinite(offered))) {
            throw row.problem(OFFERED, "an open-loop row needs an offered rate > 0, got '" + row.text(OFFERED) + "'",
                    null);
        }
        return Point.open(series, threads, offered);
    }

    private static String lockingCell(Series series) {
        return series.isCeiling() ? "" : series.locking().name();
    }

    private static void agree(CsvRows.Row row, String column, String expected, String series) {
        if (!row.text(column).equals(expected)) {
            throw row.problem(column, "'" + row.text(column) + "' does not match series '" + series + "' (expected '"
                    + expected + "')", null);
        }
    }
}
