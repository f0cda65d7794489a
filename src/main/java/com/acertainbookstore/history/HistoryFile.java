package com.acertainbookstore.history;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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
 * it is a plain book (getEditorPicks). Stateless; safe to share.
 */
public final class HistoryFile {

    /** The format's version, the header's {@code history} member. */
    public static final int VERSION = 1;

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

        private final BufferedWriter out;

        /** Creates {@code file} (replacing it, creating its directory) and writes the header. */
        public Writer(Path file, String description, List<BookView> initial) throws IOException {
            if (file.getParent() != null) {
                Files.createDirectories(file.getParent());
            }
            out = Files.newBufferedWriter(file, StandardCharsets.UTF_8);
            StringBuilder line = new StringBuilder("{\"history\":").append(VERSION).append(",\"description\":")
                    .append(Json.quote(description)).append(",\"clock\":\"ns\",\"initial\":");
            for (BookView book : initial) {
                if (!book.hasStock()) {
                    throw new IllegalArgumentException("initial book #" + book.isbn() + " needs its stock fields");
                }
            }
            books(line, initial);
            out.append(line.append("}\n"));
        }

        /** Writes one call's line. */
        public void write(HistoryCall call) throws IOException {
            out.append(line(call)).append('\n');
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** One call's line, without its newline. */
    static String line(HistoryCall call) {
        StringBuilder line = new StringBuilder(128).append("{\"id\":").append(call.id()).append(",\"worker\":")
                .append(call.worker()).append(",\"op\":\"").append(call.method().label()).append('"');
        switch (call.method()) {
            case BUY_BOOKS, ADD_COPIES -> {
                ints(line.append(",\"isbns\":"), call.isbns());
                ints(line.append(",\"counts\":"), call.counts());
            }
            case GET_BOOKS_BY_ISBN -> ints(line.append(",\"isbns\":"), call.isbns());
            case ADD_BOOKS -> books(line.append(",\"books\":"), call.books());
            case GET_EDITOR_PICKS -> line.append(",\"number\":").append(call.number());
            case GET_BOOKS -> { }
        }
        line.append(",\"start\":").append(call.startNs()).append(",\"end\":").append(call.endNs())
                .append(",\"outcome\":\"").append(call.outcome().label()).append('"');
        if (call.outcome() == Outcome.OK && !call.method().mutating()) {
            books(line.append(",\"result\":"), call.result());
        }
        if (!call.message().isEmpty()) {
            line.append(",\"message\":").append(Json.quote(call.message()));
        }
        return line.append('}').toString();
    }

    private static void ints(StringBuilder line, int[] values) {
        line.append('[');
        for (int i = 0; i < values.length; i++) {
            line.append(i == 0 ? "" : ",").append(values[i]);
        }
        line.append(']');
    }

    private static void books(StringBuilder line, List<BookView> books) {
        line.append('[');
        for (int i = 0; i < books.size(); i++) {
            BookView book = books.get(i);
            line.append(i == 0 ? "{" : ",{").append("\"isbn\":").append(book.isbn()).append(",\"title\":")
                    .append(Json.quote(book.title())).append(",\"author\":").append(Json.quote(book.author()))
                    .append(",\"price\":").append(book.price());
            if (book.hasStock()) {
                line.append(",\"copies\":").append(book.copies()).append(",\"saleMisses\":").append(book.saleMisses())
                        .append(",\"editorPick\":").append(book.editorPick());
            }
            line.append('}');
        }
        line.append(']');
    }

    /**
     * Reads a history file; an {@link IllegalArgumentException} names the file, the line and what
     * is wrong with it.
     */
    public static History read(Path file) throws IOException {
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = in.readLine();
            if (first == null) {
                throw new IllegalArgumentException(file + " line 1: the file is empty, expected a history header");
            }
            Map<String, Object> header = object(file, 1, first);
            long version = number(file, 1, header, "history");
            if (version != VERSION) {
                throw new IllegalArgumentException(file + " line 1: history version " + version + " is not "
                        + VERSION);
            }
            String description = text(file, 1, header, "description", true);
            List<BookView> initial = bookList(file, 1, header.get("initial"), "initial");
            List<HistoryCall> calls = new ArrayList<>();
            int lineNumber = 1;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                lineNumber++;
                if (!line.isBlank()) {
                    calls.add(call(file, lineNumber, object(file, lineNumber, line)));
                }
            }
            return new History(description, initial, calls);
        }
    }

    private static HistoryCall call(Path file, int line, Map<String, Object> json) {
        try {
            Method method = Method.parse(text(file, line, json, "op", true));
            Outcome outcome = Outcome.parse(text(file, line, json, "outcome", true));
            int[] isbns = json.containsKey("isbns") ? intArray(file, line, json.get("isbns"), "isbns") : null;
            int[] counts = json.containsKey("counts") ? intArray(file, line, json.get("counts"), "counts") : null;
            List<BookView> books = json.containsKey("books") ? bookList(file, line, json.get("books"), "books") : null;
            List<BookView> result = json.containsKey("result") ? bookList(file, line, json.get("result"), "result")
                    : null;
            int number = json.containsKey("number") ? (int) number(file, line, json, "number") : 0;
            String message = text(file, line, json, "message", false);
            return new HistoryCall((int) number(file, line, json, "id"), (int) number(file, line, json, "worker"),
                    method, isbns, counts, books, number, number(file, line, json, "start"),
                    number(file, line, json, "end"), outcome, result, message);
        } catch (IllegalArgumentException e) {
            if (e.getMessage() != null && e.getMessage().startsWith(file.toString())) {
                throw e;
            }
            throw new IllegalArgumentException(file + " line " + line + ": " + e.getMessage(), e);
        }
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> object(Path file, int line, String text) {
        Object value;
        try {
            value = Json.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + " line " + line + ": not JSON (" + e.getMessage() + ")", e);
        }
        if (!(value instanceof Map)) {
            throw new IllegalArgumentException(file + " line " + line + ": expected a JSON object");
        }
        return (Map<String, Object>) value;
    }

    private static long number(Path file, int line, Map<String, Object> json, String member) {
        Object value = json.get(member);
        if (!(value instanceof Long number)) {
            throw new IllegalArgumentException(file + " line " + line + ": member " + member
                    + " must be a whole number, got " + value);
        }
        return number;
    }

    private static String text(Path file, int line, Map<String, Object> json, String member, boolean required) {
        Object value = json.get(member);
        if (value instanceof String text) {
            return text;
        }
        if (value == null && !required) {
            return "";
        }
        throw new IllegalArgumentException(file + " line " + line + ": member " + member + " must be a string, got "
                + value);
    }

    private static int[] intArray(Path file, int line, Object value, String member) {
        if (!(value instanceof List<?> items)) {
            throw new IllegalArgumentException(file + " line " + line + ": member " + member + " must be an array");
        }
        int[] ints = new int[items.size()];
        for (int i = 0; i < ints.length; i++) {
            if (!(items.get(i) instanceof Long number) || number != (int) (long) number) {
                throw new IllegalArgumentException(file + " line " + line + ": " + member + "[" + i + "] must be an"
                        + " int, got " + items.get(i));
            }
            ints[i] = (int) (long) number;
        }
        return ints;
    }

    @SuppressWarnings("unchecked")
    private static List<BookView> bookList(Path file, int line, Object value, String member) {
        if (!(value instanceof List<?> items)) {
            throw new IllegalArgumentException(file + " line " + line + ": member " + member + " must be an array");
        }
        List<BookView> books = new ArrayList<>();
        for (Object item : items) {
            if (!(item instanceof Map)) {
                throw new IllegalArgumentException(file + " line " + line + ": " + member + " must hold objects");
            }
            Map<String, Object> json = (Map<String, Object>) item;
            Object price = json.get("price");
            if (!(price instanceof Number)) {
                throw new IllegalArgumentException(file + " line " + line + ": a book's price must be a number");
            }
            int isbn = (int) number(file, line, json, "isbn");
            String title = text(file, line, json, "title", true);
            String author = text(file, line, json, "author", true);
            float p = ((Number) price).floatValue();
            if (json.containsKey("copies")) {
                if (!(json.get("editorPick") instanceof Boolean pick)) {
                    throw new IllegalArgumentException(file + " line " + line + ": book #" + isbn
                            + " needs editorPick true or false");
                }
                books.add(BookView.stock(isbn, title, author, p, (int) number(file, line, json, "copies"),
                        number(file, line, json, "saleMisses"), pick));
            } else {
                books.add(BookView.plain(isbn, title, author, p));
            }
        }
        return books;
    }
}
