package com.acertainbookstore.report;

import com.acertainbookstore.history.ViolationFile;
import com.acertainbookstore.history.WindowPicture;
import com.acertainbookstore.workload.results.ResultFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The report's section for a history check that failed: each window saved under
 * {@code history/} ({@code *}{@value ViolationFile#SUFFIX}) drawn inline as a timeline, one row per
 * client and a bar per call, the calls that end last marked ({@link WindowPicture}, whose SVG
 * escapes every string of the history for XML, which is also safe inline in HTML). The picture is
 * drawn again from the saved calls, never copied from a file: a hand-edited SVG cannot reach the
 * page. A window file that cannot be read is named with what is wrong with it. No section when no
 * check failed. Stateless, safe to share.
 */
final class WindowSection {

    private WindowSection() {
    }

    static void write(Html html, Path resultsDir) {
        List<Path> windows = windows(resultsDir.resolve(ResultFiles.HISTORY_DIR));
        if (windows.isEmpty()) {
            return;
        }
        html.raw("<section id=\"violations\">\n").element("h2", null, "History check failed: the smallest window of"
                + " calls that no order explains")
                .paragraph("One row per client; each call a bar from its invocation to its response, its operation"
                        + " and outcome in its tooltip and in the list below. Red: the calls that end last, without"
                        + " which (and what starts after them) the window can be ordered. Read with the text report"
                        + " beside the history (" + ResultFiles.HISTORY_DIR + "/*.violation.txt).");
        for (Path file : windows) {
            html.element("h3", null, ResultFiles.HISTORY_DIR + "/" + file.getFileName());
            try {
                ViolationFile.Saved saved = ViolationFile.read(file);
                // Markup drawn by history.WindowPicture from the saved calls: every string in it is escaped.
                html.raw(WindowPicture.svg(saved.violation(), saved.description()));
            } catch (IllegalArgumentException | IOException e) {
                html.element("p", "missing", "This window cannot be drawn: " + e.getMessage());
            }
        }
        html.raw("</section>\n");
    }

    private static List<Path> windows(Path directory) {
        if (!Files.isDirectory(directory)) {
            return List.of();
        }
        try (Stream<Path> files = Files.list(directory)) {
            return files.filter(f -> f.getFileName().toString().endsWith(ViolationFile.SUFFIX)).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + directory + ": " + e.getMessage(), e);
        }
    }
}
