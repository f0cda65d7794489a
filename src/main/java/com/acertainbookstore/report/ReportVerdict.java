package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.AuditOutcome;
import com.acertainbookstore.workload.results.FailureKind;
import com.acertainbookstore.workload.results.Failures;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.RunColumns;
import com.acertainbookstore.workload.results.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * The verdict box at the top of the report: the run's outcome, the audits, the history checks,
 * the failed calls and those of unknown outcome, and the headline figure with its {@code /health}
 * ceiling. Stateless, safe to share.
 *
 * @param failed whether anything in it failed (the box is then drawn as a failure)
 * @param lines  one line per verdict: what it is about, and what it says
 */
record ReportVerdict(boolean failed, List<Line> lines) {

    /** One verdict: its subject and its text; {@code bad} when it is a failure. */
    record Line(String subject, String text, boolean bad) {
    }

    static ReportVerdict of(Path resultsDir, Results results, RunRecord record) {
        List<Line> lines = new ArrayList<>();
        if (record != null) {
            lines.add(new Line("run", record.outcome(), !record.outcome().equals("passed")));
        }
        lines.add(audits(results));
        lines.add(histories(resultsDir));
        lines.addAll(failures(results));
        lines.add(headline(results));
        return new ReportVerdict(lines.stream().anyMatch(Line::bad), lines);
    }

    private static Line audits(Results results) {
        List<PointSummary> audited = points(results).stream().filter(p -> p.audit() != AuditOutcome.NOT_APPLICABLE)
                .toList();
        List<String> failed = audited.stream().filter(p -> p.audit() == AuditOutcome.FAILED)
                .map(p -> p.point().describe()).toList();
        if (audited.isEmpty()) {
            return new Line("audits", "none: no point calls the store", false);
        }
        if (failed.isEmpty()) {
            return new Line("audits", "passed at every one of " + audited.size() + " points, every repetition", false);
        }
        return new Line("audits", "FAILED at " + failed.size() + " of " + audited.size() + " points: "
                + String.join("; ", failed), true);
    }

    private static Line histories(Path resultsDir) {
        Path directory = resultsDir.resolve(ResultFiles.HISTORY_DIR);
        if (!Files.isDirectory(directory)) {
            return new Line("history checks", "no history recorded (workload.check=none)", false);
        }
        List<String> names;
        try (Stream<Path> files = Files.list(directory)) {
            names = files.map(p -> p.getFileName().toString()).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory + ": " + e.getMessage(), e);
        }
        long recorded = names.stream().filter(n -> n.endsWith(".jsonl")).count();
        List<String> violations = names.stream().filter(n -> n.endsWith(".violation.txt")).toList();
        if (violations.isEmpty()) {
            return new Line("history checks", recorded + " histories recorded, no violation report among them"
                    + " (a check that ran out of budget says unknown on the console only)", false);
        }
        return new Line("history checks", "NOT LINEARIZABLE: " + violations.size() + " violation reports of "
                + recorded + " histories: " + String.join(", ", violations) + " (in " + ResultFiles.HISTORY_DIR + "/)", true);
    }

    private static List<Line> failures(Results results) {
        Failures all = Failures.NONE;
        long interactions = 0;
        for (PointSummary point : points(results)) {
            all = all.plus(point.failures());
            interactions += Math.round(point.mean(RunColumns.INTERACTIONS) * point.repetitions());
        }
        long refused = all.of(FailureKind.NOT_ENOUGH_COPIES) + all.of(FailureKind.ALREADY_IN_STORE)
                + all.of(FailureKind.NOT_IN_STORE);
        long unanswered = all.total() - refused;
        List<Line> lines = new ArrayList<>();
        lines.add(new Line("failed calls", String.format(Locale.ROOT, "%,d of %,d measured interactions failed:"
                + " %,d refused by the store (expected under contention), %,d for want of an answer%s", all.total(),
                interactions, refused, unanswered, all.total() == 0 ? "" : "; causes: " + all.format()),
                unanswered > 0));
        if (results.intervals().isEmpty()) {
            lines.add(new Line("unknown outcomes", "not recorded (no intervals file)", false));
        } else {
            long unknown = results.intervals().stream().mapToLong(Interval::unknown).sum();
            lines.add(new Line("unknown outcomes", String.format(Locale.ROOT, "%,d calls whose outcome is unknown"
                    + " (every interval of every repetition, warm-up included)", unknown), unknown > 0));
        }
        return lines;
    }

    /** The highest throughput of the bookstore, closed loop first, with the ceiling at its threads over HTTP. */
    private static Line headline(Results results) {
        Results closed = results.closed();
        Optional<PointSummary> peak = best(closed.select(s -> !s.series().isCeiling()));
        if (peak.isPresent()) {
            PointSummary p = peak.get();
            double mean = p.mean(RunColumns.THROUGHPUT);
            double sd = p.sd(RunColumns.THROUGHPUT);
            String text = String.format(Locale.ROOT, "peak %s interactions/s (%s) by %s", ReportTables.rate(mean),
                    Double.isFinite(sd) ? "sd " + ReportTables.rate(sd) : "one repetition, no sd", p.point().describe());
            Optional<PointSummary> ceiling = ReportTables.ceilingAt(closed, p.point());
            if (ceiling.isPresent()) {
                double limit = ceiling.get().mean(RunColumns.THROUGHPUT);
                text += String.format(Locale.ROOT, "; the /health ceiling at %d threads: %s/s, so %.2f of it",
                        p.point().threads(), ReportTables.rate(limit), mean / limit);
            }
            return new Line("headline", text, false);
        }
        Optional<PointSummary> open = best(results.open().series());
        return open.map(p -> new Line("headline", String.format(Locale.ROOT, "highest achieved rate %s"
                + " interactions/s at %s, p99 %s", ReportTables.rate(p.mean(RunColumns.THROUGHPUT)),
                p.point().describe(), ReportTables.micros(p.mean(RunColumns.LATENCY.p99()))), false))
                .orElse(new Line("headline", "no throughput in the results", false));
    }

    private static Optional<PointSummary> best(List<SeriesData> series) {
        return series.stream().flatMap(s -> s.points().stream())
                .filter(p -> Double.isFinite(p.mean(RunColumns.THROUGHPUT)))
                .max(Comparator.comparingDouble(p -> p.mean(RunColumns.THROUGHPUT)));
    }

    private static List<PointSummary> points(Results results) {
        return results.series().stream().flatMap(s -> s.points().stream()).toList();
    }
}
