package com.acertainbookstore.workload.running;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;

/**
 * What one repetition of one point measured, as named columns in the order of the runs file
 * (numbers as {@code Long}/{@code Double}, NaN or null = not applicable), plus the audit's
 * findings. Immutable once built; safe to share.
 */
public final class PointResult {

    /** Columns that identify a row; every other column is a measured value. */
    public static final List<String> IDENTITY = List.of("mode", "locking", "series", "threads", "repetition");

    private final Map<String, Object> columns;
    private final List<String> auditProblems;

    private PointResult(Map<String, Object> columns, List<String> auditProblems) {
        this.columns = Collections.unmodifiableMap(columns);
        this.auditProblems = List.copyOf(auditProblems);
    }

    /** Every column, in file order. */
    public Map<String, Object> columns() {
        return columns;
    }

    /** A numeric column's value, NaN when empty. */
    public double number(String column) {
        Object value = columns.get(column);
        return value instanceof Number ? ((Number) value).doubleValue() : Double.NaN;
    }

    /** The audit's mismatches; empty when it passed or did not apply (health probes). */
    public List<String> auditProblems() {
        return auditProblems;
    }

    /** Merges the workers' logs of one repetition into a result. */
    static PointResult of(Point point, int repetition, String measure, List<WorkerLog> logs,
            double windowSeconds, double referenceThroughput, ProcessSample before, ProcessSample after,
            List<String> auditProblems) {
        AbstractHistogram all = new Histogram(2);
        AbstractHistogram[] byType = new AbstractHistogram[InteractionType.values().length];
        AbstractHistogram[] byCall = new AbstractHistogram[Call.values().length];
        long[] typeAttempts = new long[byType.length];
        long[] typeSuccesses = new long[byType.length];
        long attempts = 0;
        long successes = 0;
        long idle = 0;
        Map<String, Long> failures = new TreeMap<>();
        for (int i = 0; i < byType.length; i++) {
            byType[i] = new Histogram(2);
        }
        for (int i = 0; i < byCall.length; i++) {
            byCall[i] = new Histogram(2);
        }
        for (WorkerLog log : logs) {
            all.add(log.all);
            for (int i = 0; i < byType.length; i++) {
                byType[i].add(log.byType[i]);
                typeAttempts[i] += log.attemptsByType[i];
                typeSuccesses[i] += log.successesByType[i];
            }
            for (int i = 0; i < byCall.length; i++) {
                byCall[i].add(log.byCall[i]);
            }
            attempts += log.attempts;
            if (log.attempts == 0) {
                idle++;
            }
            successes += log.successes;
            log.failures.forEach((cause, count) -> failures.merge(cause, count[0], Long::sum));
        }
        boolean mix = !point.health();
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("mode", point.mode());
        row.put("locking", mix ? point.locking().name() : "");
        row.put("series", point.series());
        row.put("threads", (long) point.threads());
        row.put("repetition", (long) repetition);
        row.put("measure", measure);
        row.put("window_s", windowSeconds);
        row.put("throughput_per_s", successes / windowSeconds);
        row.put("throughput_ref_per_s", referenceThroughput);
        latency(row, "latency", all, true);
        row.put("success_rate", ratio(successes, attempts));
        row.put("interactions", attempts);
        row.put("successes", successes);
        row.put("failures", attempts - successes);
        row.put("idle_workers", idle);
        for (InteractionType type : InteractionType.values()) {
            row.put(type.label() + "_share", mix ? ratio(typeAttempts[type.ordinal()], attempts) : null);
        }
        for (InteractionType type : InteractionType.values()) {
            int i = type.ordinal();
            latency(row, type.label(), mix ? byType[i] : null, false);
            row.put(type.label() + "_success_rate", mix ? ratio(typeSuccesses[i], typeAttempts[i]) : null);
        }
        for (Call call : Call.values()) {
            AbstractHistogram h = byCall[call.ordinal()];
            String prefix = "call_" + call.label();
            row.put(prefix + "_count", h.getTotalCount());
            row.put(prefix + "_mean_us", h.getTotalCount() == 0 ? null : h.getMean() / 1000.0);
            row.put(prefix + "_p50_us", h.getTotalCount() == 0 ? null : h.getValueAtPercentile(50) / 1000.0);
            row.put(prefix + "_p99_us", h.getTotalCount() == 0 ? null : h.getValueAtPercentile(99) / 1000.0);
            row.put(prefix + "_max_us", h.getTotalCount() == 0 ? null : h.getMaxValue() / 1000.0);
        }
        row.put("cpu_percent", after.cpuPercentSince(before));
        row.put("gc_count", after.gcCount() - before.gcCount());
        row.put("gc_time_ms", after.gcTimeMs() - before.gcTimeMs());
        row.put("heap_used_mb", after.heapUsedBytes() / (1024.0 * 1024.0));
        row.put("process_threads", after.threads());
        row.put("failure_causes", causes(failures));
        row.put("audit", mix ? (auditProblems.isEmpty() ? "passed" : "FAILED") : "");
        return new PointResult(row, auditProblems);
    }

    private static void latency(Map<String, Object> row, String prefix, AbstractHistogram h, boolean full) {
        boolean none = h == null || h.getTotalCount() == 0;
        row.put(prefix + "_mean_us", none ? null : h.getMean() / 1000.0);
        row.put(prefix + "_p50_us", none ? null : h.getValueAtPercentile(50) / 1000.0);
        row.put(prefix + "_p90_us", none ? null : h.getValueAtPercentile(90) / 1000.0);
        row.put(prefix + "_p99_us", none ? null : h.getValueAtPercentile(99) / 1000.0);
        if (full) {
            row.put(prefix + "_p999_us", none ? null : h.getValueAtPercentile(99.9) / 1000.0);
        }
        row.put(prefix + "_max_us", none ? null : h.getMaxValue() / 1000.0);
    }

    private static Double ratio(long part, long whole) {
        return whole == 0 ? null : (double) part / whole;
    }

    /** Failure causes as {@code cause=count} joined by {@code ;}, most frequent first. */
    private static String causes(Map<String, Long> failures) {
        StringBuilder text = new StringBuilder();
        failures.entrySet().stream()
                .sorted((a, b) -> Long.compare(b.getValue(), a.getValue()))
                .forEach(e -> text.append(text.length() == 0 ? "" : "; ").append(e.getKey()).append('=')
                        .append(e.getValue()));
        return text.toString();
    }
}
