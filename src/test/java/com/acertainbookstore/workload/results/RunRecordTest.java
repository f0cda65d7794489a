package com.acertainbookstore.workload.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunRecordTest {

    private static final RunRecord RECORD = new RunRecord("2026-01-02T03:04:05Z", "2026-01-02T03:07:05Z",
            "FAILED: ISBN 7: a\nb", "java -Dworkload.x=1", List.of(new RunRecord.ChangedSetting("workload.threads",
                    "1,8", "1,2,5"), new RunRecord.ChangedSetting("workload.fault", "kill-leader@4", "")), 2, 4096,
            "Linux", "OpenJDK 17", "", "0123abcd", "modified");

    @Test
    void read_whatWriteWrote_givesTheSameRecordWithLineBreaksAsSpaces(@TempDir Path dir) {
        RECORD.write(dir);

        RunRecord read = RunRecord.read(dir);

        assertEquals(new RunRecord(RECORD.startedAt(), RECORD.endedAt(), "FAILED: ISBN 7: a b", RECORD.commandLine(),
                RECORD.settings(), 2, 4096, "Linux", "OpenJDK 17", "", "0123abcd", "modified"), read);
    }

    @Test
    void read_noFile_givesNull(@TempDir Path dir) {
        assertNull(RunRecord.read(dir));
    }

    @Test
    void read_handEditedLines_nameTheFileAndLine(@TempDir Path dir) throws IOException {
        Path file = RECORD.write(dir);
        List<String> lines = Files.readAllLines(file);

        Files.write(file, replace(lines, 2, "this line has no equals sign"));
        assertEquals(file + ":3: 'this line has no equals sign' is not of the form key=value",
                assertThrows(ResultsFormatException.class, () -> RunRecord.read(dir)).getMessage());

        Files.write(file, replace(lines, 5, "cores=two"));
        assertEquals(file + ":6: cores 'two' is not a whole number from 0 to 2147483647",
                assertThrows(ResultsFormatException.class, () -> RunRecord.read(dir)).getMessage());

        Files.write(file, replace(lines, 1, "colour=blue"));
        assertEquals(file + ":2: unknown key 'colour' (known: [startedAt, endedAt, outcome, commandLine, cores,"
                + " memoryMb, os, jvm, jvmOptions, commit, treeClean], setting.<setting>, default.<setting>)",
                assertThrows(ResultsFormatException.class, () -> RunRecord.read(dir)).getMessage());
    }

    @Test
    void read_missingKeyOrDefault_saysWhich(@TempDir Path dir) throws IOException {
        Path file = RECORD.write(dir);
        List<String> lines = Files.readAllLines(file);

        Files.write(file, lines.stream().filter(l -> !l.startsWith("commit=")).toList());
        assertEquals(file + ": key 'commit' is missing",
                assertThrows(ResultsFormatException.class, () -> RunRecord.read(dir)).getMessage());

        Files.write(file, lines.stream().filter(l -> !l.startsWith("default.workload.threads=")).toList());
        assertEquals(file + ":13: setting 'workload.threads' has no line default.workload.threads",
                assertThrows(ResultsFormatException.class, () -> RunRecord.read(dir)).getMessage());
    }

    private static List<String> replace(List<String> lines, int index, String line) {
        List<String> copy = new ArrayList<>(lines);
        copy.set(index, line);
        return copy;
    }
}
