package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.NumberColumn;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Series;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.LogAxis;

/**
 * The recorded latency distribution of one closed-loop series vs client threads: p50, p90, p99,
 * p99.9 and max, log-log, +/- one standard deviation as bands ({@code latency-percentiles.png}).
 * Immutable, safe to share.
 */
final class PercentileChart implements ChartSpec {

    private static final RunColumns.LatencyColumns LATENCY = RunColumns.LATENCY;
    private static final List<Line> LINES = List.of(new Line(LATENCY.p50(), "p50 (median)"),
            new Line(LATENCY.p90(), "p90"), new Line(LATENCY.p99(), "p99"), new Line(LATENCY.p999(), "p99.9"),
            new Line(LATENCY.max(), "max"));

    /** One line: the column and its legend label. */
    private record Line(NumberColumn<Repetition> column, String label) {
    }

    private final Series series;

    /** The chart of {@code series}. */
    PercentileChart(Series series) {
        this.series = Objects.requireNonNull(series, "series");
    }

    /**
     * The series shown when none is chosen: the first in-process closed-loop series, else the
     * first HTTP bookstore series, else the first closed-loop series at all (e.g. only the
     * transport ceiling).
     */
    static Optional<Series> defaultSeries(Results results) {
        List<SeriesData> closed = results.closed().series();
        return closed.stream().filter(s -> s.series().mode() == Mode.LOCAL).findFirst()
                .or(() -> closed.stream().filter(s -> !s.series().isCeiling()).findFirst())
                .or(() -> closed.stream().findFirst())
                .map(SeriesData::series);
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
        for (Line line : LINES) {
            Curve.byLevel(data.get(), line.column(), line.label(), SeriesStyle.ofRank(rank++), true, true)
                    .ifPresent(curves::add);
        }
        if (Curve.xs(curves).length == 0) {
            return Optional.empty();
        }
        LogAxis threads = ChartKit.threadsAxis(curves);
        return Optional.of(ChartKit.chart("Recorded latency percentiles vs client threads: " + data.get().label(),
                ChartKit.plot(curves, threads,
                        ChartKit.logValueAxis("Latency (log scale)", curves, TickFormats.micros())),
                List.of("mean over repetitions of each percentile, band = +/- 1 standard deviation",
                        ChartKit.skippedNote(Curve.skipped(curves)))));
    }
}
