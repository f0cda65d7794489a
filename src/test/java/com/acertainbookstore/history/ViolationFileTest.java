package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.check;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ViolationFileTest {

    @TempDir
    Path dir;

    /** A buy, then a read that misses it, and a refused buy alongside. */
    private static Violation staleRead() {
        CheckResult result = check(store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).buy(2, 1, 5, 40, Outcome.REFUSED)
                .read(1, 1, 20, 30, 5, 0).build());
        assertEquals(Verdict.VIOLATION, result.verdict(), ViolationReport.text(result));
        return result.violation();
    }

    @Test
    void writeThenRead_violation_comesBackEqual() throws Exception {
        Violation violation = staleRead();
        Path file = dir.resolve("h" + ViolationFile.SUFFIX);

        ViolationFile.write(file, "local SINGLE at 3 threads, \"repetition\" 1", violation);
        ViolationFile.Saved saved = ViolationFile.read(file);

        assertEquals("local SINGLE at 3 threads, \"repetition\" 1", saved.description());
        Violation read = saved.violation();
        assertEquals(violation.part(), read.part());
        assertEquals(violation.failing(), read.failing());
        assertEquals(violation.cutShort(), read.cutShort());
        assertEquals(violation.statesBefore(), read.statesBefore());
        assertEquals(violation.partCalls(), read.partCalls());
        assertEquals(violation.window().stream().map(HistoryCall::describe).toList(),
                read.window().stream().map(HistoryCall::describe).toList());
        assertEquals(1 + violation.window().size(), Files.readAllLines(file).size(), "a header, then a call a line");
    }

    @Test
    void read_handEditedFiles_failNamingTheFileAndLine() throws Exception {
        Path file = dir.resolve("h" + ViolationFile.SUFFIX);
        ViolationFile.write(file, "d", staleRead());
        List<String> lines = Files.readAllLines(file);

        List<String> brokenCall = new ArrayList<>(lines);
        brokenCall.set(2, brokenCall.get(2).replace("\"worker\":", "\"worker\":\"x\",\"w\":"));
        Files.write(file, brokenCall);
        assertEquals(file + " line 3: member worker must be an int, got \"x\"", assertThrows(
                IllegalArgumentException.class, () -> ViolationFile.read(file)).getMessage());

        List<String> foreignId = new ArrayList<>(lines);
        foreignId.set(0, foreignId.get(0).replaceFirst("\"failing\":\\[\\d+]", "\"failing\":[99]"));
        Files.write(file, foreignId);
        assertEquals(file + " line 1: call 99 is marked but is not a call of the window", assertThrows(
                IllegalArgumentException.class, () -> ViolationFile.read(file)).getMessage());

        Files.write(file, List.of(lines.get(0).replace("\"violation\":1", "\"violation\":7")));
        assertEquals(file + " line 1: violation version 7 is not 1", assertThrows(IllegalArgumentException.class,
                () -> ViolationFile.read(file)).getMessage());

        Files.writeString(file, lines.get(0).substring(0, 30));
        String truncated = assertThrows(IllegalArgumentException.class, () -> ViolationFile.read(file)).getMessage();
        assertTrue(truncated.startsWith(file + " line 1: not JSON"), truncated);
    }
}
