package com.acertainbookstore.wire;

import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.MXParserDriver;
import com.thoughtworks.xstream.mapper.Mapper;
import com.thoughtworks.xstream.security.NoTypePermission;
import com.thoughtworks.xstream.security.NullPermission;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * One configured XStream: the allow-list, the aliases and the converters, all taken from the
 * {@link Tag} vocabulary. <b>Not</b> safe to share: one thread at a time (XStream's caches
 * contend); the {@link InstancePool} hands instances out.
 */
final class XStreamInstance {

    /** Aliases need no escaping: every name of the vocabulary is a plain XML name. */
    private static final NoNameCoder NAME_CODER = new NoNameCoder();

    private final XStream xstream = newXStream();
    private final WireXmlWriter writer = new WireXmlWriter();
    /** Characters of the body being read, reused from one body to the next (up to a bound). */
    private char[] chars = new char[0];

    /**
     * The most characters kept between bodies (a longer body gets an array of its own): 128 KiB
     * per instance, 16 MiB for a full {@link InstancePool}.
     */
    private static final int MAX_KEPT_CHARS = 1 << 16;

    /**
     * Refuses any byte above 127. The JDK's ASCII decoder widens a heap array with a vectorised
     * intrinsic: about four times faster than a loop that checks and widens byte by byte.
     */
    private final CharsetDecoder ascii = StandardCharsets.US_ASCII.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    /**
     * {@code body[0..length)} as characters when it is all ASCII (the usual body), in this
     * instance's own array (for its holder only, until its next call); {@code null} when a byte
     * is not ASCII.
     */
    CharBuffer ascii(byte[] body, int length) {
        char[] array = chars(length);
        ascii.reset();
        CharBuffer out = CharBuffer.wrap(array, 0, length);
        if (ascii.decode(ByteBuffer.wrap(body, 0, length), out, true).isError()) {
            return null;
        }
        return out.flip();
    }

    /** An array of at least {@code length} characters, for this instance's holder only. */
    private char[] chars(int length) {
        if (chars.length >= length) {
            return chars;
        }
        char[] fresh = new char[Math.max(length, Math.min(2 * chars.length, MAX_KEPT_CHARS))];
        if (fresh.length <= MAX_KEPT_CHARS) {
            chars = fresh;
        }
        return fresh;
    }

    /** Encodes {@code envelope}, copying books from {@code known} where it can (none when {@code null}). */
    byte[] encode(Object envelope, EncodedBooks known) {
        writer.reset(known);
        try {
            xstream.marshal(envelope, writer);
            return writer.toByteArray();
        } finally {
            writer.reset();
        }
    }

    /** Unmarshals from a reader that has already refused every name outside the vocabulary. */
    Object decode(WireXmlReader reader) {
        Object decoded = xstream.unmarshal(reader);
        reader.finish();
        return decoded;
    }

    private static XStream newXStream() {
        // The driver is only XStream's default for readers it would create itself; it never
        // parses a body here (decode takes a WireXmlReader).
        XStream xstream = new XStream(new MXParserDriver(NAME_CODER));
        xstream.setMode(XStream.NO_REFERENCES);
        xstream.addPermission(NoTypePermission.NONE);
        xstream.addPermission(NullPermission.NULL);
        List<Class<?>> allowed = new ArrayList<>();
        for (Tag tag : Tag.values()) {
            if (tag.type() != null) {
                xstream.alias(tag.xmlName(), tag.type());
                allowed.add(tag.type());
            }
        }
        xstream.allowTypes(allowed.toArray(new Class<?>[0]));
        Mapper mapper = xstream.getMapper();
        xstream.registerConverter(new EnvelopeConverter(mapper), XStream.PRIORITY_VERY_HIGH);
        xstream.registerConverter(new FlatCollectionConverter(), XStream.PRIORITY_VERY_HIGH);
        xstream.registerConverter(new IntConverter(), XStream.PRIORITY_VERY_HIGH);
        return xstream;
    }
}
