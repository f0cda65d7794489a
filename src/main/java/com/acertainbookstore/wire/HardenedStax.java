package com.acertainbookstore.wire;

import com.ctc.wstx.api.WstxInputProperties;
import com.ctc.wstx.stax.WstxInputFactory;
import com.ctc.wstx.stax.WstxOutputFactory;
import java.io.ByteArrayInputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.XMLStreamWriter;
import org.codehaus.stax2.XMLOutputFactory2;

/**
 * The Woodstox factories of the codec's StAX form, configured once and safe to share (Woodstox's
 * factories are thread-safe once configured): no DTD, no external entity, no namespaces, and the
 * protocol's limits set as Woodstox's own (nesting, attributes per element, elements per body,
 * attribute and text length). Woodstox has no limit on a name's length: a name is bounded by the
 * body, and {@link VocabularyFilter} refuses any name outside the vocabulary.
 */
final class HardenedStax {

    /** The longest attribute value: every attribute is a number or a flag ({@link Numbers}: 48 characters). */
    private static final int MAX_ATTRIBUTE_CHARS = 64;
    /** The longest text of one element in a request: the default body limit. */
    private static final int MAX_REQUEST_TEXT = 1 << 20;
    /** The longest text of one element in an answer: the client's answer limit. */
    private static final int MAX_ANSWER_TEXT = 64 << 20;

    private static final XMLInputFactory REQUESTS = input(WireCodec.MAX_REQUEST_ELEMENTS, MAX_REQUEST_TEXT);
    private static final XMLInputFactory ANSWERS = input(WireCodec.MAX_ANSWER_ELEMENTS, MAX_ANSWER_TEXT);
    private static final XMLOutputFactory OUTPUT = output();

    private HardenedStax() {
    }

    /**
     * A reader over {@code body[0..length)} as UTF-8, holding at most {@code maxElements}
     * elements (one of the two limits the codec uses).
     */
    static XMLStreamReader reader(byte[] body, int length, int maxElements) throws XMLStreamException {
        XMLInputFactory factory = maxElements <= WireCodec.MAX_REQUEST_ELEMENTS ? REQUESTS : ANSWERS;
        return factory.createXMLStreamReader(new ByteArrayInputStream(body, 0, length),
                StandardCharsets.UTF_8.name());
    }

    /** A writer of UTF-8 XML into {@code out}, without an XML declaration. */
    static XMLStreamWriter writer(OutputStream out) throws XMLStreamException {
        return OUTPUT.createXMLStreamWriter(out, StandardCharsets.UTF_8.name());
    }

    private static XMLInputFactory input(int maxElements, int maxText) {
        XMLInputFactory factory = new WstxInputFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        factory.setProperty(WstxInputProperties.P_MAX_ELEMENT_DEPTH, Tag.MAX_DEPTH);
        factory.setProperty(WstxInputProperties.P_MAX_ATTRIBUTES_PER_ELEMENT, Attribute.values().length);
        factory.setProperty(WstxInputProperties.P_MAX_ATTRIBUTE_SIZE, MAX_ATTRIBUTE_CHARS);
        factory.setProperty(WstxInputProperties.P_MAX_ELEMENT_COUNT, maxElements);
        factory.setProperty(WstxInputProperties.P_MAX_CHILDREN_PER_ELEMENT, maxElements);
        factory.setProperty(WstxInputProperties.P_MAX_TEXT_LENGTH, maxText);
        return factory;
    }

    private static XMLOutputFactory output() {
        XMLOutputFactory factory = new WstxOutputFactory();
        factory.setProperty(XMLOutputFactory2.P_AUTOMATIC_EMPTY_ELEMENTS, true);
        factory.setProperty(XMLOutputFactory.IS_REPAIRING_NAMESPACES, false);
        return factory;
    }
}
