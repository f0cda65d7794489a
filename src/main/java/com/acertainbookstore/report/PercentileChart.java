package com.acertainbookstore.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;

/**
 * The latency distribution of one series vs client threads: p50, p90, p99, p99.9 and max, log-log,
 * +/- one standard deviation as bands ({@code latency-percentiles.png}). Immutable, safe to share.
 */
final class PercentileChart implements ChartSpec {

    private static final Map<Metric, String> LINES = new LinkedHashMap<>();

    static {
        LINES.put(Metric.LATENCY_P50, "p50 (median)");
        LINES.put(Metric.LATENCY_P90, "p90");
        LINES.put(Metric.LATENCY_P99, "p99");
        LINES.put(Metric.LATENCY_P999, "p99.9");
        LINES.put(Metric.LATENCY_MAX, "max");
    }

    private final String series;

    /** The chart of the series named {@code series} (a {@code series} value of the results). */
    PercentileChart(String series) {
        this.series = Objects.requireNonNull(series, "series");
    }

    /**
     * The series shown when none is chosen: the first in-process series, else the first HTTP
     * bookstore series, else the first series at all (e.g. only the transport ceiling).
     */
    static Optional<String> defaultSeries(Results results) {
        return results.series().stream().filter(s -> "local".equals(s.mode())).findFirst()
                .or(() -> results.series().stream().filter(s -> s.isHttp() && !s.isCeiling()).findFirst())
                .or(() -> results.series().stream().findFirst())
                .map(SeriesData::name);
    }

    @Override
    public String fileName() {
        return "latency-percentiles.png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        Optional<SeriesData> data = results.find(series);
        if (data.isEmpty()) {
            return Optional.empty();
        }
        List<Curve> curves = new ArrayList<>();
        int rank = 0;
        for (Map.Entry<Metric, String> line : LINES.entrySet()) {
            Curve.byThreads(data.get(), line.getKey(), line.getValue(), SeriesStyle.ofRank(rank++), true)
                    .ifPresent(curves::add);
        }
        if (Curve.xs(curves).length == 0) {
            return Optional.empty();
        }
        LogAxis threads = ChartKit.threadsAxis(curves);
        return Optional.of(ChartKit.chart("Latency percentiles vs client threads: " + data.get().label(),
                ChartKit.plot(curves, threads,
                        ChartKit.logValueAxis("Latency (log scale)", curves, TickFormats.micros())),
                List.of("mean over repetitions of each percentile, band = +/- 1 standard deviation",
                        ChartKit.skippedNote(Curve.skipped(curves)))));
    }
}
