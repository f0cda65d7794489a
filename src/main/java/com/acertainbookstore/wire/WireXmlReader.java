package com.acertainbookstore.wire;

import com.acertainbookstore.protocol.Texts;
import com.thoughtworks.xstream.converters.ErrorWriter;
import com.thoughtworks.xstream.io.AttributeNameIterator;
import com.thoughtworks.xstream.io.ExtendedHierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import java.util.Iterator;

/**
 * The XML reader XStream unmarshals from: a cursor over the body for the subset of XML the
 * protocol uses, that refuses whatever is not ours before XStream sees it. One instance reads one
 * body, on one thread; not safe to share.
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
 * {@code NUL}, as references) reads back as written. Text beside child elements is ignored, as
 * XStream's own readers ignore it.
 *
 * <p>Unlike a reader over a pull parser, it needs no queue of events to look ahead: looking at
 * what comes next ({@link #hasMoreChildren}, {@link #getValue}) scans from the cursor without
 * moving it. Each open element keeps its own attributes.
 *
 * <p>Why our own rather than XStream's StAX reader over a hardened Woodstox:
 * {@code docs/decisions/xml-codec.md}.
 */
final class WireXmlReader implements ExtendedHierarchicalStreamReader {

    private static final int MAX_ATTRIBUTES = Attribute.values().length;
    /** Longest entity between {@code &} and {@code ;}: {@code #x10FFFF}. */
    private static final int MAX_ENTITY = 8;
    /** The ASCII characters that end a name: white space and XML's delimiters. */
    private static final boolean[] ENDS_NAME = new boolean[128];

    static {
        for (char c : " \t\n\r/>=<\"'".toCharArray()) {
            ENDS_NAME[c] = true;
        }
    }

    private final char[] in;
    private final int end;
    private final int maxElements;
    private int pos;
    private int elements;

    /** The open elements, the innermost last; each with its attributes. */
    private final Tag[] open = new Tag[Tag.MAX_DEPTH];
    private final boolean[] empty = new boolean[Tag.MAX_DEPTH];
    private final Attribute[] names = new Attribute[Tag.MAX_DEPTH * MAX_ATTRIBUTES];
    /** Where each attribute's value lies in the body: {@code in[valueStarts..valueStops)}. */
    private final int[] valueStarts = new int[Tag.MAX_DEPTH * MAX_ATTRIBUTES];
    private final int[] valueStops = new int[Tag.MAX_DEPTH * MAX_ATTRIBUTES];
    /** Whether a value holds no entity and no white space to normalise: its characters are it. */
    private final boolean[] plainValues = new boolean[Tag.MAX_DEPTH * MAX_ATTRIBUTES];
    private final int[] attributeCounts = new int[Tag.MAX_DEPTH];
    /** The attributes of the start tag being read, a bit per {@link Attribute#ordinal()}. */
    private int attributesSeen;
    private int depth;

    private final StringBuilder scratch = new StringBuilder();

    /** Books read before, by their text; {@code null} when every item is read in full. */
    private final DecodedBooks known;
    /** Where the item being read in full starts, or -1; and the elements read before it. */
    private int itemStart = -1;
    private int elementsBeforeItem;

    /** A reader that reads every item in full. */
    WireXmlReader(char[] in, int end, int maxElements) {
        this(in, end, maxElements, null);
    }

    /**
     * Reads the prolog and the root element's start tag.
     *
     * @param in the body's characters, {@code in[0..end)}
     * @param maxElements the most elements the body may hold
     * @param known books read before, for {@link #recallItem}; {@code null} for none
     * @throws Refusal the body does not start with a root element of the vocabulary
     */
    WireXmlReader(char[] in, int end, int maxElements, DecodedBooks known) {
        this.in = in;
        this.end = end;
        this.maxElements = maxElements;
        this.known = known;
        prolog();
        if (pos >= end || in[pos] != '<') {
            throw new Refusal("body holds no XML element");
        }
        startTag();
        Tag root = open[0];
        if (root != Tag.REQUEST && root != Tag.RESPONSE && root != Tag.ERROR) {
            throw new Refusal("the root element is <" + root.xmlName() + ">, not <req>, <res> or <err>");
        }
    }

    /**
     * Reads the rest of the body (refusing anything malformed in it) and checks that only white
     * space and comments follow the root element. Called once the converters are done.
     */
    void finish() {
        while (depth > 0) {
            moveUp();
        }
        misc();
        if (pos < end) {
            throw new Refusal("malformed XML: content after the root element");
        }
    }

    // ------------------------------------------------------------ HierarchicalStreamReader

    @Override
    public boolean hasMoreChildren() {
        return !empty[depth - 1] && nextChild(pos) >= 0;
    }

    @Override
    public String peekNextChild() {
        if (empty[depth - 1]) {
            return null;
        }
        int child = nextChild(pos);
        if (child < 0) {
            return null;
        }
        Tag tag = Tag.find(in, child + 1, nameEnd(child + 1));
        return tag == null ? null : tag.xmlName();
    }

    @Override
    public void moveDown() {
        int child = empty[depth - 1] ? -1 : nextChild(pos);
        if (child < 0) {
            throw new Refusal("<" + open[depth - 1].xmlName() + "> has no further element");
        }
        pos = child;
        startTag();
    }

    @Override
    public void moveUp() {
        if (empty[depth - 1]) {
            depth--;
            return;
        }
        int level = depth;
        while (depth >= level) {
            int next = nextTag(pos);
            pos = next;
            if (in[next + 1] == '/') {
                endTag();
            } else {
                startTag();
                if (empty[depth - 1]) {
                    depth--;
                }
            }
        }
    }

    /**
     * When the next child (there must be one: {@link #hasMoreChildren} said so) is a book whose
     * text equals that of a book read before, moves past it, counts its elements, and answers
     * that book; otherwise answers {@code null} and stays, so that the caller reads the child in
     * full and then hands it to {@link #rememberItem}.
     */
    DecodedBooks.Entry recallItem() {
        itemStart = -1;
        if (known == null) {
            return null;
        }
        int child = nextChild(pos);
        DecodedBooks.Entry entry = known.find(in, child, end, depth);
        if (entry == null) {
            itemStart = child;
            elementsBeforeItem = elements;
            return null;
        }
        if (elements + entry.elements() > maxElements) {
            throw tooManyElements();
        }
        elements += entry.elements();
        pos = child + entry.text().length;
        return entry;
    }

    /** Keeps the book just read in full, from where {@link #recallItem} found it to here. */
    void rememberItem(Object book) {
        if (itemStart >= 0) {
            known.remember(in, itemStart, pos, book, elements - elementsBeforeItem, depth);
            itemStart = -1;
        }
    }

    /** The element the reader is on, as the vocabulary's tag. */
    Tag currentTag() {
        return open[depth - 1];
    }

    @Override
    public String getNodeName() {
        return open[depth - 1].xmlName();
    }

    @Override
    public String getValue() {
        if (empty[depth - 1]) {
            return "";
        }
        return text(pos);
    }

    @Override
    public String getAttribute(String name) {
        int level = depth - 1;
        for (int i = level * MAX_ATTRIBUTES; i < level * MAX_ATTRIBUTES + attributeCounts[level]; i++) {
            if (names[i].xmlName().equals(name)) {
                return value(i);
            }
        }
        return null;
    }

    @Override
    public String getAttribute(int index) {
        int level = depth - 1;
        return index >= 0 && index < attributeCounts[level] ? value(level * MAX_ATTRIBUTES + index) : null;
    }

    /** The current element's attribute as an int ({@link Numbers}), parsed where it lies. */
    int intAttribute(Attribute attribute) {
        int i = required(depth - 1, attribute);
        return plainValues[i] ? Numbers.parseInt(in, valueStarts[i], valueStops[i]) : Numbers.parseInt(value(i));
    }

    /** The current element's attribute as a long ({@link Numbers}), parsed where it lies. */
    long longAttribute(Attribute attribute) {
        int i = required(depth - 1, attribute);
        return plainValues[i] ? Numbers.parseLong(in, valueStarts[i], valueStops[i]) : Numbers.parseLong(value(i));
    }

    /** The current element's attribute as a float ({@link Numbers}), parsed where it lies. */
    float floatAttribute(Attribute attribute) {
        int i = required(depth - 1, attribute);
        return plainValues[i] ? Numbers.parseFloat(in, valueStarts[i], valueStops[i]) : Numbers.parseFloat(value(i));
    }

    /**
     * Whether the current element's attribute is exactly {@code true}; {@code null} when it is
     * neither {@code true} nor {@code false}.
     */
    Boolean booleanAttribute(Attribute attribute) {
        int i = required(depth - 1, attribute);
        if (plainValues[i]) {
            int start = valueStarts[i];
            int length = valueStops[i] - start;
            if (length == 4 && in[start] == 't' && in[start + 1] == 'r' && in[start + 2] == 'u'
                    && in[start + 3] == 'e') {
                return Boolean.TRUE;
            }
            if (length == 5 && in[start] == 'f' && in[start + 1] == 'a' && in[start + 2] == 'l' && in[start + 3] == 's'
                    && in[start + 4] == 'e') {
                return Boolean.FALSE;
            }
            return null;
        }
        String value = value(i);
        return "true".equals(value) ? Boolean.TRUE : "false".equals(value) ? Boolean.FALSE : null;
    }

    /** The current element's attribute; refused when absent. */
    String requiredAttribute(Attribute attribute) {
        int level = depth - 1;
        return value(required(level, attribute));
    }

    private int required(int level, Attribute attribute) {
        for (int i = level * MAX_ATTRIBUTES; i < level * MAX_ATTRIBUTES + attributeCounts[level]; i++) {
            if (names[i] == attribute) {
                return i;
            }
        }
        throw new Refusal("<" + open[level].xmlName() + "> lacks attribute " + attribute.xmlName());
    }

    /** The value of the attribute in slot {@code i} (level times {@value #MAX_ATTRIBUTES} plus its index). */
    private String value(int i) {
        int start = valueStarts[i];
        int stop = valueStops[i];
        return plainValues[i] ? new String(in, start, stop - start) : attributeValue(start, stop);
    }

    @Override
    public int getAttributeCount() {
        return attributeCounts[depth - 1];
    }

    @Override
    public String getAttributeName(int index) {
        int level = depth - 1;
        return index >= 0 && index < attributeCounts[level] ? names[level * MAX_ATTRIBUTES + index].xmlName() : null;
    }

    @Override
    @SuppressWarnings("rawtypes")
    public Iterator getAttributeNames() {
        return new AttributeNameIterator(this);
    }

    @Override
    public void appendErrors(ErrorWriter errorWriter) {
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

    // ------------------------------------------------------------ looking ahead

    /**
     * The index of the next tag ({@code '<'} of a start or end tag) from {@code from}, past text,
     * comments and CDATA sections.
     */
    private int nextTag(int from) {
        int i = from;
        while (true) {
            while (i < end && in[i] != '<') {
                i++;
            }
            if (i + 1 >= end) {
                throw new Refusal("malformed XML: body ends inside <" + open[depth - 1].xmlName() + ">");
            }
            char next = in[i + 1];
            if (next != '!' && next != '?') {
                return i;
            }
            if (startsWith("<!--", i)) {
                i = after("-->", i + 4, "comment");
            } else if (startsWith("<![CDATA[", i)) {
                i = after("]]>", i + 9, "CDATA section");
            } else if (startsWith("<?", i)) {
                throw new Refusal("malformed XML: processing instructions are not allowed");
            } else if (startsWith("<!", i)) {
                throw new Refusal("malformed XML: DOCTYPE and other declarations are not allowed");
            } else {
                return i;
            }
        }
    }

    /** The index of the next child's start tag from {@code from}, or -1 when an end tag comes first. */
    private int nextChild(int from) {
        int tag = nextTag(from);
        return tag + 1 < end && in[tag + 1] == '/' ? -1 : tag;
    }

    /** The text from {@code from} up to the next tag: character data and CDATA, comments skipped. */
    private String text(int from) {
        int i = from;
        int runStart = i;
        boolean plain = true;
        scratch.setLength(0);
        while (true) {
            while (i < end && in[i] != '<') {
                plain &= in[i] != '&' && in[i] != '\r';
                i++;
            }
            if (i >= end) {
                throw new Refusal("malformed XML: body ends inside <" + open[depth - 1].xmlName() + ">");
            }
            boolean comment = startsWith("<!--", i);
            boolean cdata = !comment && startsWith("<![CDATA[", i);
            if (!comment && !cdata && scratch.length() == 0 && runStart == from && plain) {
                return new String(in, from, i - from);
            }
            appendNormalised(runStart, i);
            if (comment) {
                i = after("-->", i + 4, "comment");
            } else if (cdata) {
                int stop = after("]]>", i + 9, "CDATA section");
                appendNormalised(i + 9, stop - 3);
                i = stop;
            } else {
                return scratch.toString();
            }
            runStart = i;
            plain = false;
        }
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
            throw tooManyElements();
        }
        int level = depth;
        attributeCounts[level] = 0;
        attributesSeen = 0;
        boolean selfClosed = false;
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
                selfClosed = true;
                break;
            }
            if (spaces == 0) {
                throw new Refusal("malformed XML: no white space before an attribute of <" + tag.xmlName() + ">");
            }
            attribute(tag, level);
        }
        open[level] = tag;
        empty[level] = selfClosed;
        depth = level + 1;
    }

    private Refusal tooManyElements() {
        return new Refusal("body holds more than " + maxElements + " elements");
    }

    private void attribute(Tag tag, int level) {
        int nameStart = pos;
        pos = nameEnd(pos);
        Attribute attribute = tag.attribute(in, nameStart, pos);
        if (attribute == null) {
            throw new Refusal("attribute " + excerpt(nameStart, pos) + " of <" + tag.xmlName()
                    + "> is not part of the protocol");
        }
        int count = attributeCounts[level];
        int bit = 1 << attribute.ordinal();
        if ((attributesSeen & bit) != 0) {
            throw new Refusal("malformed XML: attribute " + attribute.xmlName() + " appears twice in <"
                    + tag.xmlName() + ">");
        }
        attributesSeen |= bit;
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
        char[] chars = in;
        int stop = end;
        char quote = chars[pos];
        int start = pos + 1;
        int i = start;
        boolean plain = true;
        while (i < stop && chars[i] != quote) {
            char c = chars[i];
            if (c == '<') {
                throw new Refusal("malformed XML: '<' in the value of attribute " + attribute.xmlName());
            }
            plain &= c != '&' && c != '\t' && c != '\n' && c != '\r';
            i++;
        }
        if (i >= stop) {
            throw new Refusal("malformed XML: body ends inside attribute " + attribute.xmlName());
        }
        pos = i;
        int slot = level * MAX_ATTRIBUTES + count;
        names[slot] = attribute;
        valueStarts[slot] = start;
        valueStops[slot] = pos++;
        plainValues[slot] = plain;
        attributeCounts[level] = count + 1;
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
        if (!closing.named(in, nameStart, nameStop)) {
            throw new Refusal("malformed XML: </" + excerpt(nameStart, nameStop) + "> closes <"
                    + closing.xmlName() + ">");
        }
        depth--;
    }

    /** Appends {@code in[from..to)} with entities resolved and line ends normalised. */
    private void appendNormalised(int from, int to) {
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
        while (i < end && (in[i] >= 128 || !ENDS_NAME[in[i]])) {
            i++;
        }
        if (i == from) {
            throw new Refusal("malformed XML: a name is missing");
        }
        return i;
    }

    private int skipSpaces() {
        char[] chars = in;
        int start = pos;
        int i = start;
        while (i < end && isSpace(chars[i])) {
            i++;
        }
        pos = i;
        return i - start;
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
