package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report rendered by a real browser, Debian's headless Chromium ({@link HeadlessChromium} says
 * how console messages and requests are seen): no console message, no request of the page, and a
 * screenshot that is not blank, for a report that holds every section, a failed check's window
 * whose book titles are markup included (a script the page ran, or one its policy blocked, would
 * be a console message). Two broken pages show that the same checks fail when they should.
 * Skipped, saying so, where {@code /usr/bin/chromium} is not installed ({@code .ci/run} installs it).
 */
class ReportBrowserTest {

    @TempDir
    Path dir;

    @BeforeEach
    void needsChromium() {
        assumeTrue(Files.isExecutable(HeadlessChromium.BINARY), HeadlessChromium.BINARY
                + " is not installed (apt-get install chromium): the report is not rendered in a browser here");
    }

    /** The full report, with a failed check's window drawn near its top (book titles that are markup in it). */
    @Test
    void render_report_noConsoleMessageNoRequestAndAScreenshotThatIsNotBlank() throws Exception {
        Path results = ReportFixture.results(dir, "");
        ViolationFixture.write(results);
        Path page = ReportFixture.report(results, dir.resolve("plots"));

        HeadlessChromium.Render render = HeadlessChromium.render(page, dir.resolve("report.png"), 1280, 1000, dir);

        assertEquals(List.of(), render.console(), "console messages of the page");
        assertEquals(List.of(), render.pageRequests(), "requests of the page");
        BufferedImage image = ImageIO.read(render.screenshot().toFile());
        assertEquals(1280, image.getWidth());
        Set<Integer> colours = new HashSet<>();
        long notWhite = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y) & 0xFFFFFF;
                colours.add(rgb);
                notWhite += rgb == 0xFFFFFF ? 0 : 1;
            }
        }
        assertTrue(colours.size() > 50, colours.size() + " colours: a blank page?");
        assertTrue(notWhite > image.getWidth() * image.getHeight() / 4 / 50, notWhite + " pixels not white");
    }

    @Test
    void render_pageLoadingAnImageWithoutPolicy_isSeenAsARequest() throws IOException, InterruptedException {
        Path page = Files.writeString(dir.resolve("leaky.html"),
                "<!DOCTYPE html><html><body><img src=\"http://example.com/x.png\"></body></html>");

        HeadlessChromium.Render render = HeadlessChromium.render(page, dir.resolve("leaky.png"), 400, 300, dir);

        assertEquals(List.of("GET http://example.com/x.png HTTP/1.1"), render.pageRequests());
    }

    @Test
    void render_scriptUnderThePolicy_isSeenAsAConsoleMessage() throws IOException, InterruptedException {
        Path page = Files.writeString(dir.resolve("script.html"), "<!DOCTYPE html><html><head><meta"
                + " http-equiv=\"Content-Security-Policy\" content=\"" + ReportPage.POLICY + "\"></head><body>"
                + "<script>document.title = 'ran'</script><img src=\"http://example.com/x.png\"></body></html>");

        HeadlessChromium.Render render = HeadlessChromium.render(page, dir.resolve("script.png"), 400, 300, dir);

        assertFalse(render.console().isEmpty(), "the blocked script and image are console messages");
        assertTrue(render.console().stream().allMatch(l -> l.contains("Content Security Policy")), render.console()
                .toString());
        assertEquals(List.of(), render.pageRequests(), "the policy kept the image from loading");
    }
}
