package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.RunRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.stream.Stream;

/**
 * Writes {@value #FILE_NAME}: one self-contained page per results directory, beside its charts. A
 * verdict box, a failed history check's window ({@link WindowSection}, inline SVG), what ran, every
 * chart (its PNG inlined as a {@code data:} URI) with its table, the faults, what each JVM used
 * ({@link ProcessSection}), and relative links to every file of the run. Nothing on it loads from
 * the network: its Content-Security-Policy ({@value #POLICY}) forbids any request but inline images
 * and styles.
 * Every string from the results is escaped where it lands ({@link Html}). Stateless, safe to call
 * from any thread (calls on the same directories must not overlap). Why PNGs inlined rather than
 * SVG: {@code docs/decisions/report-page.md}.
 */
public final class ReportPage {

    /** The page's file name, in the plots directory. */
    public static final String FILE_NAME = "report.html";
    /** No script, no font, no frame, no request: only the page's own style and inlined images. */
    static final String POLICY = "default-src 'none'; img-src data:; style-src 'unsafe-inline'";

    private static final String STYLE = """
            body{font-family:sans-serif;margin:1.5em auto;max-width:1500px;color:#222;padding:0 1em}
            h1{font-size:1.6em}h2{border-bottom:1px solid #ccc;margin-top:2em}
            .verdict{border:3px solid #2a7;background:#effaf3;padding:.5em 1em}.verdict h2{margin-top:.3em}
            .verdict.failed{border-color:#c22;background:#fdeeee}.verdict.unknown{border-color:#d90;background:#fff8e6}
            .verdict dt{font-weight:bold;float:left;clear:left;width:10em}.verdict dd{margin-left:11em}
            .bad{color:#b00;font-weight:bold}.undecided{color:#a60;font-weight:bold}
            svg.window{max-width:100%;height:auto;border:1px solid #ddd}
            .group{display:flex;flex-wrap:wrap;gap:1em;align-items:flex-start}
            .group img{max-width:900px;width:100%;border:1px solid #ddd}
            .tables{max-height:800px;overflow:auto;flex:1 1 auto;max-width:100%}
            table{border-collapse:collapse;font-size:.85em;margin-bottom:1em}
            caption{text-align:left;font-style:italic;padding:.3em 0}
            td,th{border:1px solid #ccc;padding:2px 6px;text-align:left}
            .tables td,.tables th{text-align:right}.tables td:first-child,.tables th:first-child{text-align:left}
            .missing{color:#a60}
            ul.files{columns:3;font-size:.85em}
            """;

    private ReportPage() {
    }

    /**
     * Reads the results directory and writes the page into the plots directory, inlining the
     * charts found there.
     *
     * @param timelineLevel the timeline's point as the charts chose it (NaN: the default)
     * @return the page written
     * @throws IllegalArgumentException when the directory does not exist or holds no summary file
     * @throws com.acertainbookstore.workload.results.ResultsFormatException naming the file and line of a
     *                                  malformed file
     */
    public static Path write(Path resultsDir, Path plotsDir, double timelineLevel) {
        Results results = Results.load(resultsDir);
        RunRecord record = RunRecord.read(resultsDir);
        List<FaultRow> faults = new ArrayList<>();
        for (Path file : ResultFiles.faultFiles(resultsDir)) {
            faults.addAll(FaultsFile.read(file));
        }
        Html html = new Html();
        head(html, "CertainBookStore workload report: " + resultsDir);
        html.element("h1", null, "CertainBookStore workload report")
                .paragraph("Results: " + resultsDir.toAbsolutePath().normalize() + "; charts: "
                        + plotsDir.toAbsolutePath().normalize());
        verdict(html, ReportVerdict.of(resultsDir, results, record));
        WindowSection.write(html, resultsDir);
        RunSection.write(html, record);
        charts(html, plotsDir, results, timelineLevel, faults);
        ProcessSection.write(html, resultsDir);
        files(html, resultsDir, plotsDir);
        return save(html, plotsDir.resolve(FILE_NAME));
    }

    /** Closes the page and writes it to {@code page} (its directory created if needed); returns the file. */
    static Path save(Html html, Path page) {
        html.raw("</body></html>\n");
        try {
            Files.createDirectories(page.toAbsolutePath().getParent());
            Files.writeString(page, html.toString(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + page + ": " + e.getMessage(), e);
        }
        return page;
    }

    /** Opens a page: its policy, its title (escaped) and the style; the body follows. */
    static void head(Html html, String title) {
        html.raw("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .raw("<meta http-equiv=\"Content-Security-Policy\" content=\"" + POLICY + "\">\n")
                .raw("<meta name=\"viewport\" content=\"width=device-width\">\n")
                .element("title", null, title)
                .raw("<style>" + STYLE + "</style></head><body>\n");
    }

    private static void verdict(Html html, ReportVerdict verdict) {
        html.raw("<section class=\"" + verdict.standing().boxClass + "\" id=\"verdict\">\n")
                .element("h2", null, verdict.standing().heading).raw("<dl>\n");
        for (ReportVerdict.Line line : verdict.lines()) {
            html.element("dt", null, line.subject()).element("dd", line.standing().lineClass, line.text());
        }
        html.raw("</dl></section>\n");
    }

    /** The charts, grouped, each group with its table. */
    private static void charts(Html html, Path plotsDir, Results results, double timelineLevel,
            List<FaultRow> faults) {
        html.element("h2", null, "Charts and their figures");
        group(html, plotsDir, "Throughput against client threads", n -> n.startsWith("throughput")
                && !n.contains("offered"), List.of(ReportTables.throughput(results)));
        group(html, plotsDir, "Latency", n -> n.startsWith("latency") && !n.contains("offered"),
                List.of(ReportTables.latency(results)));
        if (!results.open().series().isEmpty()) {
            group(html, plotsDir, "Open loop: latency against offered load", n -> n.endsWith("-vs-offered.png"),
                    List.of(ReportTables.offered(results)));
        }
        group(html, plotsDir, "Interaction shares and success", n -> n.equals("sanity.png"), List.of());
        Optional<ReportTables> timeline = ReportTables.timeline(results, timelineLevel);
        if (timeline.isPresent()) {
            group(html, plotsDir, "Over time", n -> n.equals("timeline.png"), List.of(timeline.get()));
        } else {
            html.element("h3", null, "Over time").element("p", "missing",
                    "No intervals file (*" + ResultFiles.INTERVALS_SUFFIX + ") in the results: no timeline.");
        }
        for (Point point : faults.stream().map(FaultRow::point).distinct().toList()) {
            String chart = FaultChart.fileName(point);
            group(html, plotsDir, "Faults: " + point.describe(), chart::equals, List.of(ReportTables.faults(point,
                    faults.stream().filter(f -> f.point().equals(point)).toList())));
        }
    }

    /** One group: its charts found in the plots directory (sorted by name), and its tables. */
    private static void group(Html html, Path plotsDir, String title, Predicate<String> charts,
            List<ReportTables> tables) {
        html.element("h3", null, title).raw("<div class=\"group\">\n");
        List<Path> pngs = list(plotsDir).stream().filter(p -> p.getFileName().toString().endsWith(".png"))
                .filter(p -> charts.test(p.getFileName().toString())).toList();
        if (pngs.isEmpty()) {
            html.element("p", "missing", "No chart of this in " + plotsDir + " (charts whose data is absent are"
                    + " not drawn).");
        }
        for (Path png : pngs) {
            try {
                html.image("image/png", Files.readAllBytes(png), png.getFileName().toString());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot read chart " + png + ": " + e.getMessage(), e);
            }
        }
        if (!tables.isEmpty()) {
            html.raw("<div class=\"tables\">\n");
            for (ReportTables table : tables) {
                if (table.rows().isEmpty()) {
                    html.element("p", "missing", table.caption() + ": no rows in the results.");
                } else {
                    html.table(table.caption(), table.header(), table.rows());
                }
            }
            html.raw("</div>\n");
        }
        html.raw("</div>\n");
    }

    /** Relative links to every file of the run: results first, then charts. */
    private static void files(Html html, Path resultsDir, Path plotsDir) {
        html.element("h2", null, "Files of the run").raw("<ul class=\"files\">\n");
        Path from = plotsDir.toAbsolutePath().normalize();
        List<Path> all = new ArrayList<>(walk(resultsDir));
        all.addAll(list(plotsDir).stream().filter(p -> p.getFileName().toString().endsWith(".png")).toList());
        for (Path file : all) {
            html.raw("<li>").link(from.relativize(file.toAbsolutePath().normalize()).toString()
                    .replace('\\', '/')).raw("</li>\n");
        }
        html.raw("</ul>\n");
    }

    private static List<Path> list(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }

    private static List<Path> walk(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
