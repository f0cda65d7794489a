package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.check;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CheckMainTest {

    @TempDir
    Path dir;

    @Test
    void main_linearizableFile_returnsNormally() throws Exception {
        Path file = dir.resolve("good.jsonl");
        HistoryFile.write(file, store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).read(1, 1, 20, 30, 4, 0).build());
        CheckMain.main(new String[] {"--seconds", "5", file.toString()});
        assertTrue(Files.notExists(dir.resolve("good.jsonl.violation.svg")));
    }

    @Test
    void main_violatingFile_throwsAndDrawsTheWindow() throws Exception {
        Path good = dir.resolve("good.jsonl");
        Path bad = dir.resolve("bad.jsonl");
        HistoryFile.write(good, store().book(1, 5).read(1, 1, 20, 30, 5, 0).build());
        HistoryFile.write(bad, store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).read(1, 1, 20, 30, 5, 0).build());

        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> CheckMain.main(new String[] {good.toString(), bad.toString()}));

        assertTrue(e.getMessage().startsWith("1 of 2 histories"), e.getMessage());
        assertTrue(Files.size(dir.resolve("bad.jsonl.violation.svg")) > 0);
    }

    @Test
    void main_historyDirectoryWithASavedWindow_checksTheHistoriesAndSkipsTheWindow() throws Exception {
        Path good = dir.resolve("good.jsonl");
        HistoryFile.write(good, store().book(1, 5).read(1, 1, 20, 30, 5, 0).build());
        Path window = dir.resolve("old" + ViolationFile.SUFFIX);
        ViolationFile.write(window, "old", check(store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK)
                .read(1, 1, 20, 30, 5, 0).build()).violation());

        CheckMain.main(new String[] {good.toString(), window.toString()});
    }

    @Test
    void main_noFile_isRefusedWithTheUsage() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CheckMain.main(new String[] {"--seconds", "3"}));
        assertTrue(e.getMessage().startsWith("usage: CheckMain"), e.getMessage());
    }
}
