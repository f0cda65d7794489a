package com.acertainbookstore.wire;

import com.thoughtworks.xstream.io.StreamException;
import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.QNameMap;
import com.thoughtworks.xstream.io.xml.StaxWriter;
import java.io.OutputStream;
import java.util.Arrays;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * The codec's StAX form of writing: XStream's own {@code StaxWriter} over a Woodstox writer
 * ({@link HardenedStax}) into a byte buffer of this class, so that a book's element can be kept
 * and copied ({@link EncodedBooks}): the Woodstox writer is flushed into the buffer before and
 * after such an element. One per message; not safe to share.
 */
final class StaxWireWriter extends StaxWriter implements WireWriting {

    private static final QNameMap NAMES = new QNameMap();
    private static final NoNameCoder NAME_CODER = new NoNameCoder();

    private final Bytes out;
    private final XMLStreamWriter xml;
    private final EncodedBooks known;

    private StaxWireWriter(Bytes out, XMLStreamWriter xml, EncodedBooks known) throws XMLStreamException {
        super(NAMES, xml, false, false, NAME_CODER);
        this.out = out;
        this.xml = xml;
        this.known = known;
    }

    /** A writer of one message, which may copy books from {@code known} (or not, when {@code null}). */
    static StaxWireWriter create(EncodedBooks known) {
        try {
            Bytes out = new Bytes();
            return new StaxWireWriter(out, HardenedStax.writer(out), known);
        } catch (XMLStreamException e) {
            throw new StreamException(e);
        }
    }

    /** The message written. */
    byte[] toByteArray() {
        flush();
        return Arrays.copyOf(out.bytes, out.size);
    }

    @Override
    public EncodedBooks known() {
        return known;
    }

    @Override
    public int elementStart() {
        try {
            xml.writeCharacters("");
            xml.flush();
        } catch (XMLStreamException e) {
            throw new StreamException(e);
        }
        return out.size;
    }

    @Override
    public byte[] bytesSince(int start) {
        flush();
        return Arrays.copyOfRange(out.bytes, start, out.size);
    }

    @Override
    public void element(byte[] bytes) {
        elementStart();
        out.write(bytes, 0, bytes.length);
    }

    @Override
    public void addAttribute(String name, long value) {
        addAttribute(name, Long.toString(value));
    }

    @Override
    public void addAttribute(String name, boolean value) {
        addAttribute(name, Boolean.toString(value));
    }

    /** A growable byte array the Woodstox writer flushes into. */
    private static final class Bytes extends OutputStream {

        private byte[] bytes = new byte[512];
        private int size;

        @Override
        public void write(int b) {
            ensure(1);
            bytes[size++] = (byte) b;
        }

        @Override
        public void write(byte[] from, int offset, int length) {
            ensure(length);
            System.arraycopy(from, offset, bytes, size, length);
            size += length;
        }

        private void ensure(int more) {
            if (size + more > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
            }
        }
    }
}
