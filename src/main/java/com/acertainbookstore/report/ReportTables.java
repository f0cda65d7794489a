package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Series;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The tables of the report, one beside each group of charts, from the same results the charts
 * draw: cells are plain text (the page escapes them). Stateless, safe to share.
 *
 * @param caption what the table shows and where its figures come from
 * @param header  the column headers
 * @param rows    the rows of cells
 */
record ReportTables(String caption, List<String> header, List<List<String>> rows) {

    /** Shown where a figure does not apply or was not recorded. */
    static final String NONE = "-";

    /** Throughput per thread count with its spread; HTTP points beside the /health ceiling at the same threads. */
    static ReportTables throughput(Results results) {
        Results closed = results.closed();
        List<List<String>> rows = new ArrayList<>();
        for (SeriesData series : closed.series()) {
            for (PointSummary point : series.points()) {
                double mean = point.mean(RunColumns.THROUGHPUT);
                Optional<PointSummary> ceiling = series.series().isCeiling() ? Optional.empty()
                        : ceilingAt(closed, point.point());
                rows.add(List.of(series.label(), String.valueOf(point.point().threads()), rate(mean),
                        rate(point.sd(RunColumns.THROUGHPUT)), spread(mean, point.sd(RunColumns.THROUGHPUT)),
                        String.valueOf(point.repetitions()), ceiling.map(c -> ratio(mean,
                                c.mean(RunColumns.THROUGHPUT))).orElse(NONE)));
            }
        }
        return new ReportTables("Closed loop: successful interactions per second, mean and sample standard"
                + " deviation over the repetitions", List.of("series", "threads", "throughput /s", "sd /s",
                        "sd / mean", "repetitions", "of the /health ceiling"), rows);
    }

    /** The HTTP ceiling's point at the same threads, if measured. */
    static Optional<PointSummary> ceilingAt(Results closed, Point point) {
        return closed.find(Series.ceiling()).flatMap(c -> c.points().stream()
                .filter(p -> p.point().threads() == point.threads()).findFirst());
    }

    /** Latency percentiles of every point, overall and per interaction type. */
    static ReportTables latency(Results results) {
        List<List<String>> rows = new ArrayList<>();
        for (SeriesData series : results.series()) {
            for (PointSummary point : series.points()) {
                RunColumns.LatencyColumns all = RunColumns.LATENCY;
                rows.add(List.of(series.label(), level(point.point()), "all", NONE, micros(point.mean(all.p50())),
                        micros(point.mean(all.p90())), micros(point.mean(all.p99())),
                        micros(point.mean(all.p999())), micros(point.mean(all.max()))));
                if (series.series().isCeiling()) {
                    continue;
                }
                for (InteractionType type : InteractionType.values()) {
                    RunColumns.TypeColumns t = RunColumns.type(type);
                    rows.add(List.of(series.label(), level(point.point()), type.label(), share(point.mean(t.share())),
                            micros(point.mean(t.p50())), micros(point.mean(t.p90())), micros(point.mean(t.p99())),
                            micros(point.mean(t.p999())), micros(point.mean(t.max()))));
                }
            }
        }
        return new ReportTables("Latency per interaction type: each repetition's percentiles from its merged"
                + " HdrHistogram, averaged over the repetitions (open loop: from the intended start; " + NONE
                + ": not recorded, e.g. a type's p99.9 in results written before it was)", List.of("series", "point", "interaction", "share", "p50",
                        "p90", "p99", "p99.9", "max"), rows);
    }

    /** Open loop: latency and achieved rate against the offered load. */
    static ReportTables offered(Results results) {
        List<List<String>> rows = new ArrayList<>();
        for (SeriesData series : results.open().series()) {
            for (PointSummary point : series.points()) {
                RunColumns.LatencyColumns latency = RunColumns.LATENCY;
                rows.add(List.of(series.label(), rate(point.point().offeredPerSecond()),
                        rate(point.mean(RunColumns.THROUGHPUT)), String.valueOf(point.point().threads()),
                        micros(point.mean(latency.p50())), micros(point.mean(latency.p99())),
                        micros(point.mean(latency.p999())), micros(point.mean(latency.max())),
                        micros(point.mean(RunColumns.SERVICE.p99())), share(point.mean(RunColumns.LATE_SHARE))));
            }
        }
        return new ReportTables("Open loop: latency from the intended start against the offered rate (means over"
                + " the repetitions)", List.of("series", "offered /s", "achieved /s", "pool", "p50", "p99", "p99.9",
                        "max", "service p99", "late starts"), rows);
    }

    /** The intervals of the timeline's point and repetition; empty when the results hold no intervals. */
    static Optional<ReportTables> timeline(Results results, double level) {
        Optional<TimelineChart.Pick> pick = new TimelineChart(level).pick(results);
        if (pick.isEmpty()) {
            return Optional.empty();
        }
        List<List<String>> rows = new ArrayList<>();
        results.intervals().stream()
                .filter(i -> i.point().equals(pick.get().point()) && i.repetition() == pick.get().repetition())
                .sorted(Comparator.comparingDouble(Interval::startSeconds))
                .forEach(i -> rows.add(List.of(seconds(i.startSeconds()) + " - " + seconds(i.endSeconds()),
                        i.startSeconds() >= i.windowStartSeconds() && i.endSeconds() <= i.windowEndSeconds() + 1e-9
                                ? "yes" : "no",
                        rate(i.throughput()), String.valueOf(i.failures()), String.valueOf(i.unknown()),
                        micros(i.latency().p50()), micros(i.latency().p99()))));
        return Optional.of(new ReportTables(String.format(Locale.ROOT, "Over time: %s, repetition %d, per interval",
                pick.get().point().describe(), pick.get().repetition()), List.of("interval", "in window",
                        "throughput /s", "failed", "unknown outcome", "p50", "p99"), rows));
    }

    /** The faults of one point's repetitions, as the fault chart's table has them, with t50 and t90. */
    static ReportTables faults(Point point, List<FaultRow> rows) {
        List<String> header = new ArrayList<>(List.of("repetition"));
        header.addAll(FaultTable.headers());
        List<List<String>> cells = new ArrayList<>();
        int number = 0;
        int repetition = -1;
        for (FaultRow row : rows) {
            number = row.repetition() == repetition ? number + 1 : 1;
            repetition = row.repetition();
            List<String> line = new ArrayList<>(List.of(String.valueOf(row.repetition())));
            line.addAll(FaultTable.cells(number, row));
            cells.add(line);
        }
        return new ReportTables("Faults of " + point.describe() + ": t50 and t90 from each fault's start until"
                + " throughput is back at 50 % and 90 % of its level before the first fault", header, cells);
    }

    static String rate(double perSecond) {
        return Double.isFinite(perSecond) ? Point.rate(perSecond) : NONE;
    }

    static String micros(double micros) {
        if (!Double.isFinite(micros)) {
            return NONE;
        }
        return micros >= 1000 ? String.format(Locale.ROOT, "%.3g ms", micros / 1000)
                : String.format(Locale.ROOT, "%.3g µs", micros);
    }

    private static String share(double share) {
        return Double.isFinite(share) ? String.format(Locale.ROOT, "%.1f %%", share * 100) : NONE;
    }

    private static String spread(double mean, double sd) {
        return Double.isFinite(mean) && Double.isFinite(sd) && mean > 0 ? share(sd / mean) : NONE;
    }

    private static String ratio(double value, double of) {
        return Double.isFinite(value) && Double.isFinite(of) && of > 0
                ? String.format(Locale.ROOT, "%.2f", value / of) : NONE;
    }

    private static String seconds(double seconds) {
        return String.format(Locale.ROOT, "%.1f s", seconds);
    }

    private static String level(Point point) {
        return point.series().isOpen() ? rate(point.offeredPerSecond()) + "/s" : point.threads() + " threads";
    }
}
