package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.Csv;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.IntervalLogFile;
import com.acertainbookstore.workload.results.IntervalsFile;
import com.acertainbookstore.workload.results.Latency;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.ResultsMerge;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.Stat;
import com.acertainbookstore.workload.results.SummaryFile;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.HdrHistogram.AbstractHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One recorded run split in two as two load machines would have recorded it (every histogram's
 * counts, every interval's and repetition's counts and throughput shared out), merged back
 * ({@link ResultsMerge}): the merged percentiles equal those of the whole run, exactly.
 */
class MergeTest {

    /** The summary file keeps 7 significant digits: a figure read back is within this share of its value. */
    private static final double CSV_PRECISION = 1e-6;

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void merge_oneRunSplitInTwo_givesBackItsPercentilesAndThroughput() throws Exception {
        Path whole = dir.resolve("whole");
        WorkloadMain.run(WorkloadConfig.defaults().withThreads(2).withWindow(0.2, 0.6).withRepetitions(2)
                .withLockings(Locking.SINGLE).withOutput(whole, dir.resolve("plots"))
                .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, 0)
                .with(Setting.INTERVAL_SECONDS, 0.1), WorkloadMain::inProcess);
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        split(whole, a, b);

        ResultsMerge.merge(List.of(a, b), dir.resolve("merged"));

        PointSummary original = SummaryFile.read(whole.resolve("local-summary.csv")).get(0);
        PointSummary merged = SummaryFile.read(dir.resolve("merged/local-summary.csv")).get(0);
        assertEquals(2 * original.point().threads(), merged.point().threads(), "the parts' threads summed");
        assertEquals(original.mean(RunColumns.THROUGHPUT), merged.mean(RunColumns.THROUGHPUT),
                original.mean(RunColumns.THROUGHPUT) * CSV_PRECISION);
        List<IntervalLogFile.RepetitionLog> log = IntervalLogFile.read(ResultFiles.intervalLog(whole,
                original.point()));
        List<IntervalLogFile.RepetitionLog> mergedLog = IntervalLogFile.read(ResultFiles.intervalLog(
                dir.resolve("merged"), merged.point()));
        assertEquals(log.size(), mergedLog.size());
        List<double[]> windows = new ArrayList<>();
        for (int r = 0; r < log.size(); r++) {
            List<IntervalLogFile.Recorded> expected = log.get(r).intervals();
            List<IntervalLogFile.Recorded> actual = mergedLog.get(r).intervals();
            assertEquals(expected.size(), actual.size());
            for (int k = 0; k < expected.size(); k++) {
                assertEquals(Latency.of(expected.get(k).latency()), Latency.of(actual.get(k).latency()),
                        "repetition " + (r + 1) + ", interval " + k);
                assertEquals(expected.get(k).latency().getTotalCount(), actual.get(k).latency().getTotalCount());
            }
            windows.add(figures(windowHistogram(log.get(r))));
        }
        RunColumns.LatencyColumns latency = RunColumns.LATENCY;
        int i = 0;
        for (var column : List.of(latency.p50(), latency.p90(), latency.p99(), latency.p999(), latency.max())) {
            int at = i++;
            double expected = Stat.of(windows.stream().mapToDouble(w -> w[at]).toArray()).mean();
            assertEquals(expected, merged.mean(column), expected * CSV_PRECISION, column.name());
        }
        long successes = IntervalsFile.read(whole.resolve("local-intervals.csv")).stream()
                .filter(x -> x.repetition() >= 1).mapToLong(Interval::successes).sum();
        assertEquals(successes, IntervalsFile.read(dir.resolve("merged/local-intervals.csv")).stream()
                .mapToLong(Interval::successes).sum());
    }

    /**
     * The processes file: carried over from the parts that have one, each JVM named after its part
     * under the merged point; none at all when no part has one (an older run's, say).
     */
    @Test
    @Timeout(60)
    void merge_partsWithAndWithoutAProcessesFile_namesEachPartsJvmsOrWritesNone() throws Exception {
        Path whole = dir.resolve("whole");
        WorkloadMain.run(WorkloadConfig.defaults().withThreads(2).withWindow(0.2, 0.6).withRepetitions(1)
                .withLockings(Locking.SINGLE).withOutput(whole, dir.resolve("plots"))
                .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, 0)
                .with(Setting.SAMPLE_SECONDS, 0.1), WorkloadMain::inProcess);
        Path a = dir.resolve("a");
        Path b = dir.resolve("b");
        split(whole, a, b);
        List<ProcessRow> sampled = ProcessesFile.read(whole.resolve("local-processes.csv"));
        assertEquals(List.of("harness"), sampled.stream().map(ProcessRow::process).toList(), "in process: one JVM");
        Files.copy(whole.resolve("local-processes.csv"), a.resolve("local-processes.csv"));
        Files.copy(whole.resolve("local-processes.csv"), b.resolve("local-processes.csv"));

        ResultsMerge.merge(List.of(a, b), dir.resolve("merged"));

        PointSummary merged = SummaryFile.read(dir.resolve("merged/local-summary.csv")).get(0);
        List<ProcessRow> rows = ProcessesFile.read(dir.resolve("merged/local-processes.csv"));
        assertEquals(List.of(sampled.get(0).as(merged.point(), "part 1 harness"),
                sampled.get(0).as(merged.point(), "part 2 harness")), rows);

        Files.delete(a.resolve("local-processes.csv"));
        ResultsMerge.merge(List.of(a, b), dir.resolve("merged"));
        assertEquals(List.of("part 2 harness"), ProcessesFile.read(dir.resolve("merged/local-processes.csv"))
                .stream().map(ProcessRow::process).toList(), "only the part that has one");

        Files.delete(b.resolve("local-processes.csv"));
        ResultsMerge.merge(List.of(a, b), dir.resolve("merged"));
        assertFalse(Files.exists(dir.resolve("merged/local-processes.csv")), "no part has one: none merged");
    }

    @Test
    void merge_aPartWithoutThePoint_isRefusedNamingIt() throws IOException {
        Path a = Files.createDirectories(dir.resolve("a"));
        Path b = Files.createDirectories(dir.resolve("b"));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ResultsMerge.merge(List.of(a, b), a));

        assertTrue(e.getMessage().contains("is one of the parts"), e.getMessage());
    }

    /** The latency of a repetition's intervals that lie within its window, added. */
    private static AbstractHistogram windowHistogram(IntervalLogFile.RepetitionLog repetition) {
        AbstractHistogram sum = new Histogram(2);
        for (IntervalLogFile.Recorded interval : repetition.intervals()) {
            if (interval.startSeconds() >= repetition.windowStart() - 1e-6
                    && interval.endSeconds() <= repetition.windowEnd() + 1e-6) {
                sum.add(interval.latency());
            }
        }
        return sum;
    }

    private static double[] figures(AbstractHistogram nanos) {
        Latency l = Latency.of(nanos);
        return new double[] {l.p50(), l.p90(), l.p99(), l.p999(), l.max()};
    }

    /** Shares out every file of {@code whole} between {@code a} and {@code b}, as two machines would have. */
    private static void split(Path whole, Path a, Path b) throws IOException {
        for (Path part : List.of(a, b)) {
            Files.createDirectories(part.resolve("intervals"));
            Files.copy(whole.resolve("local-summary.csv"), part.resolve("local-summary.csv"));
        }
        List<Interval> intervals = IntervalsFile.read(whole.resolve("local-intervals.csv"));
        IntervalsFile.write(a.resolve("local-intervals.csv"), intervals.stream().map(i -> half(i, true)).toList());
        IntervalsFile.write(b.resolve("local-intervals.csv"), intervals.stream().map(i -> half(i, false)).toList());
        splitRuns(whole.resolve("local-runs.csv"), a.resolve("local-runs.csv"), b.resolve("local-runs.csv"));
        try (Stream<Path> logs = Files.list(whole.resolve("intervals"))) {
            for (Path log : logs.toList()) {
                PointSummary point = SummaryFile.read(whole.resolve("local-summary.csv")).stream()
                        .filter(s -> ResultFiles.intervalLog(whole, s.point()).equals(log)).findFirst().orElseThrow();
                List<IntervalLogFile.RepetitionLog> repetitions = IntervalLogFile.read(log);
                IntervalLogFile.write(a.resolve("intervals").resolve(log.getFileName()), point.point(),
                        repetitions.stream().map(r -> half(r, true)).toList());
                IntervalLogFile.write(b.resolve("intervals").resolve(log.getFileName()), point.point(),
                        repetitions.stream().map(r -> half(r, false)).toList());
            }
        }
    }

    private static IntervalLogFile.RepetitionLog half(IntervalLogFile.RepetitionLog repetition, boolean first) {
        return new IntervalLogFile.RepetitionLog(repetition.repetition(), repetition.startEpochMs(),
                repetition.windowStart(), repetition.windowEnd(), repetition.intervals().stream()
                        .map(i -> new IntervalLogFile.Recorded(i.startSeconds(), i.endSeconds(), half(i.latency(), first),
                                null)).toList());
    }

    /** Half of each bucket's count (the first half rounded down), recorded at the bucket's value. */
    private static AbstractHistogram half(AbstractHistogram histogram, boolean first) {
        AbstractHistogram half = new Histogram(2);
        for (HistogramIterationValue value : histogram.recordedValues()) {
            long count = value.getCountAtValueIteratedTo();
            long share = first ? count / 2 : count - count / 2;
            if (share > 0) {
                half.recordValueWithCount(value.getValueIteratedTo(), share);
            }
        }
        return half;
    }

    private static Interval half(Interval i, boolean first) {
        return new Interval(i.point(), i.repetition(), i.startSeconds(), i.endSeconds(), i.windowStartSeconds(),
                i.windowEndSeconds(), half(i.successes(), first), half(i.failures(), first), half(i.unknown(), first),
                half(i.refused(), first), i.latency(), i.service(), half(i.backlog(), first));
    }

    private static long half(long count, boolean first) {
        return first ? count / 2 : count - count / 2;
    }

    /** Throughput halved into each; counts shared out as the intervals' are. */
    private static void splitRuns(Path whole, Path a, Path b) throws IOException {
        List<String> lines = Files.readAllLines(whole);
        List<String> header = Csv.split(lines.get(0), whole.toString(), 1);
        List<String> linesA = new ArrayList<>(List.of(lines.get(0)));
        List<String> linesB = new ArrayList<>(List.of(lines.get(0)));
        for (int n = 1; n < lines.size(); n++) {
            List<String> cells = Csv.split(lines.get(n), whole.toString(), n + 1);
            List<String> cellsA = new ArrayList<>();
            List<String> cellsB = new ArrayList<>();
            for (int c = 0; c < cells.size(); c++) {
                String name = header.get(c);
                String cell = cells.get(c);
                if (name.equals(RunColumns.THROUGHPUT.name())) {
                    cellsA.add(String.valueOf(Double.parseDouble(cell) / 2));
                    cellsB.add(String.valueOf(Double.parseDouble(cell) / 2));
                } else if (List.of("interactions", "successes", "failures").contains(name)) {
                    cellsA.add(String.valueOf(half(Long.parseLong(cell), true)));
                    cellsB.add(String.valueOf(half(Long.parseLong(cell), false)));
                } else {
                    cellsA.add(Csv.text(cell));
                    cellsB.add(Csv.text(cell));
                }
            }
            linesA.add(String.join(",", cellsA));
            linesB.add(String.join(",", cellsB));
        }
        Files.write(a, linesA);
        Files.write(b, linesB);
    }
}
