package com.acertainbookstore.report;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Mode;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.RunRecord;
import com.acertainbookstore.workload.results.Series;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * Test helper: a results directory as a replicated run with faults would leave it (closed loop in
 * process and over HTTP with its ceiling, open loop with intervals, a faults file, a processes file,
 * a run record),
 * its charts drawn, and its report written.
 */
final class ReportFixture {

    static final Point FAULTED = Point.closed(new Series(Mode.HTTP, Load.CLOSED, Locking.TWO_LEVEL), 100);

    private ReportFixture() {
    }

    /** The results directory {@code dir/results}, filled; the record holds {@code text} in its free-text fields. */
    static Path results(Path dir, String text) {
        Path results = dir.resolve("results");
        try {
            Files.createDirectories(results);
            try (Stream<Path> files = Files.list(SummaryFiles.fixture("realistic"))) {
                for (Path file : files.toList()) {
                    Files.copy(file, results.resolve(file.getFileName()));
                }
            }
            OpenResults.write(results);
            FaultsFile.write(FaultsFile.of(results, Mode.HTTP, Load.CLOSED), List.of(
                    new FaultRow(FAULTED, 1, "kill-leader@3", "r0", 3.5, 3.6, 1000, 850, 1.5, 2.5, 10, 2, 1),
                    new FaultRow(FAULTED, 1, "pause-leader@7:1", "r2", 7.8, 8.8, 1000, 767, 1.2, Double.NaN, 4, 0,
                            0)));
            ProcessesFile.write(ProcessesFile.of(results, Mode.HTTP, Load.CLOSED), processes(FAULTED, "r0"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        record(text).write(results);
        return results;
    }

    /**
     * A replicated point's JVMs as the sampler leaves them: the harness, {@code firstReplica}
     * killed and restarted (two pids, not running at 2 samples, starting at 2 more), r1, and r2
     * stopped at 4.
     */
    static List<ProcessRow> processes(Point point, String firstReplica) {
        return List.of(
                new ProcessRow(point, "harness", "4100", 10.5, 33, 33, 33, 0, 91.4, 612, 640, 25, 4_321, 2_500_000,
                        1_200_000),
                new ProcessRow(point, firstReplica, "4200 4377", 10.5, 33, 31, 29, 0, 48.2, 1180, 1214, 61, 15_500,
                        700_000, 1_500_000),
                new ProcessRow(point, "r1", "4201", 10.5, 33, 33, 33, 0, 22.5, 1150, 1160, 12, 900, 300_000, 600_000),
                new ProcessRow(point, "r2", "4202", 10.5, 33, 33, 29, 4, 17.0, 1149, 1151, 9, Double.NaN, 200_000,
                        400_000));
    }

    static RunRecord record(String text) {
        return new RunRecord("2026-01-02T03:04:05Z", "2026-01-02T03:07:05Z", "passed", "java -Dworkload.x " + text,
                List.of(new RunRecord.ChangedSetting("workload.threads", "1,8" + text, "1,2,5")), 2, 4096,
                "Linux 6 amd64", "OpenJDK 17", "-Xmx1g", "0123abcd", "clean");
    }

    /** Draws the charts of {@code results} into {@code plots} and writes the report there; returns it. */
    static Path report(Path results, Path plots) {
        Charts.writeAll(results, plots);
        return ReportPage.write(results, plots, Double.NaN);
    }
}
