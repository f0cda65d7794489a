package com.acertainbookstore.history;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The history file of {@link HistoryFile}, the same format, written and read with Jackson's
 * streaming API instead of our own JSON code: the candidate that {@code HistoryJsonSpeed} measures
 * against it. Stateless; safe to share.
 */
public final class JacksonHistoryFile {

    private static final JsonFactory JSON = new JsonFactoryBuilder().rootValueSeparator((String) null).build();

    private static final SerializableString ID = new SerializedString("id");
    private static final SerializableString WORKER = new SerializedString("worker");
    private static final SerializableString OP = new SerializedString("op");
    private static final SerializableString ISBNS = new SerializedString("isbns");
    private static final SerializableString COUNTS = new SerializedString("counts");
    private static final SerializableString BOOKS = new SerializedString("books");
    private static final SerializableString NUMBER = new SerializedString("number");
    private static final SerializableString START = new SerializedString("start");
    private static final SerializableString END = new SerializedString("end");
    private static final SerializableString OUTCOME = new SerializedString("outcome");
    private static final SerializableString RESULT = new SerializedString("result");
    private static final SerializableString MESSAGE = new SerializedString("message");
    private static final SerializableString ISBN = new SerializedString("isbn");
    private static final SerializableString TITLE = new SerializedString("title");
    private static final SerializableString AUTHOR = new SerializedString("author");
    private static final SerializableString PRICE = new SerializedString("price");
    private static final SerializableString COPIES = new SerializedString("copies");
    private static final SerializableString SALE_MISSES = new SerializedString("saleMisses");
    private static final SerializableString EDITOR_PICK = new SerializedString("editorPick");

    private JacksonHistoryFile() {
    }

    /** Writes {@code history} to {@code file} (replacing it), creating its directory. */
    public static void write(Path file, History history) throws IOException {
        try (Writer out = new Writer(file, history.description(), history.initial())) {
            for (HistoryCall call : history.calls()) {
                out.write(call);
            }
        }
    }

    /** Writes a history one call at a time. Not thread-safe: one writer per file. */
    public static final class Writer implements Closeable {

        private final JsonGenerator out;

        /** Creates {@code file} (replacing it, creating its directory) and writes the header. */
        public Writer(Path file, String description, List<BookView> initial) throws IOException {
            for (BookView book : initial) {
                if (!book.hasStock()) {
                    throw new IllegalArgumentException("initial book #" + book.isbn() + " needs its stock fields");
                }
            }
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            out = JSON.createGenerator(Files.newOutputStream(file), JsonEncoding.UTF8);
            out.writeStartObject();
            out.writeNumberField("history", HistoryFile.VERSION);
            out.writeStringField("description", description);
            out.writeStringField("clock", "ns");
            out.writeFieldName("initial");
            books(out, initial);
            out.writeEndObject();
            out.writeRaw('\n');
        }

        /** Writes one call's line. */
        public void write(HistoryCall call) throws IOException {
            JacksonHistoryFile.write(out, call);
            out.writeRaw('\n');
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** One call's line, without its newline. */
    static String line(HistoryCall call) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (JsonGenerator out = JSON.createGenerator(bytes, JsonEncoding.UTF8)) {
            write(out, call);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    private static void write(JsonGenerator out, HistoryCall call) throws IOException {
        out.writeStartObject();
        out.writeFieldName(ID);
        out.writeNumber(call.id());
        out.writeFieldName(WORKER);
        out.writeNumber(call.worker());
        out.writeFieldName(OP);
        out.writeString(call.method().label());
        switch (call.method()) {
            case BUY_BOOKS, ADD_COPIES -> {
                ints(out, ISBNS, call.isbns());
                ints(out, COUNTS, call.counts());
            }
            case GET_BOOKS_BY_ISBN -> ints(out, ISBNS, call.isbns());
            case ADD_BOOKS -> {
                out.writeFieldName(BOOKS);
                books(out, call.books());
            }
            case GET_EDITOR_PICKS -> {
                out.writeFieldName(NUMBER);
                out.writeNumber(call.number());
            }
            case GET_BOOKS -> { }
        }
        out.writeFieldName(START);
        out.writeNumber(call.startNs());
        out.writeFieldName(END);
        out.writeNumber(call.endNs());
        out.writeFieldName(OUTCOME);
        out.writeString(call.outcome().label());
        if (call.outcome() == Outcome.OK && !call.method().mutating()) {
            out.writeFieldName(RESULT);
            books(out, call.result());
        }
        if (!call.message().isEmpty()) {
            out.writeFieldName(MESSAGE);
            out.writeString(call.message());
        }
        out.writeEndObject();
    }

    private static void ints(JsonGenerator out, SerializableString name, int[] values) throws IOException {
        out.writeFieldName(name);
        out.writeArray(values, 0, values.length);
    }

    private static void books(JsonGenerator out, List<BookView> books) throws IOException {
        out.writeStartArray();
        for (BookView book : books) {
            out.writeStartObject();
            out.writeFieldName(ISBN);
            out.writeNumber(book.isbn());
            out.writeFieldName(TITLE);
            out.writeString(book.title());
            out.writeFieldName(AUTHOR);
            out.writeString(book.author());
            out.writeFieldName(PRICE);
            out.writeNumber(book.price());
            if (book.hasStock()) {
                out.writeFieldName(COPIES);
                out.writeNumber(book.copies());
                out.writeFieldName(SALE_MISSES);
                out.writeNumber(book.saleMisses());
                out.writeFieldName(EDITOR_PICK);
                out.writeBoolean(book.editorPick());
            }
            out.writeEndObject();
        }
        out.writeEndArray();
    }

    /**
     * Reads a history file; an {@link IllegalArgumentException} names the file, the line and what
     * is wrong with it.
     */
    public static History read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file); JsonParser json = JSON.createParser(in)) {
            return new Reader(file, json).history();
        }
    }

    /** One read's state: the parser, and the line of the object being read. */
    private static final class Reader {

        private final Path file;
        private final JsonParser json;
        private int line = 1;

        Reader(Path file, JsonParser json) {
            this.file = file;
            this.json = json;
        }

        History history() throws IOException {
            try {
                JsonToken first = json.nextToken();
                if (first == null) {
                    throw failure("the file is empty, expected a history header");
                }
                if (lineOf(json.currentTokenLocation()) != 1) {
                    throw failure("expected a history header");
                }
                startObject(first);
                Long version = null;
                String description = null;
                List<BookView> initial = null;
                for (String name = json.nextFieldName(); name != null; name = json.nextFieldName()) {
                    JsonToken value = json.nextToken();
                    switch (name) {
                        case "history" -> version = whole(value, name);
                        case "description" -> description = text(value, name);
                        case "initial" -> initial = books(value, name);
                        default -> json.skipChildren();
                    }
                }
                endOfLine();
                if (version == null) {
                    throw failure("member history must be a whole number, got nothing");
                }
                if (version != HistoryFile.VERSION) {
                    throw failure("history version " + version + " is not " + HistoryFile.VERSION);
                }
                if (description == null) {
                    throw failure("member description must be a string, got nothing");
                }
                if (initial == null) {
                    throw failure("member initial must be an array");
                }
                List<HistoryCall> calls = new ArrayList<>();
                int previous = line;
                for (JsonToken token = json.nextToken(); token != null; token = json.nextToken()) {
                    line = lineOf(json.currentTokenLocation());
                    if (line == previous) {
                        throw failure("text after the value");
                    }
                    startObject(token);
                    calls.add(call());
                    endOfLine();
                    previous = line;
                }
                return new History(description, initial, calls);
            } catch (JsonProcessingException e) {
                JsonLocation at = e.getLocation();
                int where = at == null ? line : lineOf(at);
                String column = at == null ? "" : "column " + at.getColumnNr() + ": ";
                throw new IllegalArgumentException(file + " line " + where + ": not JSON (" + column
                        + e.getOriginalMessage() + ")", e);
            }
        }

        private HistoryCall call() throws IOException {
            Method method = null;
            Outcome outcome = null;
            int id = 0;
            int worker = 0;
            long start = 0;
            long end = 0;
            int number = 0;
            int[] isbns = null;
            int[] counts = null;
            List<BookView> books = null;
            List<BookView> result = null;
            String message = "";
            int present = 0;
            try {
                for (String name = json.nextFieldName(); name != null; name = json.nextFieldName()) {
                    JsonToken value = json.nextToken();
                    switch (name) {
                        case "id" -> {
                            id = whole32(value, name);
                            present |= 1;
                        }
                        case "worker" -> {
                            worker = whole32(value, name);
                            present |= 2;
                        }
                        case "start" -> {
                            start = whole(value, name);
                            present |= 4;
                        }
                        case "end" -> {
                            end = whole(value, name);
                            present |= 8;
                        }
                        case "op" -> method = Method.parse(text(value, name));
                        case "outcome" -> outcome = Outcome.parse(text(value, name));
                        case "isbns" -> isbns = ints(value, name);
                        case "counts" -> counts = ints(value, name);
                        case "books" -> books = books(value, name);
                        case "result" -> result = books(value, name);
                        case "number" -> number = whole32(value, name);
                        case "message" -> message = text(value, name);
                        default -> json.skipChildren();
                    }
                }
                if (method == null) {
                    throw failure("member op must be a string, got nothing");
                }
                if (outcome == null) {
                    throw failure("member outcome must be a string, got nothing");
                }
                String[] required = {"id", "worker", "start", "end"};
                for (int i = 0; i < required.length; i++) {
                    if ((present & (1 << i)) == 0) {
                        throw failure("member " + required[i] + " must be a whole number, got nothing");
                    }
                }
                return new HistoryCall(id, worker, method, isbns, counts, books, number, start, end, outcome, result,
                        message);
            } catch (IllegalArgumentException e) {
                if (e.getMessage() != null && e.getMessage().startsWith(file.toString())) {
                    throw e;
                }
                throw failure(e.getMessage(), e);
            }
        }

        private void startObject(JsonToken token) {
            if (token != JsonToken.START_OBJECT) {
                throw failure("expected a JSON object");
            }
        }

        /** After an object's end: it must end on the line it started on. */
        private void endOfLine() {
            if (lineOf(json.currentTokenLocation()) != line) {
                throw failure("the object does not end on its line: one object per line");
            }
        }

        private long whole(JsonToken value, String member) throws IOException {
            if (value != JsonToken.VALUE_NUMBER_INT || json.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                throw failure("member " + member + " must be a whole number, got " + shown(value));
            }
            return json.getLongValue();
        }

        private int whole32(JsonToken value, String member) throws IOException {
            long whole = whole(value, member);
            if (whole != (int) whole) {
                throw failure("member " + member + " must be an int, got " + whole);
            }
            return (int) whole;
        }

        private String text(JsonToken value, String member) throws IOException {
            if (value != JsonToken.VALUE_STRING) {
                throw failure("member " + member + " must be a string, got " + shown(value));
            }
            return json.getText();
        }

        private int[] ints(JsonToken value, String member) throws IOException {
            if (value != JsonToken.START_ARRAY) {
                throw failure("member " + member + " must be an array");
            }
            int[] ints = new int[8];
            int n = 0;
            for (JsonToken item = json.nextToken(); item != JsonToken.END_ARRAY; item = json.nextToken()) {
                if (item != JsonToken.VALUE_NUMBER_INT || json.getNumberType() != JsonParser.NumberType.INT) {
                    throw failure(member + "[" + n + "] must be an int, got " + shown(item));
                }
                if (n == ints.length) {
                    ints = Arrays.copyOf(ints, n * 2);
                }
                ints[n++] = json.getIntValue();
            }
            return Arrays.copyOf(ints, n);
        }

        private List<BookView> books(JsonToken value, String member) throws IOException {
            if (value != JsonToken.START_ARRAY) {
                throw failure("member " + member + " must be an array");
            }
            List<BookView> books = new ArrayList<>();
            for (JsonToken item = json.nextToken(); item != JsonToken.END_ARRAY; item = json.nextToken()) {
                if (item != JsonToken.START_OBJECT) {
                    throw failure(member + " must hold objects");
                }
                books.add(book());
            }
            return books;
        }

        private BookView book() throws IOException {
            int isbn = 0;
            String title = null;
            String author = null;
            float price = 0;
            boolean priced = false;
            int copies = 0;
            long saleMisses = 0;
            Boolean pick = null;
            int present = 0;
            for (String name = json.nextFieldName(); name != null; name = json.nextFieldName()) {
                JsonToken value = json.nextToken();
                switch (name) {
                    case "isbn" -> {
                        isbn = whole32(value, name);
                        present |= 1;
                    }
                    case "title" -> title = text(value, name);
                    case "author" -> author = text(value, name);
                    case "price" -> {
                        if (value != JsonToken.VALUE_NUMBER_INT && value != JsonToken.VALUE_NUMBER_FLOAT) {
                            throw failure("a book's price must be a number");
                        }
                        price = json.getFloatValue();
                        priced = true;
                    }
                    case "copies" -> {
                        copies = whole32(value, name);
                        present |= 2;
                    }
                    case "saleMisses" -> {
                        saleMisses = whole(value, name);
                        present |= 4;
                    }
                    case "editorPick" -> {
                        if (value != JsonToken.VALUE_TRUE && value != JsonToken.VALUE_FALSE) {
                            throw failure("member editorPick must be true or false, got " + shown(value));
                        }
                        pick = value == JsonToken.VALUE_TRUE;
                    }
                    default -> json.skipChildren();
                }
            }
            if (!priced) {
                throw failure("a book's price must be a number");
            }
            if ((present & 1) == 0) {
                throw failure("member isbn must be a whole number, got nothing");
            }
            if (title == null) {
                throw failure("member title must be a string, got nothing");
            }
            if (author == null) {
                throw failure("member author must be a string, got nothing");
            }
            if ((present & 2) == 0) {
                return BookView.plain(isbn, title, author, price);
            }
            if (pick == null) {
                throw failure("book #" + isbn + " needs editorPick true or false");
            }
            if ((present & 4) == 0) {
                throw failure("member saleMisses must be a whole number, got nothing");
            }
            return BookView.stock(isbn, title, author, price, copies, saleMisses, pick);
        }

        private String shown(JsonToken value) throws IOException {
            return switch (value) {
                case START_OBJECT -> "an object";
                case START_ARRAY -> "an array";
                case VALUE_STRING -> "\"" + json.getText() + "\"";
                default -> json.getText();
            };
        }

        private IllegalArgumentException failure(String problem) {
            return failure(problem, null);
        }

        private IllegalArgumentException failure(String problem, Throwable cause) {
            return new IllegalArgumentException(file + " line " + line + ": " + problem, cause);
        }

        private static int lineOf(JsonLocation location) {
            return location.getLineNr();
        }
    }
}
