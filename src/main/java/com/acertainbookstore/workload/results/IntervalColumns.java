package com.acertainbookstore.workload.results;

import java.util.ArrayList;
import java.util.List;

/**
 * The columns of the intervals file, one row per {@link Interval}, each defined once here; the
 * file is written and read with them ({@link IntervalsFile}). Stateless, safe to share.
 */
public final class IntervalColumns {

    public static final NumberColumn<Interval> REPETITION = NumberColumn.count("repetition", Interval::repetition);
    public static final NumberColumn<Interval> START = NumberColumn.number("start_s", Interval::startSeconds);
    public static final NumberColumn<Interval> END = NumberColumn.number("end_s", Interval::endSeconds);
    public static final NumberColumn<Interval> WINDOW_START = NumberColumn.number("window_start_s",
            Interval::windowStartSeconds);
    public static final NumberColumn<Interval> WINDOW_END = NumberColumn.number("window_end_s",
            Interval::windowEndSeconds);
    public static final NumberColumn<Interval> SUCCESSES = NumberColumn.count("successes", Interval::successes);
    public static final NumberColumn<Interval> FAILURES = NumberColumn.count("failures", Interval::failures);
    public static final NumberColumn<Interval> UNKNOWN = NumberColumn.count("failures_unknown", Interval::unknown);
    public static final NumberColumn<Interval> REFUSED = NumberColumn.count("failures_refused", Interval::refused);
    public static final NumberColumn<Interval> THROUGHPUT = NumberColumn.number("throughput_per_s",
            Interval::throughput);
    public static final NumberColumn<Interval> LATENCY_P50 = NumberColumn.number("latency_p50_us",
            i -> i.latency().p50());
    public static final NumberColumn<Interval> LATENCY_P99 = NumberColumn.number("latency_p99_us",
            i -> i.latency().p99());
    public static final NumberColumn<Interval> LATENCY_P999 = NumberColumn.number("latency_p999_us",
            i -> i.latency().p999());
    public static final NumberColumn<Interval> LATENCY_MAX = NumberColumn.number("latency_max_us",
            i -> i.latency().max());
    public static final NumberColumn<Interval> SERVICE_P50 = NumberColumn.number("service_p50_us",
            i -> i.service().p50());
    public static final NumberColumn<Interval> SERVICE_P99 = NumberColumn.number("service_p99_us",
            i -> i.service().p99());
    public static final NumberColumn<Interval> BACKLOG = NumberColumn.count("backlog",
            i -> i.point().series().isOpen() ? i.backlog() : Double.NaN);

    /** Columns added later: a file written before them is read with 0 in them. */
    static final List<NumberColumn<Interval>> LATER = List.of(UNKNOWN, REFUSED);

    /** Every column, in file order. */
    public static final List<Column<Interval>> ALL = all();

    private IntervalColumns() {
    }

    private static List<Column<Interval>> all() {
        List<Column<Interval>> columns = new ArrayList<>(PointColumns.of(Interval::point));
        columns.addAll(List.of(REPETITION, START, END, WINDOW_START, WINDOW_END, SUCCESSES, FAILURES, UNKNOWN, REFUSED,
                THROUGHPUT,
                LATENCY_P50, LATENCY_P99, LATENCY_P999, LATENCY_MAX, SERVICE_P50, SERVICE_P99, BACKLOG));
        return List.copyOf(columns);
    }
}
