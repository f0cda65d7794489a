package com.acertainbookstore.workload.running;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.results.Stat;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * The harness's console output: the live line during long repetitions, with the run's time left
 * ({@link Eta}), a line per finished point, and the summary table at the end, all through the
 * {@link Console} (which shows the live line in place on a terminal, as a line per interval in a
 * log). Not thread-safe: used by the coordinator thread only.
 */
final class Progress {

    private final Console console;
    private final LongSupplier clock;
    private Eta eta;
    private long lastDone;
    private double lastElapsed;
    private int pointIndex;
    private int points;

    /** Writes to {@code console}; {@code clock} gives nanoseconds (System::nanoTime, or a test's). */
    Progress(Console console, LongSupplier clock) {
        this.console = console;
        this.clock = clock;
        this.eta = new Eta(new Eta.Plan(0, 0, 0), clock);
    }

    Console console() {
        return console;
    }

    void say(String line) {
        console.println(line);
    }

    /** The run starts, with this plan: the time left counts down from it. */
    void runStarts(Eta.Plan plan) {
        eta = new Eta(plan, clock);
    }

    /** Ends the live line if it shows (the run ended, or failed). */
    void finish() {
        console.finishLine();
    }

    /** Point {@code index} of {@code total} starts (index 0: a priming or probing repetition). */
    void pointStarts(int index, int total) {
        pointIndex = index;
        points = total;
    }

    /**
     * A repetition starts, planned to last {@code plannedSeconds} (its warm-up and window; NaN:
     * counted interactions): the live line's rate restarts.
     */
    void repetitionStarts(double plannedSeconds) {
        lastDone = 0;
        lastElapsed = 0;
        eta.stageStarts(plannedSeconds);
    }

    /** The repetition ended. */
    void repetitionEnds() {
        eta.stageEnds();
    }

    /**
     * The live line: the run's time left first (what an in-place line cut to a narrow terminal
     * keeps), then where the run is; {@code left} is the repetition's own estimate of its time
     * left, {@code detail} says more of how it stands (e.g. the backlog).
     */
    void live(Point point, int repetition, double elapsed, double left, long done, long failed, String detail) {
        double rate = elapsed > lastElapsed ? (done - lastDone) / (elapsed - lastElapsed) : 0;
        lastDone = done;
        lastElapsed = elapsed;
        String where = pointIndex == 0 ? "priming" : "point " + pointIndex + "/" + points;
        console.live(String.format(Locale.ROOT, "    ... run %s left; %s %s, repetition %d: %.1f s elapsed, %s left,"
                + " %.0f interactions/s now, %d failed so far (warm-up included)%s", estimate(eta.secondsLeft(left)),
                where, point.describe(), repetition, elapsed, estimate(left), rate, failed, detail));
    }

    /** An estimate: {@code ~4 min 10 s}, or {@code ?} when not known. */
    static String estimate(double seconds) {
        return Double.isFinite(seconds) ? "~" + duration(seconds) : "?";
    }

    /** {@code 1 h 05 min}, {@code 4 min 10 s}, {@code 35 s}. */
    static String duration(double seconds) {
        long whole = Math.round(Math.max(0, seconds));
        if (whole >= 3600) {
            return String.format(Locale.ROOT, "%d h %02d min", whole / 3600, whole % 3600 / 60);
        }
        if (whole >= 60) {
            return String.format(Locale.ROOT, "%d min %02d s", whole / 60, whole % 60);
        }
        return whole + " s";
    }

    void pointDone(int index, int total, PointSummary point) {
        Stat throughput = point.stat(RunColumns.THROUGHPUT);
        String figures;
        if (point.point().series().isOpen()) {
            figures = String.format(Locale.ROOT, "achieved %,.0f +/- %,.0f/s (offered %s/s), p99 %s (service %s),"
                    + " late starts %.1f %%, backlog at end %,.0f", throughput.mean(), orZero(throughput.sd()),
                    Point.rate(point.point().offeredPerSecond()), micros(point.mean(RunColumns.LATENCY.p99())),
                    micros(point.mean(RunColumns.SERVICE.p99())), 100 * point.mean(RunColumns.LATE_SHARE),
                    point.mean(RunColumns.BACKLOG));
        } else {
            double reference = point.mean(RunColumns.THROUGHPUT_REF);
            figures = String.format(Locale.ROOT, "%,.0f +/- %,.0f interactions/s%s, p99 %s", throughput.mean(),
                    orZero(throughput.sd()), Double.isNaN(reference) ? ""
                            : String.format(Locale.ROOT, " (reference definition %,.0f/s)", reference),
                    micros(point.mean(RunColumns.LATENCY.p99())));
        }
        say(String.format(Locale.ROOT, "point %d/%d  %s: %s, success %.4f, audit %s  [%s elapsed, %s left]",
                index, total, point.point().describe(), figures, point.mean(RunColumns.SUCCESS_RATE),
                point.point().series().isCeiling() ? "n/a" : point.audit().label(),
                duration(eta.elapsed()), estimate(eta.secondsLeft(Double.NaN))));
    }

    /** A table per series: closed loop by threads, open loop by offered rate. */
    void summary(List<Repetition> results) {
        Map<Series, List<PointSummary>> bySeries = new LinkedHashMap<>();
        for (PointSummary summary : PointSummary.ofAll(results)) {
            bySeries.computeIfAbsent(summary.point().series(), k -> new ArrayList<>()).add(summary);
        }
        bySeries.forEach((series, rows) -> {
            say("");
            say("== " + series.name());
            if (series.isOpen()) {
                openTable(rows);
            } else {
                closedTable(rows);
            }
        });
    }

    private void closedTable(List<PointSummary> rows) {
        say(String.format(Locale.ROOT, "%7s %24s %10s %10s %10s %10s %13s %9s %8s", "threads",
                "throughput/s (+/- sd)", "mean us", "p50 us", "p99 us", "p99.9 us", "thr/X us (d)", "success",
                "cust."));
        for (PointSummary row : rows) {
            double share = row.mean(RunColumns.share(InteractionType.CUSTOMER));
            say(String.format(Locale.ROOT, "%7d %13.0f +/- %7.0f %10.1f %10.1f %10.1f %10.1f %13.1f %9.5f %8s",
                    row.point().threads(), row.mean(RunColumns.THROUGHPUT), orZero(row.sd(RunColumns.THROUGHPUT)),
                    row.mean(RunColumns.LATENCY.mean()), row.mean(RunColumns.LATENCY.p50()),
                    row.mean(RunColumns.LATENCY.p99()), row.mean(RunColumns.LATENCY.p999()),
                    row.mean(RunColumns.TIME_PER_INTERACTION), row.mean(RunColumns.SUCCESS_RATE),
                    Double.isNaN(share) ? "-" : String.format(Locale.ROOT, "%.3f", share)));
        }
        say("(thr/X: threads / throughput, the time per interaction a client spends, waiting for a CPU included;"
                + " derived, not recorded)");
    }

    private void openTable(List<PointSummary> rows) {
        say(String.format(Locale.ROOT, "%12s %7s %5s %22s %10s %10s %10s %11s %7s %9s %9s", "offered/s", "of peak",
                "pool", "achieved/s (+/- sd)", "p50 us", "p99 us", "p99.9 us", "svc p99 us", "late %", "backlog",
                "success"));
        for (PointSummary row : rows) {
            double fraction = row.mean(RunColumns.OFFERED_FRACTION);
            say(String.format(Locale.ROOT, "%12.0f %7s %5d %12.0f +/- %6.0f %10.1f %10.1f %10.1f %11.1f %7.2f %9.0f"
                    + " %9.5f", row.point().offeredPerSecond(), Double.isNaN(fraction) ? "-"
                            : String.format(Locale.ROOT, "%.0f %%", 100 * fraction), row.point().threads(),
                    row.mean(RunColumns.THROUGHPUT), orZero(row.sd(RunColumns.THROUGHPUT)),
                    row.mean(RunColumns.LATENCY.p50()), row.mean(RunColumns.LATENCY.p99()),
                    row.mean(RunColumns.LATENCY.p999()), row.mean(RunColumns.SERVICE.p99()),
                    100 * row.mean(RunColumns.LATE_SHARE), row.mean(RunColumns.BACKLOG),
                    row.mean(RunColumns.SUCCESS_RATE)));
        }
        say("(latency from the intended start, service time from the actual start)");
    }

    private static String micros(double value) {
        if (Double.isNaN(value)) {
            return "-";
        }
        return value >= 10_000 ? String.format(Locale.ROOT, "%.1f ms", value / 1000)
                : String.format(Locale.ROOT, "%.1f us", value);
    }

    private static double orZero(double value) {
        return Double.isNaN(value) ? 0 : value;
    }
}
