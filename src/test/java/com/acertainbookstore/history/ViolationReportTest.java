package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.check;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.junit.jupiter.api.io.TempDir;

class ViolationReportTest {

    @TempDir
    Path dir;

    /** 300 correct rounds of buy then read on two workers, then a read that misses the last buy. */
    private static History longHistoryWithAStaleReadAtTheEnd() {
        Histories history = store().book(1, 1000);
        long t = 0;
        int copies = 1000;
        for (int round = 0; round < 300; round++) {
            history.buy(0, 1, t, t + 50, Outcome.OK);
            copies--;
            history.read(1, 1, t + 10, t + 60, round % 2 == 0 ? copies + 1 : copies, 0);
            t += 100;
        }
        history.buy(0, 1, t, t + 10, Outcome.OK);
        history.read(1, 1, t + 20, t + 30, copies, 0);
        return history.build();
    }

    @Test
    void check_staleReadAfterALongHistory_reportsASmallWindowEndingWithTheStaleRead() {
        History history = longHistoryWithAStaleReadAtTheEnd();
        CheckResult result = check(history);

        assertEquals(Verdict.VIOLATION, result.verdict());
        Violation violation = result.violation();
        assertTrue(violation.window().size() <= 4, ViolationReport.text(result));
        HistoryCall stale = history.calls().get(history.calls().size() - 1);
        assertEquals(java.util.Set.of(stale.id()), violation.failing());
        assertTrue(violation.window().stream().anyMatch(c -> c.id() == stale.id() - 1), "the buy it missed");
        assertEquals(List.of("#1: 700 copies, 0 misses, pick; no window call applied"), violation.statesBefore());
        String text = ViolationReport.text(result);
        assertTrue(text.contains(">> call " + stale.id() + "  worker 1"), text);
        assertTrue(text.contains("getBooksByISBN(#1) -> ok [#1 (700 copies, 0 misses, pick)]"), text);
    }

    @Test
    void picture_ofAWindow_isWellFormedSvgWithOneRowPerWorkerAndTheFailingCallInRed() throws Exception {
        CheckResult result = check(longHistoryWithAStaleReadAtTheEnd());
        Path svg = dir.resolve("window" + WindowPicture.SUFFIX);

        WindowPicture.write(svg, result.violation(), "test");

        Document picture = WindowPictureTest.parse(Files.readString(svg));
        List<String> texts = WindowPictureTest.texts(picture);
        assertEquals(2, texts.stream().filter(t -> t.startsWith("worker ")).count(), texts.toString());
        int stale = result.violation().failing().iterator().next();
        assertEquals(List.of(WindowPicture.FAILING), WindowPictureTest.barColours(picture, stale));
    }

    @Test
    void check_linearizableHistory_reportIsOneLine() {
        String text = ViolationReport.text(check(store().book(1, 5).read(0, 1, 0, 10, 5, 0).build()));
        assertEquals(1, text.lines().count(), text);
        assertTrue(text.contains("linearizable: 1 calls"), text);
    }
}
