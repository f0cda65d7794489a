package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.history.CheckResult;
import com.acertainbookstore.history.ViolationFile;
import com.acertainbookstore.history.WindowPicture;
import com.acertainbookstore.workload.results.SummaryRows;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The failing window drawn in the report, from a history made by the real store and broken
 * ({@link ViolationFixture}): one inline SVG timeline, the failing call marked, every title of the
 * books (markup all) shown as text; a window file that cannot be read is named, not drawn.
 */
class WindowSectionTest {

    @TempDir
    Path dir;

    private Document report(Path results) throws IOException {
        return Jsoup.parse(ReportPage.write(results, dir.resolve("plots"), Double.NaN).toFile(), "UTF-8");
    }

    private Path results() throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        SummaryRows.write(results, "local", List.of(SummaryRows.row("local TWO_LEVEL", 3, 900_000, 11,
                Map.of("check", "VIOLATION", "check_reason", "repetition 1: no order of 3 calls"))));
        return results;
    }

    @Test
    void write_savedWindowOfARealStoreHistory_drawsItInlineWithEveryTitleAsText() throws Exception {
        Path results = results();
        CheckResult check = ViolationFixture.write(results);

        Document page = report(results);

        Element section = page.selectFirst("section#violations");
        assertEquals(List.of("history/local-TWO_LEVEL-threads3-r1" + ViolationFile.SUFFIX),
                section.select("h3").eachText());
        int bars = check.violation().window().size();
        assertEquals(1, section.select("> svg").size(), "one picture");
        assertEquals(1 + bars, page.select("svg").size(), "the picture and a clip per bar; nothing else made an svg");
        assertTrue(page.select("script, iframe, object, embed, foreignObject, [onerror], [onload]").isEmpty(),
                page.select("script, [onerror], [onload]").outerHtml());
        assertTrue(page.select("img").isEmpty(), "no chart drawn here, and no title made an image");
        Element svg = section.selectFirst("svg");
        List<String> tooltips = svg.select("title").eachText();
        for (int isbn = 1; isbn <= 3; isbn++) {
            String book = "#" + isbn + " \"" + ViolationFixture.TITLES.get(isbn - 1) + "\"";
            assertTrue(tooltips.stream().anyMatch(t -> t.contains(book)), book + " in " + tooltips);
        }
        List<String> texts = svg.select("text").eachText();
        assertTrue(texts.get(0).startsWith(ViolationFixture.DESCRIPTION + ": part whole store"), texts.get(0));
        assertTrue(texts.stream().anyMatch(t -> t.contains(ViolationFixture.TITLES.get(1))), texts.toString());
        int failing = check.violation().failing().iterator().next();
        Element bar = svg.select("g.call").stream().filter(g -> g.selectFirst("title").text()
                .startsWith("call " + failing + " ")).findFirst().orElseThrow();
        assertEquals(WindowPicture.FAILING, bar.selectFirst("rect").attr("fill"));
        assertEquals(bars, svg.select("g.call").size(), "one bar per call of the window");
        assertTrue(ReportPageTest.verdict(page).get("history checks").startsWith("NOT LINEARIZABLE at 1 of 1"),
                ReportPageTest.verdict(page).toString());
    }

    @Test
    void write_handEditedWindow_namesTheFileAndLineInsteadOfDrawing() throws Exception {
        Path results = results();
        ViolationFixture.write(results);
        Path file = results.resolve("history/local-TWO_LEVEL-threads3-r1" + ViolationFile.SUFFIX);
        List<String> lines = Files.readAllLines(file);
        Files.write(file, List.of(lines.get(0), "{\"id\":0,\"worker\":0,\"op\":\"<script>\"}"));

        Document page = report(results);

        assertTrue(page.select("svg, script").isEmpty());
        String missing = page.selectFirst("section#violations .missing").text();
        assertTrue(missing.startsWith("This window cannot be drawn: " + file + " line 2: "), missing);
        assertTrue(missing.contains("<script>"), "the bad value shows as text: " + missing);
    }
}
