package com.acertainbookstore.history;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.Operation;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A history as a JSON Lines file: one JSON object per line, UTF-8. The first line is the header,
 * every other line one call, in the order recorded (the checker orders them by time itself):
 *
 * <pre>
 * {"history":1,"description":"local SINGLE at 4 threads, repetition 1","clock":"ns",
 *  "initial":[{"isbn":1,"title":"bookTitle 1","author":"author 1","price":10.0,"copies":100,"saleMisses":0,
 *              "editorPick":true}, ...]}
 * {"id":0,"worker":2,"op":"buyBooks","isbns":[3],"counts":[1],"start":15200,"end":18750,"outcome":"ok"}
 * {"id":1,"worker":0,"op":"getBooksByISBN","isbns":[3],"start":15900,"end":21030,"outcome":"ok",
 *  "result":[{"isbn":3,"title":"bookTitle 3","author":"author 3","price":10.0,"copies":99,"saleMisses":0,
 *             "editorPick":true}]}
 * {"id":2,"worker":1,"op":"buyBooks","isbns":[3],"counts":[1],"start":16000,"end":30000,"outcome":"refused",
 *  "message":"ISBN 3: 1 copies requested, 0 available"}
 * </pre>
 *
 * A call's members: {@code id}, {@code worker}, {@code op} ({@link Method#label()}), {@code isbns}
 * and {@code counts} where the method takes them, {@code number} (getEditorPicks), {@code books}
 * (addBooks), {@code start} and {@code end} (nanoseconds from the history's origin, one monotonic
 * clock), {@code outcome} ({@link Outcome#label()}), {@code result} (a read that returned) and
 * {@code message} (a refusal or failure). A book has {@code isbn}, {@code title}, {@code author},
 * {@code price}, and its stock fields {@code copies}, {@code saleMisses}, {@code editorPick} unless
 * it is a plain book (getEditorPicks). Written and read with Jackson's streaming API, one parser
 * over the whole file, turned into typed values as it reads (docs/decisions/history-json.md).
 * Stateless; safe to share.
 */
public final class HistoryFile {

    /**
     * The format's version, the header's {@code history} member: 2 since a file may hold
     * {@code removeBooks} calls and books' ratings. A version-1 file (neither) reads the same.
     */
    public static final int VERSION = 2;

    /** Root values (the lines) without a separator: each line ends with the newline written after it. */
    private static final JsonFactory JSON = new JsonFactoryBuilder().rootValueSeparator((String) null).build();

    /** The members' names, shared with {@link HistoryFileReader}: the header's, ... */
    static final String HISTORY = "history";
    static final String DESCRIPTION = "description";
    static final String CLOCK = "clock";
    static final String INITIAL = "initial";
    /** ... a call's ... */
    static final String ID = "id";
    static final String WORKER = "worker";
    static final String OP = "op";
    static final String ISBNS = "isbns";
    static final String COUNTS = "counts";
    static final String BOOKS = "books";
    static final String NUMBER = "number";
    static final String START = "start";
    static final String END = "end";
    static final String OUTCOME = "outcome";
    static final String RESULT = "result";
    static final String MESSAGE = "message";
    /** ... and a book's. */
    static final String ISBN = "isbn";
    static final String TITLE = "title";
    static final String AUTHOR = "author";
    static final String PRICE = "price";
    static final String COPIES = "copies";
    static final String SALE_MISSES = "saleMisses";
    static final String EDITOR_PICK = "editorPick";
    static final String TIMES_RATED = "timesRated";
    static final String TOTAL_RATING = "totalRating";

    /** The same names encoded once for the generator. */
    private static final SerializableString ID_NAME = new SerializedString(ID);
    private static final SerializableString WORKER_NAME = new SerializedString(WORKER);
    private static final SerializableString OP_NAME = new SerializedString(OP);
    private static final SerializableString ISBNS_NAME = new SerializedString(ISBNS);
    private static final SerializableString COUNTS_NAME = new SerializedString(COUNTS);
    private static final SerializableString BOOKS_NAME = new SerializedString(BOOKS);
    private static final SerializableString NUMBER_NAME = new SerializedString(NUMBER);
    private static final SerializableString START_NAME = new SerializedString(START);
    private static final SerializableString END_NAME = new SerializedString(END);
    private static final SerializableString OUTCOME_NAME = new SerializedString(OUTCOME);
    private static final SerializableString RESULT_NAME = new SerializedString(RESULT);
    private static final SerializableString MESSAGE_NAME = new SerializedString(MESSAGE);
    private static final SerializableString ISBN_NAME = new SerializedString(ISBN);
    private static final SerializableString TITLE_NAME = new SerializedString(TITLE);
    private static final SerializableString AUTHOR_NAME = new SerializedString(AUTHOR);
    private static final SerializableString PRICE_NAME = new SerializedString(PRICE);
    private static final SerializableString COPIES_NAME = new SerializedString(COPIES);
    private static final SerializableString SALE_MISSES_NAME = new SerializedString(SALE_MISSES);
    private static final SerializableString EDITOR_PICK_NAME = new SerializedString(EDITOR_PICK);
    private static final SerializableString TIMES_RATED_NAME = new SerializedString(TIMES_RATED);
    private static final SerializableString TOTAL_RATING_NAME = new SerializedString(TOTAL_RATING);

    private HistoryFile() {
    }

    /** Writes {@code history} to {@code file} (replacing it), creating its directory. */
    public static void write(Path file, History history) throws IOException {
        try (Writer out = new Writer(file, history.description(), history.initial())) {
            for (HistoryCall call : history.calls()) {
                out.write(call);
            }
        }
    }

    /**
     * Writes a history one call at a time, so that a long one need not be held in memory whole:
     * the header when opened, then a line per {@link #write}. Not thread-safe: one writer per file.
     */
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
            out.writeNumberField(HISTORY, VERSION);
            out.writeStringField(DESCRIPTION, description);
            out.writeStringField(CLOCK, "ns");
            out.writeFieldName(INITIAL);
            books(out, initial);
            out.writeEndObject();
            out.writeRaw('\n');
        }

        /** Writes one call's line. */
        public void write(HistoryCall call) throws IOException {
            HistoryFile.write(out, call);
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

    /** Writes one call's object (no newline): a history's line, or a saved window's ({@link ViolationFile}). */
    static void write(JsonGenerator out, HistoryCall call) throws IOException {
        out.writeStartObject();
        out.writeFieldName(ID_NAME);
        out.writeNumber(call.id());
        out.writeFieldName(WORKER_NAME);
        out.writeNumber(call.worker());
        out.writeFieldName(OP_NAME);
        out.writeString(call.method().label());
        // The arguments' members follow the operation's argument in the table of operations.
        Operation operation = call.method().operation();
        Class<?> element = operation.setElement();
        if (element == BookCopy.class) {
            ints(out, ISBNS_NAME, call.isbns());
            ints(out, COUNTS_NAME, call.counts());
        } else if (element == Integer.class) {
            ints(out, ISBNS_NAME, call.isbns());
        } else if (element == ImmutableStockBook.class) {
            out.writeFieldName(BOOKS_NAME);
            books(out, call.books());
        } else if (operation.takesNumber()) {
            out.writeFieldName(NUMBER_NAME);
            out.writeNumber(call.number());
        }
        out.writeFieldName(START_NAME);
        out.writeNumber(call.startNs());
        out.writeFieldName(END_NAME);
        out.writeNumber(call.endNs());
        out.writeFieldName(OUTCOME_NAME);
        out.writeString(call.outcome().label());
        if (call.outcome() == Outcome.OK && !call.method().mutating()) {
            out.writeFieldName(RESULT_NAME);
            books(out, call.result());
        }
        if (!call.message().isEmpty()) {
            out.writeFieldName(MESSAGE_NAME);
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
            out.writeFieldName(ISBN_NAME);
            out.writeNumber(book.isbn());
            out.writeFieldName(TITLE_NAME);
            out.writeString(book.title());
            out.writeFieldName(AUTHOR_NAME);
            out.writeString(book.author());
            out.writeFieldName(PRICE_NAME);
            out.writeNumber(book.price());
            if (book.hasStock()) {
                out.writeFieldName(COPIES_NAME);
                out.writeNumber(book.copies());
                out.writeFieldName(SALE_MISSES_NAME);
                out.writeNumber(book.saleMisses());
                out.writeFieldName(EDITOR_PICK_NAME);
                out.writeBoolean(book.editorPick());
                if (book.timesRated() != 0 || book.totalRating() != 0) {
                    out.writeFieldName(TIMES_RATED_NAME);
                    out.writeNumber(book.timesRated());
                    out.writeFieldName(TOTAL_RATING_NAME);
                    out.writeNumber(book.totalRating());
                }
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
            return new HistoryFileReader(file, json).history();
        }
    }
}
