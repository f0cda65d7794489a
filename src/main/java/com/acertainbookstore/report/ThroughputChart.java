package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.RunColumns;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.JFreeChart;
import org.jfree.chart.axis.ValueAxis;
import org.jfree.chart.plot.XYPlot;

/**
 * Aggregate throughput vs client threads, +/- one standard deviation as bands. Immutable, safe to
 * share.
 *
 * <p>{@link #all()} draws every series (in-process and HTTP together) on log-log axes, since the
 * two differ by orders of magnitude; {@link #http()} zooms on the HTTP series and the transport
 * ceiling with a linear throughput axis.
 */
final class ThroughputChart implements ChartSpec {

    private final boolean httpOnly;

    private ThroughputChart(boolean httpOnly) {
        this.httpOnly = httpOnly;
    }

    /** Every series, log-log: {@code throughput.png}. */
    static ThroughputChart all() {
        return new ThroughputChart(false);
    }

    /** The HTTP series and the transport ceiling, linear throughput: {@code throughput-http.png}. */
    static ThroughputChart http() {
        return new ThroughputChart(true);
    }

    @Override
    public String fileName() {
        return httpOnly ? "throughput-http.png" : "throughput.png";
    }

    @Override
    public Optional<JFreeChart> build(Results results) {
        List<Curve> curves = new ArrayList<>();
        List<SeriesData> series = results.closed().select(s -> !httpOnly || s.series().mode() == Mode.HTTP);
        for (SeriesData s : series) {
            Curve.byLevel(s, RunColumns.THROUGHPUT, s.label(), SeriesStyle.of(s.series()), true, !httpOnly)
                    .ifPresent(curves::add);
        }
        if (Curve.xs(curves).length == 0) {
            return Optional.empty();
        }
        String label = "Throughput (successful interactions/s" + (httpOnly ? ")" : ", log scale)");
        ValueAxis y = httpOnly
                ? ChartKit.linearAxis(label, TickFormats.count(), Curve.ysWithBands(curves))
                : ChartKit.logValueAxis(label, curves, TickFormats.rate());
        XYPlot plot = ChartKit.plot(curves, ChartKit.threadsAxis(curves), y);
        String title = httpOnly ? "HTTP throughput vs client threads"
                : "Aggregate throughput vs client threads";
        boolean ceiling = series.stream().anyMatch(s -> s.series().isCeiling() && s.has(RunColumns.THROUGHPUT));
        return Optional.of(ChartKit.chart(title, plot, List.of(
                "mean over repetitions, band = +/- 1 standard deviation"
                        + (ceiling ? "; the ceiling counts GET /health calls per second" : ""),
                ChartKit.skippedNote(Curve.skipped(curves)))));
    }
}
