package com.acertainbookstore.wire;

import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.QNameMap;
import com.thoughtworks.xstream.io.xml.StaxReader;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The codec's StAX form of reading: XStream's own {@code StaxReader} over a hardened Woodstox
 * reader ({@link HardenedStax}) behind the {@link VocabularyFilter}. Attributes are parsed by
 * {@link Numbers} from the strings Woodstox gives; no book is recalled (a StAX reader hands out
 * events, not the text they came from). One per body, on one thread; not safe to share.
 */
final class StaxWireReader extends StaxReader implements WireReading {

    private static final QNameMap NAMES = new QNameMap();
    private static final NoNameCoder NAME_CODER = new NoNameCoder();

    private final XMLStreamReader filtered;

    private StaxWireReader(XMLStreamReader filtered) {
        super(NAMES, filtered, NAME_CODER);
        this.filtered = filtered;
    }

    /** A reader positioned on the root element of {@code body[0..length)}. */
    static StaxWireReader over(byte[] body, int length, int maxElements) throws XMLStreamException {
        return new StaxWireReader(new VocabularyFilter(HardenedStax.reader(body, length, maxElements)));
    }

    /** Reads the rest of the body, refusing anything malformed in it, once the converters are done. */
    void finish() throws XMLStreamException {
        while (filtered.hasNext()) {
            filtered.next();
        }
    }

    @Override
    public Tag currentTag() {
        return Tag.find(getNodeName());
    }

    @Override
    public int intAttribute(Attribute attribute) {
        return Numbers.parseInt(requiredAttribute(attribute));
    }

    @Override
    public long longAttribute(Attribute attribute) {
        return Numbers.parseLong(requiredAttribute(attribute));
    }

    @Override
    public float floatAttribute(Attribute attribute) {
        return Numbers.parseFloat(requiredAttribute(attribute));
    }

    @Override
    public Boolean booleanAttribute(Attribute attribute) {
        String value = requiredAttribute(attribute);
        return "true".equals(value) ? Boolean.TRUE : "false".equals(value) ? Boolean.FALSE : null;
    }

    @Override
    public String requiredAttribute(Attribute attribute) {
        String value = getAttribute(attribute.xmlName());
        if (value == null) {
            throw new Refusal("<" + getNodeName() + "> lacks attribute " + attribute.xmlName());
        }
        return value;
    }

    @Override
    public DecodedBooks.Entry recallItem() {
        return null;
    }

    @Override
    public void rememberItem(Object book) {
        // Nothing is kept: see the class comment.
    }
}
