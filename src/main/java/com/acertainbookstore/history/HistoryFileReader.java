package com.acertainbookstore.history;

import static com.acertainbookstore.history.HistoryFile.AUTHOR;
import static com.acertainbookstore.history.HistoryFile.BOOKS;
import static com.acertainbookstore.history.HistoryFile.COPIES;
import static com.acertainbookstore.history.HistoryFile.COUNTS;
import static com.acertainbookstore.history.HistoryFile.DESCRIPTION;
import static com.acertainbookstore.history.HistoryFile.EDITOR_PICK;
import static com.acertainbookstore.history.HistoryFile.END;
import static com.acertainbookstore.history.HistoryFile.HISTORY;
import static com.acertainbookstore.history.HistoryFile.ID;
import static com.acertainbookstore.history.HistoryFile.INITIAL;
import static com.acertainbookstore.history.HistoryFile.ISBN;
import static com.acertainbookstore.history.HistoryFile.ISBNS;
import static com.acertainbookstore.history.HistoryFile.MESSAGE;
import static com.acertainbookstore.history.HistoryFile.NUMBER;
import static com.acertainbookstore.history.HistoryFile.OP;
import static com.acertainbookstore.history.HistoryFile.OUTCOME;
import static com.acertainbookstore.history.HistoryFile.PRICE;
import static com.acertainbookstore.history.HistoryFile.RESULT;
import static com.acertainbookstore.history.HistoryFile.SALE_MISSES;
import static com.acertainbookstore.history.HistoryFile.START;
import static com.acertainbookstore.history.HistoryFile.TIMES_RATED;
import static com.acertainbookstore.history.HistoryFile.TITLE;
import static com.acertainbookstore.history.HistoryFile.TOTAL_RATING;
import static com.acertainbookstore.history.HistoryFile.WORKER;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads one history file through one Jackson parser, token by token, straight into typed values
 * (no tree of maps in between). Holds the rules of the format that JSON alone does not: the header
 * on line 1, one object per line, each member of the right type, the required ones present. Every
 * error is an {@link IllegalArgumentException} naming the file and the line (and for malformed
 * JSON the column). One instance per read; not thread-safe.
 */
final class HistoryFileReader {

    private final Path file;
    private final JsonParser json;
    /** The line of the object being read. */
    private int line = 1;

    HistoryFileReader(Path file, JsonParser json) {
        this.file = file;
        this.json = json;
    }

    /** Hands each member of a header to the reading of its file; answers whether it knew the member. */
    @FunctionalInterface
    interface HeaderMember {
        /** Reads {@code value}, the first token of member {@code name}; false to skip a member it does not know. */
        boolean read(String name, JsonToken value) throws IOException;
    }

    History history() throws IOException {
        try {
            HistoryHeader header = new HistoryHeader();
            header("a history header", header);
            if (header.version == null || header.version < 1 || header.version > HistoryFile.VERSION) {
                throw failure("history version " + header.version + " is not one of 1.." + HistoryFile.VERSION);
            }
            return new History(required(header.description, DESCRIPTION, "a string"),
                    required(header.initial, INITIAL, "an array"), calls());
        } catch (JsonProcessingException e) {
            throw notJson(e);
        }
    }

    /** The members of a history's header, as read. */
    private final class HistoryHeader implements HeaderMember {

        private Long version;
        private String description;
        private List<BookView> initial;

        @Override
        public boolean read(String name, JsonToken value) throws IOException {
            switch (name) {
                case HISTORY -> version = whole(value, name);
                case DESCRIPTION -> description = text(value, name);
                case INITIAL -> initial = books(value, name);
                default -> {
                    return false;
                }
            }
            return true;
        }
    }

    /**
     * Reads the header, the object on line 1, handing each member to {@code members} (a member
     * they do not know is skipped); {@code expected} names it in messages ({@code a history header}).
     */
    void header(String expected, HeaderMember members) throws IOException {
        JsonToken first = json.nextToken();
        if (first == null) {
            throw failure("the file is empty, expected " + expected);
        }
        if (lineOf(json.currentTokenLocation()) != 1) {
            throw failure("expected " + expected);
        }
        startObject(first);
        for (String name = json.nextFieldName(); name != null; name = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            if (!members.read(name, value)) {
                json.skipChildren();
            }
        }
        endsOnItsLine();
    }

    /** Reads every line after the header: one call each. */
    List<HistoryCall> calls() throws IOException {
        List<HistoryCall> calls = new ArrayList<>();
        int previous = line;
        for (JsonToken token = json.nextToken(); token != null; token = json.nextToken()) {
            line = lineOf(json.currentTokenLocation());
            if (line == previous) {
                throw failure("text after the value");
            }
            startObject(token);
            calls.add(call());
            endsOnItsLine();
            previous = line;
        }
        return calls;
    }

    /** Jackson's syntax error as this file's: the file, the line and the column. */
    IllegalArgumentException notJson(JsonProcessingException e) {
        JsonLocation at = e.getLocation();
        String where = at == null ? "line " + line + ": not JSON (" : "line " + lineOf(at) + ": not JSON (column "
                + at.getColumnNr() + ": ";
        return new IllegalArgumentException(file + " " + where + e.getOriginalMessage() + ")", e);
    }

    private HistoryCall call() throws IOException {
        Integer id = null;
        Integer worker = null;
        Method method = null;
        int[] isbns = null;
        int[] counts = null;
        List<BookView> books = null;
        int number = 0;
        Long start = null;
        Long end = null;
        Outcome outcome = null;
        List<BookView> result = null;
        String message = "";
        try {
            for (String name = json.nextFieldName(); name != null; name = json.nextFieldName()) {
                JsonToken value = json.nextToken();
                switch (name) {
                    case ID -> id = int32(value, name);
                    case WORKER -> worker = int32(value, name);
                    case OP -> method = Method.parse(text(value, name));
                    case ISBNS -> isbns = ints(value, name);
                    case COUNTS -> counts = ints(value, name);
                    case BOOKS -> books = books(value, name);
                    case NUMBER -> number = int32(value, name);
                    case START -> start = whole(value, name);
                    case END -> end = whole(value, name);
                    case OUTCOME -> outcome = Outcome.parse(text(value, name));
                    case RESULT -> result = books(value, name);
                    case MESSAGE -> message = text(value, name);
                    default -> json.skipChildren();
                }
            }
            return new HistoryCall(required(id, ID, "a whole number"), required(worker, WORKER, "a whole number"),
                    required(method, OP, "a string"), isbns, counts, books, number,
                    required(start, START, "a whole number"), required(end, END, "a whole number"),
                    required(outcome, OUTCOME, "a string"), result, message);
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(file.toString())) {
                throw e;
            }
            throw new IllegalArgumentException(file + " line " + line + ": " + e.getMessage(), e);
        }
    }

    List<BookView> books(JsonToken value, String member) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw failure("member " + member + " must be an array, got " + shown(value));
        }
        List<BookView> books = new ArrayList<>();
        for (JsonToken item = json.nextToken(); item != JsonToken.END_ARRAY; item = json.nextToken()) {
            if (item != JsonToken.START_OBJECT) {
                throw failure(member + " must hold objects, got " + shown(item));
            }
            books.add(book());
        }
        return books;
    }

    private BookView book() throws IOException {
        Integer isbn = null;
        String title = null;
        String author = null;
        Float price = null;
        Integer copies = null;
        Long saleMisses = null;
        Boolean editorPick = null;
        long timesRated = 0;
        long totalRating = 0;
        for (String name = json.nextFieldName(); name != null; name = json.nextFieldName()) {
            JsonToken value = json.nextToken();
            switch (name) {
                case ISBN -> isbn = int32(value, name);
                case TITLE -> title = text(value, name);
                case AUTHOR -> author = text(value, name);
                case PRICE -> {
                    if (value != JsonToken.VALUE_NUMBER_INT && value != JsonToken.VALUE_NUMBER_FLOAT) {
                        throw failure("a book's price must be a number, got " + shown(value));
                    }
                    price = json.getFloatValue();
                }
                case COPIES -> copies = int32(value, name);
                case SALE_MISSES -> saleMisses = whole(value, name);
                case TIMES_RATED -> timesRated = whole(value, name);
                case TOTAL_RATING -> totalRating = whole(value, name);
                case EDITOR_PICK -> {
                    if (value != JsonToken.VALUE_TRUE && value != JsonToken.VALUE_FALSE) {
                        throw failure("member " + name + " must be true or false, got " + shown(value));
                    }
                    editorPick = value == JsonToken.VALUE_TRUE;
                }
                default -> json.skipChildren();
            }
        }
        int number = required(isbn, ISBN, "a whole number");
        if (price == null) {
            throw failure("a book's price must be a number, got nothing");
        }
        if (copies == null) {
            return BookView.plain(number, required(title, TITLE, "a string"), required(author, AUTHOR, "a string"),
                    price);
        }
        if (editorPick == null) {
            throw failure("book #" + number + " needs editorPick true or false");
        }
        return BookView.stock(number, required(title, TITLE, "a string"), required(author, AUTHOR, "a string"), price,
                copies, required(saleMisses, SALE_MISSES, "a whole number"), editorPick).rated(timesRated, totalRating);
    }

    int[] ints(JsonToken value, String member) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw failure("member " + member + " must be an array, got " + shown(value));
        }
        int[] ints = new int[8];
        int n = 0;
        for (JsonToken item = json.nextToken(); item != JsonToken.END_ARRAY; item = json.nextToken()) {
            if (item != JsonToken.VALUE_NUMBER_INT || json.getNumberType() != JsonParser.NumberType.INT) {
                throw failure(member + "[" + n + "] must be an int, got " + shown(item));
            }
            if (n == ints.length) {
                ints = Arrays.copyOf(ints, 2 * n);
            }
            ints[n++] = json.getIntValue();
        }
        return Arrays.copyOf(ints, n);
    }

    /** An array of strings. */
    List<String> texts(JsonToken value, String member) throws IOException {
        if (value != JsonToken.START_ARRAY) {
            throw failure("member " + member + " must be an array, got " + shown(value));
        }
        List<String> texts = new ArrayList<>();
        for (JsonToken item = json.nextToken(); item != JsonToken.END_ARRAY; item = json.nextToken()) {
            texts.add(text(item, member + "[" + texts.size() + "]"));
        }
        return texts;
    }

    long whole(JsonToken value, String member) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT || json.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            throw failure("member " + member + " must be a whole number, got " + shown(value));
        }
        return json.getLongValue();
    }

    int int32(JsonToken value, String member) throws IOException {
        if (value != JsonToken.VALUE_NUMBER_INT || json.getNumberType() != JsonParser.NumberType.INT) {
            throw failure("member " + member + " must be an int, got " + shown(value));
        }
        return json.getIntValue();
    }

    String text(JsonToken value, String member) throws IOException {
        if (value != JsonToken.VALUE_STRING) {
            throw failure("member " + member + " must be a string, got " + shown(value));
        }
        return json.getText();
    }

    <T> T required(T value, String member, String what) {
        if (value == null) {
            throw failure("member " + member + " must be " + what + ", got nothing");
        }
        return value;
    }

    private void startObject(JsonToken token) throws IOException {
        if (token != JsonToken.START_OBJECT) {
            throw failure("expected a JSON object, got " + shown(token));
        }
    }

    /** After an object's end: it must have ended on the line it started on. */
    private void endsOnItsLine() {
        int endLine = lineOf(json.currentTokenLocation());
        if (endLine != line) {
            throw failure("the object ends on line " + endLine + ": one object per line");
        }
    }

    private String shown(JsonToken value) throws IOException {
        return switch (value) {
            case START_OBJECT -> "an object";
            case START_ARRAY -> "an array";
            case VALUE_STRING -> "\"" + json.getText() + "\"";
            default -> json.getText();
        };
    }

    IllegalArgumentException failure(String problem) {
        return new IllegalArgumentException(file + " line " + line + ": " + problem);
    }

    private static int lineOf(JsonLocation location) {
        return location.getLineNr();
    }
}
