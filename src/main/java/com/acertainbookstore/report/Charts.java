package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.ResultsFormatException;
import com.acertainbookstore.workload.results.Series;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.jfree.chart.ChartUtils;
import org.jfree.chart.JFreeChart;

/**
 * Writes every chart the results allow, as PNGs: the entry point of this package. Stateless, safe
 * to call from any thread (each call reads and writes its own files).
 *
 * <p>The charts, under the plots directory. Closed loop, vs client threads:
 * {@code throughput.png}, {@code throughput-http.png}, {@code latency.png},
 * {@code latency-percentiles.png}, {@code latency-vs-throughput.png},
 * {@code latency-by-interaction.png}, {@code sanity.png}. Open loop, vs offered load:
 * {@code latency-vs-offered.png}, {@code throughput-vs-offered.png}. Over time, for one point:
 * {@code timeline.png}. A chart whose data is absent (e.g. the HTTP zoom when only local results
 * exist) is not written, and an older file of that name is left as it is.
 */
public final class Charts {

    /** Where {@link #main} reads results when not told (where a run of the harness writes them). */
    public static final Path DEFAULT_RESULTS = Path.of(ResultFiles.DEFAULT_RESULTS_DIR);
    /** Where {@link #main} writes charts when not told. */
    public static final Path DEFAULT_PLOTS = Path.of(ResultFiles.DEFAULT_PLOTS_DIR);

    /** Writes one chart to one file. */
    @FunctionalInterface
    interface PngWriter {
        void write(JFreeChart chart, Path file, int width, int height) throws IOException;
    }

    private Charts() {
    }

    /**
     * Reads every {@code *-summary.csv} in {@code resultsDir} and writes every chart their data
     * allows into {@code plotsDir} (created if needed); the percentile chart shows the default
     * series ({@link PercentileChart#defaultSeries}), the timeline the default point.
     *
     * @return the files written, in a fixed order
     * @throws IllegalArgumentException  when the directory holds no summary file
     * @throws ResultsFormatException    when a summary file is malformed (the message names file, line, column)
     * @throws ChartRenderingException   when the machine cannot draw (the message names the install step)
     * @throws UncheckedIOException      when a file cannot be read or written
     */
    public static List<Path> writeAll(Path resultsDir, Path plotsDir) {
        return writeAll(Results.load(resultsDir), plotsDir, null, Double.NaN);
    }

    /**
     * As {@link #writeAll(Path, Path)} for results already read, with the series of the
     * percentile chart ({@code null} for the default) and the level of the timeline's point (an
     * open loop's offered rate or a closed loop's threads; NaN for the default) chosen.
     *
     * @throws IllegalArgumentException when {@code percentileSeries} or {@code timelineLevel} is not in the results
     */
    public static List<Path> writeAll(Results results, Path plotsDir, Series percentileSeries, double timelineLevel) {
        return write(specs(results, percentileSeries, timelineLevel), results, plotsDir, Charts::png);
    }

    /** Writes each chart of {@code specs} that has data with {@code writer}; AWT failures become clear messages. */
    static List<Path> write(List<ChartSpec> specs, Results results, Path plotsDir, PngWriter writer) {
        List<Path> written = new ArrayList<>();
        try {
            Files.createDirectories(plotsDir);
            for (ChartSpec spec : specs) {
                Optional<JFreeChart> chart = spec.build(results);
                if (chart.isPresent()) {
                    Path file = plotsDir.resolve(spec.fileName());
                    writer.write(chart.get(), file, spec.width(), spec.height(results));
                    written.add(file);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write charts to " + plotsDir + ": " + e.getMessage(), e);
        } catch (RuntimeException | Error e) {
            Optional<String> explanation = RenderingFailures.explain(e);
            if (explanation.isPresent()) {
                throw new ChartRenderingException(explanation.get(), e);
            }
            throw e;
        }
        return written;
    }

    /** Every chart, in the order they are written. */
    static List<ChartSpec> specs(Results results, Series percentileSeries, double timelineLevel) {
        Series chosen = percentileSeries;
        if (chosen == null) {
            chosen = PercentileChart.defaultSeries(results).orElse(null);
        } else if (results.closed().find(chosen).isEmpty()) {
            throw new IllegalArgumentException("percentile series '" + percentileSeries.name()
                    + "' is not in the closed-loop results (series: " + results.closed().series().stream()
                            .map(s -> s.series().name()).toList() + ")");
        }
        List<ChartSpec> specs = new ArrayList<>(List.of(ThroughputChart.all(), ThroughputChart.http(),
                new LatencyChart()));
        if (chosen != null) {
            specs.add(new PercentileChart(chosen));
        }
        specs.addAll(List.of(new LatencyThroughputChart(), new InteractionChart(), new SanityChart(),
                new OfferedLatencyChart(), new OfferedThroughputChart()));
        TimelineChart timeline = new TimelineChart(timelineLevel);
        timeline.pick(results);
        specs.add(timeline);
        return specs;
    }

    static void png(JFreeChart chart, Path file, int width, int height) throws IOException {
        ChartUtils.saveChartAsPNG(file.toFile(), chart, width, height);
    }

    /**
     * Writes the charts and prints each path written. Arguments, all optional: the results
     * directory (default {@code target/workload/results}), the plots directory (default
     * {@code target/workload/plots}), the series of the percentile chart (default: the first
     * in-process series, else the first; {@code -} for the default), the level of the timeline's
     * point (an open loop's offered rate, or threads; default: see {@link TimelineChart}).
     */
    public static void main(String[] args) {
        if (args.length > 4) {
            throw new IllegalArgumentException("expected at most 4 arguments (results directory, plots"
                    + " directory, percentile series, timeline point), got " + args.length);
        }
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Path results = args.length > 0 ? Path.of(args[0]) : DEFAULT_RESULTS;
        Path plots = args.length > 1 ? Path.of(args[1]) : DEFAULT_PLOTS;
        Series series = args.length > 2 && !args[2].equals("-") ? Series.parse(args[2]) : null;
        double timeline = args.length > 3 ? Double.parseDouble(args[3]) : Double.NaN;
        for (Path file : writeAll(Results.load(results), plots, series, timeline)) {
            System.out.println(file);
        }
    }
}
