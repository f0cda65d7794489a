package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.RunRecord;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Writes {@value #FILE_NAME}: two results directories, A and B, on one page. First what differs
 * between the runs (settings, machine, commit), then per point present in both, for throughput
 * and p99 latency: A's and B's mean and deviation, the ratio B / A, its 95 % confidence interval
 * ({@link RatioInterval}) and whether the difference is beyond the noise of the repetitions. Self-contained
 * and escaped as {@link ReportPage} is. Stateless, safe to call from any thread.
 */
public final class ComparePage {

    /** The page's file name, in the plots directory. */
    public static final String FILE_NAME = "compare.html";

    private ComparePage() {
    }

    /** One run: its directory, results and record (null when not recorded). */
    private record Run(Path dir, Results results, RunRecord record) {

        static Run load(Path dir) {
            return new Run(dir, Results.load(dir), RunRecord.read(dir));
        }
    }

    /**
     * Reads both results directories and writes the page into {@code plotsDir}.
     *
     * @return the page written
     * @throws IllegalArgumentException naming a directory that does not exist or holds no summary file
     * @throws com.acertainbookstore.workload.results.ResultsFormatException naming the file and line of a
     *                                  malformed file
     */
    public static Path write(Path dirA, Path dirB, Path plotsDir) {
        Run a = Run.load(dirA);
        Run b = Run.load(dirB);
        Html html = new Html();
        ReportPage.head(html, "CertainBookStore: two runs compared");
        html.element("h1", null, "Two runs compared")
                .paragraph("A: " + dirA.toAbsolutePath().normalize())
                .paragraph("B: " + dirB.toAbsolutePath().normalize());
        differences(html, a, b);
        html.element("h2", null, "Per point");
        html.paragraph("Ratio B / A with its 95 % confidence interval: Fieller's interval for the ratio of two"
                + " means, from each point's mean, sample standard deviation and repetitions, with Welch-Satterthwaite"
                + " degrees of freedom rounded down (unequal variances; the conservative side). An interval that"
                + " excludes 1 is a difference beyond the noise of the repetitions; one that holds 1 is within it."
                + " It assumes independent, roughly normal repetitions; with few repetitions it is wide.");
        points(html, a, b, "Throughput (successful interactions/s)", RunColumns.THROUGHPUT, ReportTables::rate);
        points(html, a, b, "p99 latency", RunColumns.LATENCY.p99(), ReportTables::micros);
        return ReportPage.save(html, plotsDir.resolve(FILE_NAME));
    }

    /** What differs between the runs' records, or that a record is missing. */
    private static void differences(Html html, Run a, Run b) {
        html.element("h2", null, "What differs between the runs");
        if (a.record() == null || b.record() == null) {
            html.element("p", "missing", "Not recorded for " + (a.record() == null ? "A" : "")
                    + (a.record() == null && b.record() == null ? " and " : "") + (b.record() == null ? "B" : "")
                    + ": its results directory has no " + RunRecord.FILE_NAME + ", so settings and machine cannot be"
                    + " compared.");
            return;
        }
        Map<String, String> left = described(a.record());
        Map<String, String> right = described(b.record());
        settings(left, right, a.record(), b.record());
        List<List<String>> rows = new ArrayList<>();
        for (String key : left.keySet()) {
            if (!left.get(key).equals(right.get(key))) {
                rows.add(List.of(key, left.get(key), right.get(key)));
            }
        }
        if (rows.isEmpty()) {
            html.paragraph("Same settings, machine and commit.");
        } else {
            html.table("Settings, machine and commit that differ (times and command lines left out)",
                    List.of("what", "A", "B"), rows);
        }
    }

    /** The record's machine, commit and every setting either run changed, keyed for comparing. */
    private static Map<String, String> described(RunRecord record) {
        Map<String, String> values = new LinkedHashMap<>();
        values.put("commit", record.commit() + " (" + record.treeClean() + ")");
        values.put("cores", String.valueOf(record.cores()));
        values.put("memory, MiB", String.valueOf(record.memoryMb()));
        values.put("OS", record.os());
        values.put("JVM", record.jvm());
        values.put("JVM options", record.jvmOptions());
        values.put("outcome", record.outcome());
        return values;
    }

    /** Settings of both records: each side's value, or its default when it did not change it. */
    private static void settings(Map<String, String> left, Map<String, String> right, RunRecord a, RunRecord b) {
        Map<String, RunRecord.ChangedSetting> inA = byKey(a);
        Map<String, RunRecord.ChangedSetting> inB = byKey(b);
        TreeMap<String, String> keys = new TreeMap<>();
        inA.forEach((k, s) -> keys.put(k, s.defaultValue()));
        inB.forEach((k, s) -> keys.putIfAbsent(k, s.defaultValue()));
        keys.forEach((key, defaultValue) -> {
            left.put(key, Optional.ofNullable(inA.get(key)).map(RunRecord.ChangedSetting::value).orElse(defaultValue));
            right.put(key, Optional.ofNullable(inB.get(key)).map(RunRecord.ChangedSetting::value).orElse(defaultValue));
        });
    }

    private static Map<String, RunRecord.ChangedSetting> byKey(RunRecord record) {
        Map<String, RunRecord.ChangedSetting> map = new LinkedHashMap<>();
        record.settings().forEach(s -> map.put(s.key(), s));
        return map;
    }

    /** The table of one figure over the points both runs have; the points of one run alone are named. */
    private static void points(Html html, Run a, Run b, String figure, NumberColumn<Repetition> column,
            Function<Double, String> format) {
        List<List<String>> rows = new ArrayList<>();
        List<String> alone = new ArrayList<>();
        for (SeriesData series : a.results().series()) {
            for (PointSummary pa : series.points()) {
                Optional<PointSummary> pb = b.results().find(series.series()).flatMap(s -> s.points().stream()
                        .filter(p -> SeriesData.key(p.point()).equals(SeriesData.key(pa.point()))).findFirst());
                if (pb.isEmpty()) {
                    alone.add("A: " + pa.point().describe());
                    continue;
                }
                rows.add(row(pa, pb.get(), column, format));
            }
        }
        for (SeriesData series : b.results().series()) {
            for (PointSummary pb : series.points()) {
                boolean inA = a.results().find(series.series()).stream().flatMap(s -> s.points().stream())
                        .anyMatch(p -> SeriesData.key(p.point()).equals(SeriesData.key(pb.point())));
                if (!inA) {
                    alone.add("B: " + pb.point().describe());
                }
            }
        }
        html.element("h3", null, figure);
        html.table(figure + ": mean (sd, repetitions) of A and B, ratio B / A and its 95 % interval", List.of(
                "point", "A", "B", "B / A", "95 % interval", "difference"), rows);
        if (!alone.isEmpty()) {
            html.element("p", "missing", "In one run only: " + String.join("; ", alone));
        }
    }

    private static List<String> row(PointSummary pa, PointSummary pb, NumberColumn<Repetition> column,
            Function<Double, String> format) {
        RatioInterval interval = RatioInterval.of(pa.stat(column), pa.repetitions(), pb.stat(column),
                pb.repetitions());
        double ratio = pb.mean(column) / pa.mean(column);
        return List.of(pa.point().describe(), figure(pa, column, format), figure(pb, column, format),
                Double.isFinite(ratio) ? String.format(Locale.ROOT, "%.3f", ratio) : ReportTables.NONE,
                interval == null ? ReportTables.NONE : Double.isInfinite(interval.low()) ? "unbounded (df "
                        + interval.df() + ")" : String.format(Locale.ROOT, "%.3f to %.3f (%s)", interval.low(),
                        interval.high(), interval.df() == 0 ? "no spread" : "df " + interval.df()),
                interval == null ? RatioInterval.Reading.UNKNOWN.text() : interval.reading().text());
    }

    private static String figure(PointSummary point, NumberColumn<Repetition> column, Function<Double, String> format) {
        double sd = point.sd(column);
        return format.apply(point.mean(column)) + " (" + (Double.isFinite(sd) ? format.apply(sd) : "no sd") + ", "
                + point.repetitions() + ")";
    }
}
