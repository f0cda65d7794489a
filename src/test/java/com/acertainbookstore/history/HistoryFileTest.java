package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.plain;
import static com.acertainbookstore.history.Histories.stock;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HistoryFileTest {

    private static final String HEADER = "{\"history\":1,\"description\":\"d\",\"clock\":\"ns\",\"initial\":[]}";
    private static final String CALL = "{\"id\":0,\"worker\":0,\"op\":\"buyBooks\",\"isbns\":[1],\"counts\":[1],"
            + "\"start\":0,\"end\":1,\"outcome\":\"refused\"}";

    @TempDir
    Path dir;

    @Test
    void writeThenRead_everyMethodAndOutcome_comesBackTheSame() throws Exception {
        History history = store().book(1, 5).book(2, 3).buy(0, 1, 0, 10, Outcome.OK).buy(1, 2, 5, 15, Outcome.REFUSED)
                .add(2, 1, 3, 7, 20, Outcome.UNKNOWN).add(0, 2, 1, 21, 22, Outcome.FAILED).read(1, 1, 30, 40, 7, 0)
                .readAll(2, 41, 50, List.of(stock(1, 7, 0, true), stock(2, 4, 1, false)))
                .addBook(0, 4, 9, 51, 60, Outcome.OK).picks(1, 3, 61, 70, List.of(plain(2), plain(4)))
                .readRefused(2, 9, 71, 80).build();
        Path file = dir.resolve("h.jsonl");

        HistoryFile.write(file, history);
        History read = HistoryFile.read(file);

        assertEquals(history.description(), read.description());
        assertEquals(history.initial(), read.initial());
        assertEquals(history.calls().size(), read.calls().size());
        for (int i = 0; i < history.calls().size(); i++) {
            HistoryCall expected = history.calls().get(i);
            HistoryCall actual = read.calls().get(i);
            assertEquals(HistoryFile.line(expected), HistoryFile.line(actual));
            assertArrayEquals(expected.isbns(), actual.isbns());
            assertEquals(expected.result(), actual.result());
            assertEquals(expected.books(), actual.books());
        }
        assertEquals(Histories.check(history).verdict(), Histories.check(read).verdict());
        assertEquals(history.calls().size() + 1, Files.readAllLines(file).size());
    }

    @Test
    void writeThenRead_removalAndRatedBooks_comeBackTheSame() throws Exception {
        BookView rated = Histories.stock(1, 5, 1L << 40, true).rated(3, 14);
        History history = store().call(0, Method.REMOVE_BOOKS, new int[] {1}, null, List.of(), 0, 0, 10, Outcome.OK,
                List.of()).call(1, Method.ADD_BOOKS, null, null, List.of(rated), 0, 20, 30, Outcome.OK, List.of())
                .build();
        History withRated = new History("d", List.of(rated), history.calls());
        Path file = dir.resolve("rated.jsonl");

        HistoryFile.write(file, withRated);
        History read = HistoryFile.read(file);

        assertEquals(withRated.initial(), read.initial());
        assertEquals(List.of(rated), read.calls().get(1).books());
        assertEquals(Method.REMOVE_BOOKS, read.calls().get(0).method());
        assertArrayEquals(new int[] {1}, read.calls().get(0).isbns());
        assertTrue(Files.readAllLines(file).get(0).contains("\"timesRated\":3,\"totalRating\":14"));
    }

    @Test
    void read_titleWithQuotesAndNewline_comesBackTheSame() throws Exception {
        BookView odd = BookView.stock(1, "a \"quoted\"\ntitle\\", "auteur é", 9.5f, 2, 0, true);
        History history = new History("d", List.of(odd), List.of());
        Path file = dir.resolve("odd.jsonl");
        HistoryFile.write(file, history);
        assertEquals(List.of(odd), HistoryFile.read(file).initial());
    }

    @Test
    void read_malformedLine_namesTheFileAndLine() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"history\":1,\"description\":\"d\",\"clock\":\"ns\",\"initial\":[]}\n"
                + "{\"id\":0,\"worker\":0,\"op\":\"buyBooks\",\"isbns\":[1],\"counts\":[1],\"start\":0,\"end\":1,"
                + "\"outcome\":\"maybe\"}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistoryFile.read(file));
        assertEquals(file + " line 2: outcome 'maybe' is not one of ok, refused, failed, unknown", e.getMessage());
    }

    @Test
    void read_notJson_namesTheLineAndColumn() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, "{\"history\":1,\"description\":\"d\",\"initial\":[]}\n{\"id\":0,}\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistoryFile.read(file));
        assertEquals(file + " line 2: not JSON (column 9: Unexpected character ('}' (code 125)): was expecting"
                + " double-quote to start field name)", e.getMessage());
    }

    @Test
    void read_fileWithEscapesBlankLinesAndIntegerPrice_readsAsWritten() throws Exception {
        Path file = dir.resolve("escapes.jsonl");
        Files.writeString(file, HEADER.replace("\"d\"", "\"a\\/b\\u00e9\\u001f\\\"\"") + "\n\n"
                + "{\"id\":0,\"worker\":1,\"op\":\"getEditorPicks\",\"number\":1,\"start\":2,\"end\":3,"
                + "\"outcome\":\"ok\",\"result\":[{\"isbn\":1,\"title\":\"t\",\"author\":\"a\",\"price\":10}],"
                + "\"extra\":{\"ignored\":[1]}}\n");
        History history = HistoryFile.read(file);
        assertEquals("a/b\u00e9\u001f\"", history.description());
        assertEquals(List.of(BookView.plain(1, "t", "a", 10f)), history.calls().get(0).result());
    }

    @Test
    void read_versionOneOrTwo_readsAndANewerOneIsRefusedNamingIt() throws Exception {
        Path file = dir.resolve("versions.jsonl");
        for (String version : List.of("1", "2")) {
            Files.writeString(file, HEADER.replace("\"history\":1", "\"history\":" + version) + "\n" + CALL + "\n");
            assertEquals(1, HistoryFile.read(file).calls().size(), "version " + version);
        }
        Files.writeString(file, HEADER.replace("\"history\":1", "\"history\":3") + "\n" + CALL + "\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistoryFile.read(file));
        assertTrue(e.getMessage().contains("history version 3 is not one of 1..2"), e.getMessage());
    }

    @Test
    void read_twoObjectsOnOneLine_isRefused() throws Exception {
        assertRefused(CALL + " " + CALL, "line 2: text after the value");
    }

    @Test
    void read_objectAcrossTwoLines_isRefused() throws Exception {
        assertRefused(CALL.replace(",\"end\"", ",\n\"end\""), "line 2: the object ends on line 3: one object per line");
    }

    @Test
    void read_memberOfTheWrongType_namesTheMemberAndValue() throws Exception {
        assertRefused(CALL.replace("\"start\":0", "\"start\":\"0\""), "line 2: member start must be a whole number,"
                + " got \"0\"");
    }

    @Test
    void read_missingMember_namesIt() throws Exception {
        assertRefused(CALL.replace(",\"end\":1", ""), "line 2: member end must be a whole number, got nothing");
    }

    @Test
    void read_truncatedLastLine_namesTheLine() throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, HEADER + "\n" + CALL + "\n" + CALL.substring(0, 20));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistoryFile.read(file));
        assertTrue(e.getMessage().startsWith(file + " line 3: not JSON (column 21: Unexpected end-of-input"),
                e.getMessage());
    }

    private void assertRefused(String secondLine, String problem) throws Exception {
        Path file = dir.resolve("bad.jsonl");
        Files.writeString(file, HEADER + "\n" + secondLine + "\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> HistoryFile.read(file));
        assertEquals(file + " " + problem, e.getMessage());
    }
}
