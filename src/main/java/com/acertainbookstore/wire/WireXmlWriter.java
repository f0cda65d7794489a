package com.acertainbookstore.wire;

import com.thoughtworks.xstream.io.ExtendedHierarchicalStreamWriter;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The XML writer XStream marshals to: compact XML straight into UTF-8 bytes, escaped exactly as
 * XStream's own {@code CompactWriter} escapes (so the bytes are the ones it would write), without
 * its detour through a character writer, a string and an encoder. Reused by one
 * {@link XStreamInstance}, so not safe to share: one message at a time.
 *
 * <p>Escaping: {@code & < > " '} as entities, {@code \r} as {@code &#xd;}, {@code NUL} and every
 * other control or unassigned character as a character reference (tab and line feed stay as they
 * are in text, not in attribute values), everything else as its UTF-8 bytes; a surrogate without
 * its pair becomes {@code ?}, as Java's UTF-8 encoder makes it.
 *
 * <p>Why our own rather than XStream's StAX writer over Woodstox:
 * {@code docs/decisions/xml-codec.md}.
 */
final class WireXmlWriter implements ExtendedHierarchicalStreamWriter {

    private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);
    /** What follows a boolean attribute's name. */
    private static final byte[] TRUE = "=\"true\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FALSE = "=\"false\"".getBytes(StandardCharsets.US_ASCII);

    private byte[] out = new byte[512];
    private int size;
    private String[] open = new String[8];
    private int depth;
    /** A start tag is written up to its attributes: {@code >} or {@code />} is still to come. */
    private boolean startTagOpen;
    /** Books encoded before, for this message; {@code null} when every item is written afresh. */
    private EncodedBooks known;

    /** Starts a new message, forgetting the previous one. */
    void reset() {
        reset(null);
    }

    /** Starts a new message that may copy books from {@code known} (or not, when {@code null}). */
    void reset(EncodedBooks known) {
        size = 0;
        depth = 0;
        startTagOpen = false;
        this.known = known;
    }

    /** The books this message may copy, or {@code null}. */
    EncodedBooks known() {
        return known;
    }

    /**
     * Ends the parent's start tag if still open and answers where the next element will start,
     * for {@link #bytesSince}.
     */
    int elementStart() {
        closeStartTag();
        return size;
    }

    /** The bytes written since {@code start} (from {@link #elementStart}): whole elements. */
    byte[] bytesSince(int start) {
        return Arrays.copyOfRange(out, start, size);
    }

    /** Writes a whole element written before (from {@link #bytesSince}) as the next child. */
    void element(byte[] bytes) {
        closeStartTag();
        raw(bytes, 0, bytes.length);
    }

    /** Appends {@code bytes[from..to)} as they are, leaving the writer's state alone. */
    private void raw(byte[] bytes, int from, int to) {
        ensure(to - from);
        System.arraycopy(bytes, from, out, size, to - from);
        size += to - from;
    }

    /**
     * Writes the attribute {@code name="value"} as {@link #addAttribute} writes it with the
     * value's decimal string, without making the string.
     */
    void addAttribute(String name, long value) {
        if (value < 0 || value > Integer.MAX_VALUE) {
            addAttribute(name, Long.toString(value));
            return;
        }
        int rest = (int) value;
        int digits = 1;
        for (int power = 10; digits < 10 && rest >= power; power *= 10) {
            digits++;
        }
        put(' ');
        putName(name);
        ensure(digits + 3);
        out[size++] = '=';
        out[size++] = '"';
        int at = size + digits;
        do {
            out[--at] = (byte) ('0' + rest % 10);
            rest /= 10;
        } while (rest != 0);
        size += digits;
        out[size++] = '"';
    }

    /** Writes {@code name="true"} or {@code name="false"}, as {@link #addAttribute} writes them. */
    void addAttribute(String name, boolean value) {
        put(' ');
        putName(name);
        byte[] rest = value ? TRUE : FALSE;
        raw(rest, 0, rest.length);
    }

    /** The message written since {@link #reset()}. */
    byte[] toByteArray() {
        return Arrays.copyOf(out, size);
    }

    @Override
    public void startNode(String name, @SuppressWarnings("rawtypes") Class clazz) {
        startNode(name);
    }

    @Override
    public void startNode(String name) {
        closeStartTag();
        if (depth == open.length) {
            open = Arrays.copyOf(open, depth * 2);
        }
        open[depth++] = name;
        put('<');
        putName(name);
        startTagOpen = true;
    }

    @Override
    public void addAttribute(String name, String value) {
        put(' ');
        putName(name);
        put('=');
        put('"');
        putEscaped(value, true);
        put('"');
    }

    @Override
    public void setValue(String text) {
        closeStartTag();
        putEscaped(text, false);
    }

    @Override
    public void endNode() {
        String name = open[--depth];
        if (startTagOpen) {
            put('/');
            put('>');
            startTagOpen = false;
        } else {
            put('<');
            put('/');
            putName(name);
            put('>');
        }
    }

    @Override
    public void flush() {
        // Nothing is buffered elsewhere.
    }

    @Override
    public void close() {
        // The buffer is reused by the next message.
    }

    @Override
    public HierarchicalStreamWriter underlyingWriter() {
        return this;
    }

    private void closeStartTag() {
        if (startTagOpen) {
            put('>');
            startTagOpen = false;
        }
    }

    /** Names are the vocabulary's: plain ASCII, nothing to escape. */
    private void putName(String name) {
        ensure(name.length());
        for (int i = 0; i < name.length(); i++) {
            out[size++] = (byte) name.charAt(i);
        }
    }

    private void putEscaped(String text, boolean attribute) {
        int length = text.length();
        ensure(length);
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> putAscii("&amp;");
                case '<' -> putAscii("&lt;");
                case '>' -> putAscii("&gt;");
                case '"' -> putAscii("&quot;");
                case '\'' -> putAscii("&apos;");
                case '\r' -> putAscii("&#xd;");
                default -> {
                    if (c < 0x80 && c >= 0x20 && c != 0x7f || (!attribute && (c == '\t' || c == '\n'))) {
                        put(c);
                    } else if (Character.isDefined(c) && !Character.isISOControl(c)) {
                        i = putUtf8(text, i);
                    } else {
                        putReference(c);
                    }
                }
            }
        }
    }

    /** Writes the non-ASCII character at {@code i} (with its low surrogate); answers the last index used. */
    private int putUtf8(String text, int i) {
        char c = text.charAt(i);
        ensure(4);
        if (c < 0x800) {
            out[size++] = (byte) (0xc0 | (c >> 6));
            out[size++] = (byte) (0x80 | (c & 0x3f));
        } else if (!Character.isSurrogate(c)) {
            out[size++] = (byte) (0xe0 | (c >> 12));
            out[size++] = (byte) (0x80 | ((c >> 6) & 0x3f));
            out[size++] = (byte) (0x80 | (c & 0x3f));
        } else if (Character.isHighSurrogate(c) && i + 1 < text.length() && Character.isLowSurrogate(text.charAt(i + 1))) {
            int codePoint = Character.toCodePoint(c, text.charAt(i + 1));
            out[size++] = (byte) (0xf0 | (codePoint >> 18));
            out[size++] = (byte) (0x80 | ((codePoint >> 12) & 0x3f));
            out[size++] = (byte) (0x80 | ((codePoint >> 6) & 0x3f));
            out[size++] = (byte) (0x80 | (codePoint & 0x3f));
            return i + 1;
        } else {
            out[size++] = '?';
        }
        return i;
    }

    private void putReference(char c) {
        ensure(9);
        putAscii("&#x");
        boolean started = false;
        for (int shift = 12; shift >= 0; shift -= 4) {
            int digit = (c >> shift) & 0xf;
            if (digit != 0 || started || shift == 0) {
                out[size++] = HEX[digit];
                started = true;
            }
        }
        out[size++] = ';';
    }

    private void putAscii(String text) {
        ensure(text.length());
        for (int i = 0; i < text.length(); i++) {
            out[size++] = (byte) text.charAt(i);
        }
    }

    private void put(char c) {
        ensure(1);
        out[size++] = (byte) c;
    }

    private void ensure(int more) {
        if (size + more > out.length) {
            out = Arrays.copyOf(out, Math.max(out.length * 2, size + more));
        }
    }
}
