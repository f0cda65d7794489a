package com.acertainbookstore.history;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A violation's window saved for drawing later ({@code <history>.violation.jsonl}, beside the
 * history and its text report): JSON Lines, UTF-8, like a history file. Line 1 is the header,
 * every other line one call of the window in the history file's form ({@link HistoryFile}):
 *
 * <pre>
 * {"violation":1,"description":"local TWO_LEVEL at 8 threads, repetition 1","part":"ISBN 2","partCalls":3998,
 *  "failing":[117],"cutShort":[],"statesBefore":["#2: 3 copies, 0 misses, pick; no window call applied"]}
 * {"id":113,"worker":4,"op":"buyBooks","isbns":[2],"counts":[1],"start":15200,"end":18750,"outcome":"ok"}
 * </pre>
 *
 * The header's members are those of {@link Violation} and the history's description. Stateless;
 * safe to share.
 */
public final class ViolationFile {

    /** The format's version, the header's {@code violation} member. */
    public static final int VERSION = 1;
    /** How the file's name ends, after the history's stem: {@code local-SINGLE-threads8-r1.violation.jsonl}. */
    public static final String SUFFIX = ".violation.jsonl";

    private static final JsonFactory JSON = new JsonFactoryBuilder().rootValueSeparator((String) null).build();
    private static final String VIOLATION = "violation";
    private static final String DESCRIPTION = HistoryFile.DESCRIPTION;
    private static final String PART = "part";
    private static final String PART_CALLS = "partCalls";
    private static final String FAILING = "failing";
    private static final String CUT_SHORT = "cutShort";
    private static final String STATES_BEFORE = "statesBefore";

    /**
     * A saved window. Immutable and safe to share.
     *
     * @param description the history's description (its point and repetition)
     * @param violation   the window and what is known of it
     */
    public record Saved(String description, Violation violation) {
    }

    private ViolationFile() {
    }

    /** Writes {@code violation} of the history described by {@code description} to {@code file} (replacing it). */
    public static void write(Path file, String description, Violation violation) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        try (JsonGenerator out = JSON.createGenerator(Files.newOutputStream(file), JsonEncoding.UTF8)) {
            out.writeStartObject();
            out.writeNumberField(VIOLATION, VERSION);
            out.writeStringField(DESCRIPTION, description);
            out.writeStringField(PART, violation.part());
            out.writeNumberField(PART_CALLS, violation.partCalls());
            ids(out, FAILING, violation.failing());
            ids(out, CUT_SHORT, violation.cutShort());
            out.writeArrayFieldStart(STATES_BEFORE);
            for (String state : violation.statesBefore()) {
                out.writeString(state);
            }
            out.writeEndArray();
            out.writeEndObject();
            out.writeRaw('\n');
            for (HistoryCall call : violation.window()) {
                HistoryFile.write(out, call);
                out.writeRaw('\n');
            }
        }
    }

    /**
     * Reads a saved window; an {@link IllegalArgumentException} names the file, the line and what
     * is wrong with it (a failing or cut-short id that is not a call of the window included).
     */
    public static Saved read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file); JsonParser json = JSON.createParser(in)) {
            HistoryFileReader reader = new HistoryFileReader(file, json);
            try {
                Header header = new Header(reader);
                reader.header("a violation header", header);
                if (header.version == null || header.version != VERSION) {
                    throw reader.failure("violation version " + header.version + " is not " + VERSION);
                }
                String description = reader.required(header.description, DESCRIPTION, "a string");
                String part = reader.required(header.part, PART, "a string");
                int partCalls = reader.required(header.partCalls, PART_CALLS, "a whole number");
                Set<Integer> failing = ids(reader.required(header.failing, FAILING, "an array"));
                Set<Integer> cutShort = ids(reader.required(header.cutShort, CUT_SHORT, "an array"));
                List<String> states = reader.required(header.statesBefore, STATES_BEFORE, "an array");
                List<HistoryCall> window = History.byStart(reader.calls());
                Set<Integer> inWindow = new HashSet<>(window.stream().map(HistoryCall::id).toList());
                for (Set<Integer> ids : List.of(failing, cutShort)) {
                    for (int id : ids) {
                        if (!inWindow.contains(id)) {
                            throw new IllegalArgumentException(file + " line 1: call " + id + " is marked but is not"
                                    + " a call of the window");
                        }
                    }
                }
                return new Saved(description, new Violation(part, window, failing, cutShort, states, partCalls));
            } catch (JsonProcessingException e) {
                throw reader.notJson(e);
            }
        }
    }

    private static void ids(JsonGenerator out, String name, Set<Integer> ids) throws IOException {
        out.writeArrayFieldStart(name);
        for (int id : ids.stream().sorted().toList()) {
            out.writeNumber(id);
        }
        out.writeEndArray();
    }

    private static Set<Integer> ids(int[] values) {
        Set<Integer> ids = new HashSet<>();
        for (int value : values) {
            ids.add(value);
        }
        return ids;
    }

    /** The members of the header, as read. */
    private static final class Header implements HistoryFileReader.HeaderMember {

        private final HistoryFileReader reader;
        private Long version;
        private String description;
        private String part;
        private Integer partCalls;
        private int[] failing;
        private int[] cutShort;
        private List<String> statesBefore;

        Header(HistoryFileReader reader) {
            this.reader = reader;
        }

        @Override
        public boolean read(String name, JsonToken value) throws IOException {
            switch (name) {
                case VIOLATION -> version = reader.whole(value, name);
                case DESCRIPTION -> description = reader.text(value, name);
                case PART -> part = reader.text(value, name);
                case PART_CALLS -> partCalls = reader.int32(value, name);
                case FAILING -> failing = reader.ints(value, name);
                case CUT_SHORT -> cutShort = reader.ints(value, name);
                case STATES_BEFORE -> statesBefore = reader.texts(value, name);
                default -> {
                    return false;
                }
            }
            return true;
        }
    }
}
