package com.acertainbookstore.report;

import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.history.ViolationFile;
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
 * @param standing the box's: failed if any line failed, else unknown if any line could not be
 *                 decided (a history check that spent its budget), else fine
 * @param lines    one line per verdict: what it is about, and what it says
 */
record ReportVerdict(Standing standing, List<Line> lines) {

    /** How a verdict stands, worst last: neither passed nor failed is {@link #UNKNOWN}. */
    enum Standing {
        FINE("verdict", "Verdict: passed", null),
        UNKNOWN("verdict unknown", "Verdict: unknown (not passed, not failed)", "undecided"),
        BAD("verdict failed", "Verdict: FAILED", "bad");

        /** The page's classes of a box, its heading, and a line's class (null: none). */
        final String boxClass;
        final String heading;
        final String lineClass;

        Standing(String boxClass, String heading, String lineClass) {
            this.boxClass = boxClass;
            this.heading = heading;
            this.lineClass = lineClass;
        }
    }

    /** One verdict: its subject, its text and how it stands. */
    record Line(String subject, String text, Standing standing) {

        /** A line that is a failure when {@code bad}, else fine. */
        Line(String subject, String text, boolean bad) {
            this(subject, text, bad ? Standing.BAD : Standing.FINE);
        }
    }

    static ReportVerdict of(Path resultsDir, Results results, RunRecord record) {
        List<Line> lines = new ArrayList<>();
        if (record != null) {
            lines.add(new Line("run", record.outcome(), !record.outcome().equals("passed")));
        }
        lines.add(audits(results));
        lines.add(histories(resultsDir, results));
        lines.addAll(failures(results));
        lines.add(headline(results));
        Standing standing = lines.stream().map(Line::standing).max(Comparator.naturalOrder()).orElse(Standing.FINE);
        return new ReportVerdict(standing, lines);
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

    /**
     * The history checks as the summary files saved them, per point: a violation fails, an
     * unknown verdict is neither a pass nor a failure, each with its reason. Without a saved
     * check, what the history directory holds.
     */
    private static Line histories(Path resultsDir, Results results) {
        List<PointSummary> checked = points(results).stream().filter(p -> p.check().checked()).toList();
        if (checked.isEmpty()) {
            return recordedOnly(resultsDir);
        }
        List<PointSummary> violations = verdict(checked, Verdict.VIOLATION);
        List<PointSummary> unknown = verdict(checked, Verdict.UNKNOWN);
        if (!violations.isEmpty()) {
            return new Line("history checks", "NOT LINEARIZABLE at " + violations.size() + " of " + checked.size()
                    + " checked points: " + reasons(violations) + (unknown.isEmpty() ? ""
                            : "; unknown at " + unknown.size() + ": " + reasons(unknown)), Standing.BAD);
        }
        if (!unknown.isEmpty()) {
            return new Line("history checks", "unknown at " + unknown.size() + " of " + checked.size()
                    + " checked points, neither passed nor failed (the check spent its budget before it could"
                    + " decide; workload.checkSeconds, workload.checkMemoryMb): " + reasons(unknown), Standing.UNKNOWN);
        }
        return new Line("history checks", "linearizable at every one of " + checked.size()
                + " checked points, every repetition", false);
    }

    private static List<PointSummary> verdict(List<PointSummary> points, Verdict verdict) {
        return points.stream().filter(p -> p.check().verdict() == verdict).toList();
    }

    private static String reasons(List<PointSummary> points) {
        return String.join("; ", points.stream().map(p -> p.point().describe() + ", " + p.check().reason()).toList());
    }

    /** No saved check (none asked for, or a directory written before checks were saved): the files recorded. */
    private static Line recordedOnly(Path resultsDir) {
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
        long recorded = names.stream().filter(n -> n.endsWith(".jsonl") && !n.endsWith(ViolationFile.SUFFIX)).count();
        List<String> violations = names.stream().filter(n -> n.endsWith(".violation.txt")
                || n.endsWith(ViolationFile.SUFFIX)).map(n -> n.substring(0, n.indexOf(".violation."))).distinct()
                .toList();
        if (violations.isEmpty()) {
            return new Line("history checks", recorded + " histories recorded, no check saved in the summary"
                    + " files and no violation report among them", false);
        }
        return new Line("history checks", "NOT LINEARIZABLE: violation reports of " + violations.size() + " of "
                + recorded + " histories: " + String.join(", ", violations) + " (in " + ResultFiles.HISTORY_DIR
                + "/)", true);
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
