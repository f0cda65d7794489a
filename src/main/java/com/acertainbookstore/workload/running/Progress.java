package com.acertainbookstore.workload.running;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The harness's console output: the live line during long points, a line per finished point, and
 * the summary table at the end. Not thread-safe: used by the coordinator thread only.
 */
final class Progress {

    private final PrintStream out;
    private long lastDone;
    private double lastElapsed;
    private int pointIndex;
    private int points;

    Progress(PrintStream out) {
        this.out = out;
    }

    void say(String line) {
        out.println(line);
        out.flush();
    }

    /** Point {@code index} of {@code total} starts (index 0: the priming repetition). */
    void pointStarts(int index, int total) {
        pointIndex = index;
        points = total;
    }

    /** A repetition starts: the live line's rate restarts. */
    void repetitionStarts() {
        lastDone = 0;
        lastElapsed = 0;
    }

    /**
     * The live line; {@code waiting} counts workers yet to finish their first interaction (the
     * window does not open before they have).
     */
    void live(Point point, int repetition, double elapsed, double left, long done, long failed, int waiting) {
        double rate = elapsed > lastElapsed ? (done - lastDone) / (elapsed - lastElapsed) : 0;
        lastDone = done;
        lastElapsed = elapsed;
        String where = pointIndex == 0 ? "priming" : "point " + pointIndex + "/" + points;
        say(String.format(Locale.ROOT, "    ... %s %s, %d threads, repetition %d: %.1f s elapsed,"
                + " ~%s left, %.0f interactions/s now, %d failed so far (warm-up included)%s", where,
                point.series(), point.threads(), repetition,
                elapsed, Double.isNaN(left) ? "?" : String.format(Locale.ROOT, "%.0f s", Math.max(0, left)),
                rate, failed, waiting == 0 ? "" : ", " + waiting + " workers yet to finish a first interaction"));
    }

    void pointDone(int index, int total, Point point, List<PointResult> results, double runElapsed) {
        double[] throughput = results.stream().mapToDouble(r -> r.number("throughput_per_s")).toArray();
        double[] success = results.stream().mapToDouble(r -> r.number("success_rate")).toArray();
        double[] p99 = results.stream().mapToDouble(r -> r.number("latency_p99_us")).toArray();
        double reference = SummaryTable.mean(results.stream()
                .mapToDouble(r -> r.number("throughput_ref_per_s")).toArray());
        double left = runElapsed / index * (total - index);
        say(String.format(Locale.ROOT, "point %d/%d  %-16s %5d threads: %,.0f +/- %,.0f interactions/s%s,"
                + " p99 %.1f us, success %.4f, audit %s  [%.0f s elapsed, ~%.0f s left]", index, total,
                point.series(), point.threads(), SummaryTable.mean(throughput), orZero(SummaryTable.sd(throughput)),
                Double.isNaN(reference) ? "" : String.format(Locale.ROOT, " (reference definition %,.0f/s)", reference),
                SummaryTable.mean(p99), SummaryTable.mean(success), point.health() ? "n/a" : "passed",
                runElapsed, left));
    }

    /** The table per series: threads, throughput +/- sd, mean, p50, p99, p99.9, success, customer share. */
    void summary(List<PointResult> results) {
        Map<String, List<Map<String, Object>>> bySeries = new LinkedHashMap<>();
        for (Map<String, Object> row : SummaryTable.of(results)) {
            bySeries.computeIfAbsent((String) row.get("series"), k -> new ArrayList<>()).add(row);
        }
        for (Map.Entry<String, List<Map<String, Object>>> series : bySeries.entrySet()) {
            say("");
            say("== " + series.getKey());
            say(String.format(Locale.ROOT, "%7s %24s %10s %10s %10s %10s %9s %8s", "threads",
                    "throughput/s (+/- sd)", "mean us", "p50 us", "p99 us", "p99.9 us", "success", "cust."));
            for (Map<String, Object> row : series.getValue()) {
                say(String.format(Locale.ROOT, "%7d %13.0f +/- %7.0f %10.1f %10.1f %10.1f %10.1f %9.5f %8s",
                        (Long) row.get("threads"), num(row, "throughput_per_s_mean"),
                        orZero(num(row, "throughput_per_s_sd")), num(row, "latency_mean_us_mean"),
                        num(row, "latency_p50_us_mean"), num(row, "latency_p99_us_mean"),
                        num(row, "latency_p999_us_mean"), num(row, "success_rate_mean"),
                        Double.isNaN(num(row, "customer_share_mean")) ? "-"
                                : String.format(Locale.ROOT, "%.3f", num(row, "customer_share_mean"))));
            }
        }
    }

    private static double num(Map<String, Object> row, String column) {
        Object value = row.get(column);
        return value instanceof Number ? ((Number) value).doubleValue() : Double.NaN;
    }

    private static double orZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
