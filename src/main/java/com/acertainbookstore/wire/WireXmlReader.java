package com.acertainbookstore.wire;

import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.AbstractPullReader;

/**
 * The XML reader XStream unmarshals from: a pull lexer for the subset of XML the protocol uses,
 * that refuses whatever is not ours before XStream sees it. One instance reads one body, on one
 * thread; not safe to share.
 *
 * <p>What it checks as it goes, each in time linear in the body:
 * <ul>
 *   <li>every element name is in the {@link Tag} vocabulary, and every attribute is one its
 *       element carries, at most once; any other name is refused with one message whatever the
 *       name (a forbidden class and a name that exists nowhere read alike), so nothing keyed by a
 *       name from the network, such as XStream's class-name cache, ever sees it;</li>
 *   <li>nesting at most {@link Tag#MAX_DEPTH} levels and at most a given number of elements;</li>
 *   <li>well-formedness: matching end tags, quoted attribute values, the five predefined
 *       entities and character references only, comments and CDATA sections allowed, no DOCTYPE
 *       (hence no entity of the caller's own) and no processing instruction but the XML
 *       declaration, whose encoding, if given, must be UTF-8; nothing after the root element.</li>
 * </ul>
 * Line ends are normalised as XML says ({@code \r\n} and {@code \r} read as {@code \n}; in
 * attribute values, white space reads as a space). Character references may name any code point
 * but a surrogate, so that whatever XStream's writer escaped (it writes control characters, even
 * {@code NUL}, as references) reads back as written.
 *
 * <p>Like XStream's own pull readers, the attributes it answers are those of the element most
 * recently started: a converter reads its element's attributes before its children.
 */
final class WireXmlReader extends AbstractPullReader {

    private static final NoNameCoder NAME_CODER = new NoNameCoder();
    private static final int MAX_ATTRIBUTES = Attribute.values().length;
    /** Longest entity between {@code &} and {@code ;}: {@code #x10FFFF}. */
    private static final int MAX_ENTITY = 8;

    private final char[] in;
    private final int end;
    private final int maxElements;
    private int pos;
    private int elements;

    private final Tag[] open = new Tag[Tag.MAX_DEPTH];
    private int depth;
    /** The element just started was empty ({@code <x/>}): its end is the next event. */
    private boolean pendingEnd;
    private boolean rootStarted;

    /** The element most recently started, and its attributes. */
    private Tag current;
    private final Attribute[] names = new Attribute[MAX_ATTRIBUTES];
    private final String[] values = new String[MAX_ATTRIBUTES];
    private int attributeCount;

    private String text;
    private final StringBuilder scratch = new StringBuilder();

    /**
     * Reads the prolog and the root element's start tag.
     *
     * @param in the body's characters, {@code in[0..end)}
     * @param maxElements the most elements the body may hold
     * @throws Refusal the body does not start with a well-formed root element of the vocabulary
     */
    WireXmlReader(char[] in, int end, int maxElements) {
        super(NAME_CODER);
        this.in = in;
        this.end = end;
        this.maxElements = maxElements;
        prolog();
        moveDown();
    }

    /**
     * Reads the rest of the root element (refusing anything malformed in it) and checks that only
     * white space and comments follow it. Called once the converters are done.
     */
    void finish() {
        // Events the reader looked ahead at are lexed already; lex the rest of the root directly.
        while (depth > 0 || pendingEnd) {
            pullNextEvent();
        }
        misc();
        if (pos < end) {
            throw new Refusal("malformed XML: content after the root element");
        }
    }

    // ------------------------------------------------------------ AbstractPullReader

    @Override
    protected int pullNextEvent() {
        if (pendingEnd) {
            pendingEnd = false;
            depth--;
            return END_NODE;
        }
        if (depth == 0) {
            if (rootStarted) {
                throw new Refusal("malformed XML: read past the root element");
            }
            rootStarted = true;
            if (pos >= end || in[pos] != '<') {
                throw new Refusal("body holds no XML element");
            }
            startTag();
            if (current != Tag.REQUEST && current != Tag.RESPONSE && current != Tag.ERROR) {
                throw new Refusal("the root element is <" + current.xmlName() + ">, not <req>, <res> or <err>");
            }
            return START_NODE;
        }
        if (pos >= end) {
            throw new Refusal("malformed XML: body ends inside <" + open[depth - 1].xmlName() + ">");
        }
        if (in[pos] != '<') {
            text = text();
            return TEXT;
        }
        if (startsWith("</")) {
            endTag();
            return END_NODE;
        }
        if (startsWith("<!--")) {
            pos = after("-->", pos + 4, "comment");
            return COMMENT;
        }
        if (startsWith("<![CDATA[")) {
            int start = pos + 9;
            pos = after("]]>", start, "CDATA section");
            text = normalised(start, pos - 3);
            return TEXT;
        }
        if (startsWith("<?")) {
            throw new Refusal("malformed XML: processing instructions are not allowed");
        }
        if (startsWith("<!")) {
            throw new Refusal("malformed XML: DOCTYPE and other declarations are not allowed");
        }
        startTag();
        return START_NODE;
    }

    @Override
    protected String pullElementName() {
        return current.xmlName();
    }

    @Override
    protected String pullText() {
        return text;
    }

    @Override
    public String getAttribute(String name) {
        for (int i = 0; i < attributeCount; i++) {
            if (names[i].xmlName().equals(name)) {
                return values[i];
            }
        }
        return null;
    }

    @Override
    public String getAttribute(int index) {
        return index >= 0 && index < attributeCount ? values[index] : null;
    }

    @Override
    public int getAttributeCount() {
        return attributeCount;
    }

    @Override
    public String getAttributeName(int index) {
        return index >= 0 && index < attributeCount ? names[index].xmlName() : null;
    }

    @Override
    public void appendErrors(com.thoughtworks.xstream.converters.ErrorWriter errorWriter) {
        errorWriter.add("position", "character " + pos);
    }

    @Override
    public void close() {
        // Nothing to release: the body is an array.
    }

    @Override
    public HierarchicalStreamReader underlyingReader() {
        return this;
    }

    // ------------------------------------------------------------ lexing

    /** An optional byte order mark and XML declaration, then comments and white space. */
    private void prolog() {
        if (pos < end && in[pos] == '\uFEFF') {
            pos++;
        }
        if (startsWith("<?xml") && pos + 5 < end && isSpace(in[pos + 5])) {
            int start = pos;
            pos = after("?>", pos + 5, "XML declaration");
            String declaration = new String(in, start, pos - start);
            int encoding = declaration.indexOf("encoding");
            if (encoding >= 0) {
                String rest = declaration.substring(encoding + 8).replace(" ", "").replace("'", "\"");
                if (!rest.regionMatches(true, 0, "=\"UTF-8\"", 0, 8)) {
                    throw new Refusal("the XML declaration names an encoding other than UTF-8");
                }
            }
        }
        misc();
    }

    /** White space and comments (between prolog, root and the end). */
    private void misc() {
        while (true) {
            while (pos < end && isSpace(in[pos])) {
                pos++;
            }
            if (startsWith("<!--")) {
                pos = after("-->", pos + 4, "comment");
            } else if (startsWith("<!")) {
                throw new Refusal("malformed XML: DOCTYPE and other declarations are not allowed");
            } else if (startsWith("<?")) {
                throw new Refusal("malformed XML: processing instructions are not allowed");
            } else {
                return;
            }
        }
    }

    private void startTag() {
        int nameStart = ++pos;
        pos = nameEnd(pos);
        Tag tag = Tag.find(in, nameStart, pos);
        if (tag == null) {
            throw new Refusal("element <" + excerpt(nameStart, pos) + "> is not part of the protocol");
        }
        if (depth == Tag.MAX_DEPTH) {
            throw new Refusal("elements nest deeper than " + Tag.MAX_DEPTH + " levels");
        }
        if (++elements > maxElements) {
            throw new Refusal("body holds more than " + maxElements + " elements");
        }
        attributeCount = 0;
        while (true) {
            int spaces = skipSpaces();
            if (pos >= end) {
                throw new Refusal("malformed XML: body ends inside <" + tag.xmlName() + ">");
            }
            char c = in[pos];
            if (c == '>') {
                pos++;
                break;
            }
            if (c == '/') {
                if (pos + 1 >= end || in[pos + 1] != '>') {
                    throw new Refusal("malformed XML: '/' not followed by '>' in <" + tag.xmlName() + ">");
                }
                pos += 2;
                pendingEnd = true;
                break;
            }
            if (spaces == 0) {
                throw new Refusal("malformed XML: no white space before an attribute of <" + tag.xmlName() + ">");
            }
            attribute(tag);
        }
        open[depth++] = tag;
        current = tag;
    }

    private void attribute(Tag tag) {
        int nameStart = pos;
        pos = nameEnd(pos);
        Attribute attribute = tag.attribute(in, nameStart, pos);
        if (attribute == null) {
            throw new Refusal("attribute " + excerpt(nameStart, pos) + " of <" + tag.xmlName()
                    + "> is not part of the protocol");
        }
        for (int i = 0; i < attributeCount; i++) {
            if (names[i] == attribute) {
                throw new Refusal("malformed XML: attribute " + attribute.xmlName() + " appears twice in <"
                        + tag.xmlName() + ">");
            }
        }
        skipSpaces();
        if (pos >= end || in[pos] != '=') {
            throw new Refusal("malformed XML: attribute " + attribute.xmlName() + " of <" + tag.xmlName()
                    + "> has no '='");
        }
        pos++;
        skipSpaces();
        if (pos >= end || (in[pos] != '"' && in[pos] != '\'')) {
            throw new Refusal("malformed XML: value of attribute " + attribute.xmlName() + " is not quoted");
        }
        char quote = in[pos++];
        int start = pos;
        boolean plain = true;
        while (pos < end && in[pos] != quote) {
            char c = in[pos];
            if (c == '<') {
                throw new Refusal("malformed XML: '<' in the value of attribute " + attribute.xmlName());
            }
            plain &= c != '&' && c != '\t' && c != '\n' && c != '\r';
            pos++;
        }
        if (pos >= end) {
            throw new Refusal("malformed XML: body ends inside attribute " + attribute.xmlName());
        }
        int stop = pos++;
        names[attributeCount] = attribute;
        values[attributeCount++] = plain ? new String(in, start, stop - start) : attributeValue(start, stop);
    }

    private void endTag() {
        int nameStart = pos + 2;
        pos = nameEnd(nameStart);
        int nameStop = pos;
        skipSpaces();
        if (pos >= end || in[pos] != '>') {
            throw new Refusal("malformed XML: end tag not closed by '>'");
        }
        pos++;
        Tag closing = open[depth - 1];
        if (Tag.find(in, nameStart, nameStop) != closing) {
            throw new Refusal("malformed XML: </" + excerpt(nameStart, nameStop) + "> closes <"
                    + closing.xmlName() + ">");
        }
        depth--;
    }

    /** Text up to the next tag, entities and line ends resolved. */
    private String text() {
        int start = pos;
        boolean plain = true;
        while (pos < end && in[pos] != '<') {
            plain &= in[pos] != '&' && in[pos] != '\r';
            pos++;
        }
        return plain ? new String(in, start, pos - start) : normalised(start, pos);
    }

    /** {@code in[from..to)} with entities resolved and line ends normalised. */
    private String normalised(int from, int to) {
        scratch.setLength(0);
        for (int i = from; i < to; i++) {
            char c = in[i];
            if (c == '&') {
                i = entity(i, to);
            } else if (c == '\r') {
                scratch.append('\n');
                if (i + 1 < to && in[i + 1] == '\n') {
                    i++;
                }
            } else {
                scratch.append(c);
            }
        }
        return scratch.toString();
    }

    private String attributeValue(int from, int to) {
        scratch.setLength(0);
        for (int i = from; i < to; i++) {
            char c = in[i];
            if (c == '&') {
                i = entity(i, to);
            } else if (c == '\r' && i + 1 < to && in[i + 1] == '\n') {
                scratch.append(' ');
                i++;
            } else {
                scratch.append(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
            }
        }
        return scratch.toString();
    }

    /**
     * Appends the entity starting at {@code in[amp]} ({@code '&'}) to the scratch buffer and
     * returns the index of its {@code ';'}.
     */
    private int entity(int amp, int to) {
        int semicolon = -1;
        for (int i = amp + 1; i < to && i <= amp + 1 + MAX_ENTITY; i++) {
            if (in[i] == ';') {
                semicolon = i;
                break;
            }
        }
        if (semicolon < 0) {
            throw new Refusal("malformed XML: '&' that starts no entity (write &amp;)");
        }
        String name = new String(in, amp + 1, semicolon - amp - 1);
        switch (name) {
            case "lt" -> scratch.append('<');
            case "gt" -> scratch.append('>');
            case "amp" -> scratch.append('&');
            case "quot" -> scratch.append('"');
            case "apos" -> scratch.append('\'');
            default -> scratch.appendCodePoint(characterReference(name));
        }
        return semicolon;
    }

    private static int characterReference(String name) {
        boolean hex = name.startsWith("#x");
        int first = hex ? 2 : 1;
        if (!name.startsWith("#") || name.length() == first) {
            throw new Refusal("malformed XML: entity &" + Texts.excerpt(name) + "; is unknown"
                    + " (only &lt; &gt; &amp; &quot; &apos; and character references)");
        }
        int codePoint = 0;
        for (int i = first; i < name.length(); i++) {
            int digit = asciiDigit(name.charAt(i), hex);
            if (digit < 0) {
                throw new Refusal("malformed XML: character reference &" + Texts.excerpt(name) + "; is malformed");
            }
            codePoint = codePoint * (hex ? 16 : 10) + digit;
        }
        if (codePoint > Character.MAX_CODE_POINT
                || (codePoint >= Character.MIN_SURROGATE && codePoint <= Character.MAX_SURROGATE)) {
            throw new Refusal("malformed XML: character reference &" + name + "; names no character");
        }
        return codePoint;
    }

    /** The value of an ASCII digit (hexadecimal ones too when {@code hex}), or -1. */
    private static int asciiDigit(char c, boolean hex) {
        if (c >= '0' && c <= '9') {
            return c - '0';
        }
        if (hex && c >= 'a' && c <= 'f') {
            return c - 'a' + 10;
        }
        if (hex && c >= 'A' && c <= 'F') {
            return c - 'A' + 10;
        }
        return -1;
    }

    /** The index just past the next {@code marker} from {@code from}. */
    private int after(String marker, int from, String what) {
        char first = marker.charAt(0);
        for (int i = from; i + marker.length() <= end; i++) {
            if (in[i] == first && startsWith(marker, i)) {
                return i + marker.length();
            }
        }
        throw new Refusal("malformed XML: " + what + " is not closed by " + marker);
    }

    private int nameEnd(int from) {
        int i = from;
        while (i < end) {
            char c = in[i];
            if (isSpace(c) || c == '/' || c == '>' || c == '=' || c == '<' || c == '"' || c == '\'') {
                break;
            }
            i++;
        }
        if (i == from) {
            throw new Refusal("malformed XML: a name is missing");
        }
        return i;
    }

    private int skipSpaces() {
        int start = pos;
        while (pos < end && isSpace(in[pos])) {
            pos++;
        }
        return pos - start;
    }

    private boolean startsWith(String marker) {
        return startsWith(marker, pos);
    }

    private boolean startsWith(String marker, int at) {
        if (at + marker.length() > end) {
            return false;
        }
        for (int i = 0; i < marker.length(); i++) {
            if (in[at + i] != marker.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    private String excerpt(int from, int to) {
        return Texts.excerpt(new String(in, from, Math.min(to - from, Texts.EXCERPT_CHARS + 1)));
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }
}
