package com.acertainbookstore.workload.running;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The summary of a sweep: one row per (series, threads) with the mean and standard deviation of
 * every measured column over the repetitions. The first columns are the contract the charts read
 * by name ({@link #CONTRACT}); the other measured columns follow as {@code <column>_mean} and
 * {@code <column>_sd}. Stateless; safe to share.
 */
public final class SummaryTable {

    /** The leading columns of {@code <mode>-summary.csv}, in order (read by the charts). */
    public static final List<String> CONTRACT = List.of("mode", "locking", "series", "threads", "repetitions",
            "throughput_per_s_mean", "throughput_per_s_sd", "latency_mean_us_mean", "latency_mean_us_sd",
            "latency_p50_us_mean", "latency_p50_us_sd", "latency_p90_us_mean", "latency_p90_us_sd",
            "latency_p99_us_mean", "latency_p99_us_sd", "latency_p999_us_mean", "latency_p999_us_sd",
            "latency_max_us_mean", "latency_max_us_sd", "success_rate_mean", "success_rate_sd",
            "customer_share_mean", "customer_share_sd", "replenishment_share_mean",
            "acquisition_share_mean", "customer_mean_us_mean", "customer_p99_us_mean",
            "replenishment_mean_us_mean", "replenishment_p99_us_mean", "acquisition_mean_us_mean",
            "acquisition_p99_us_mean");

    private SummaryTable() {
    }

    /** The summary rows of these results, in the order their points first appear. */
    static List<Map<String, Object>> of(List<PointResult> results) {
        Map<String, List<PointResult>> groups = new LinkedHashMap<>();
        for (PointResult result : results) {
            Map<String, Object> c = result.columns();
            groups.computeIfAbsent(c.get("series") + "|" + c.get("threads"), k -> new ArrayList<>()).add(result);
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        for (List<PointResult> group : groups.values()) {
            rows.add(row(group));
        }
        return rows;
    }

    private static Map<String, Object> row(List<PointResult> group) {
        Map<String, Object> first = group.get(0).columns();
        Map<String, Object> row = new LinkedHashMap<>();
        for (String column : CONTRACT) {
            row.put(column, null);
        }
        row.put("mode", first.get("mode"));
        row.put("locking", first.get("locking"));
        row.put("series", first.get("series"));
        row.put("threads", first.get("threads"));
        row.put("repetitions", (long) group.size());
        for (Map.Entry<String, Object> column : first.entrySet()) {
            String name = column.getKey();
            if (PointResult.IDENTITY.contains(name)) {
                continue;
            }
            if (column.getValue() instanceof String) {
                row.put(name, text(group, name));
                continue;
            }
            double[] values = group.stream().mapToDouble(r -> r.number(name)).toArray();
            row.put(name + "_mean", mean(values));
            row.put(name + "_sd", sd(values));
        }
        return row;
    }

    /** Text columns: the distinct values; failure causes are summed over the repetitions. */
    private static String text(List<PointResult> group, String column) {
        if (!column.equals("failure_causes")) {
            return group.stream().map(r -> String.valueOf(r.columns().get(column))).distinct()
                    .reduce((a, b) -> a + "/" + b).orElse("");
        }
        Map<String, Long> total = new TreeMap<>();
        for (PointResult result : group) {
            String causes = String.valueOf(result.columns().get(column));
            for (String item : causes.split("; ")) {
                int at = item.lastIndexOf('=');
                if (at > 0) {
                    total.merge(item.substring(0, at), Long.parseLong(item.substring(at + 1)), Long::sum);
                }
            }
        }
        StringBuilder text = new StringBuilder();
        total.forEach((cause, count) -> text.append(text.length() == 0 ? "" : "; ").append(cause)
                .append('=').append(count));
        return text.toString();
    }

    /** Mean of the values that apply (NaN is skipped); NaN when none does. */
    static double mean(double[] values) {
        double sum = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                sum += v;
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** Sample standard deviation (n - 1) of the values that apply; NaN with fewer than two. */
    static double sd(double[] values) {
        double mean = mean(values);
        double squares = 0;
        int n = 0;
        for (double v : values) {
            if (!Double.isNaN(v)) {
                squares += (v - mean) * (v - mean);
                n++;
            }
        }
        return n < 2 ? Double.NaN : Math.sqrt(squares / (n - 1));
    }
}
