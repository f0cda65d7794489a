package com.acertainbookstore.workload.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResultFilesTest {

    private static List<String> names(Path dir) throws IOException {
        try (Stream<Path> listing = Files.list(dir)) {
            return listing.map(p -> p.getFileName().toString()).sorted().toList();
        }
    }

    @Test
    void clearIntervalLogs_oneModeAndLoad_deletesOnlyItsLogs(@TempDir Path dir) throws IOException {
        Path logs = Files.createDirectories(dir.resolve("intervals"));
        for (String name : List.of("local-SINGLE-threads1.hlog", "local-TWO_LEVEL-threads2.hlog",
                "local-open-SINGLE-rate500.hlog", "http-health-threads1.hlog", "http-SINGLE-threads1.hlog",
                "http-open-TWO_LEVEL-rate9.hlog", "local-SINGLE-notes.txt")) {
            Files.writeString(logs.resolve(name), "x");
        }

        ResultFiles.clearIntervalLogs(dir, Mode.LOCAL, Load.CLOSED);
        ResultFiles.clearIntervalLogs(dir, Mode.HTTP, Load.OPEN);

        assertEquals(List.of("http-SINGLE-threads1.hlog", "http-health-threads1.hlog", "local-SINGLE-notes.txt",
                "local-open-SINGLE-rate500.hlog"), names(logs));
        ResultFiles.clearIntervalLogs(dir, Mode.HTTP, Load.CLOSED);
        assertEquals(List.of("local-SINGLE-notes.txt", "local-open-SINGLE-rate500.hlog"), names(logs));
    }

    @Test
    void summaries_everyModeAndLoad_closedBeforeOpenLocalBeforeHttpThenOthers(@TempDir Path dir) throws IOException {
        for (String stem : List.of("zz", "http-open", "local-open", "http", "local")) {
            Files.writeString(dir.resolve(stem + ResultFiles.SUMMARY_SUFFIX), "");
        }
        Files.writeString(dir.resolve("local-runs.csv"), "");

        assertEquals(List.of("local-summary.csv", "http-summary.csv", "local-open-summary.csv",
                "http-open-summary.csv", "zz-summary.csv"), ResultFiles.summaries(dir).stream()
                        .map(p -> p.getFileName().toString()).toList());
        assertEquals(dir.resolve("http-open-intervals.csv"), ResultFiles.intervals(dir, Mode.HTTP, Load.OPEN));
    }
}
