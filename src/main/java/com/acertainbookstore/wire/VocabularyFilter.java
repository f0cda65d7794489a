package com.acertainbookstore.wire;

import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import javax.xml.stream.util.StreamReaderDelegate;

/**
 * Stands between Woodstox and XStream's {@code StaxReader}: refuses every element or attribute
 * name outside the {@link Tag} vocabulary, a root other than an envelope, a DOCTYPE, a processing
 * instruction and an XML declaration naming another encoding than UTF-8, before XStream sees the
 * event (XStream's cache of names it failed to resolve never empties). One per body; not safe to
 * share.
 *
 * <p>A reader that refused a name is abandoned, never closed: Woodstox merges the names a reader
 * met into its factory's shared symbol table when the reader is closed or reaches the end, and a
 * refused name must not stay there.
 */
final class VocabularyFilter extends StreamReaderDelegate {

    private int depth;

    VocabularyFilter(XMLStreamReader reader) {
        super(reader);
        String encoding = reader.getCharacterEncodingScheme();
        if (encoding != null && !encoding.equalsIgnoreCase("UTF-8")) {
            throw new Refusal("the XML declaration names an encoding other than UTF-8");
        }
    }

    @Override
    public int next() throws XMLStreamException {
        int event = super.next();
        switch (event) {
            case XMLStreamConstants.START_ELEMENT -> startElement();
            case XMLStreamConstants.END_ELEMENT -> depth--;
            case XMLStreamConstants.DTD -> throw new Refusal("malformed XML: DOCTYPE and other declarations are not allowed");
            case XMLStreamConstants.PROCESSING_INSTRUCTION ->
                throw new Refusal("malformed XML: processing instructions are not allowed");
            case XMLStreamConstants.ENTITY_REFERENCE -> throw new Refusal("malformed XML: entity &"
                    + Texts.excerpt(getLocalName()) + "; is unknown (only &lt; &gt; &amp; &quot; &apos; and character references)");
            default -> {
                // Text, comments, white space and the document's end need no check.
            }
        }
        return event;
    }

    private void startElement() {
        String name = getLocalName();
        Tag tag = Tag.find(name);
        if (tag == null) {
            throw new Refusal("element <" + Texts.excerpt(name) + "> is not part of the protocol");
        }
        if (depth == 0 && tag != Tag.REQUEST && tag != Tag.RESPONSE && tag != Tag.ERROR) {
            throw new Refusal("the root element is <" + tag.xmlName() + ">, not <req>, <res> or <err>");
        }
        depth++;
        for (int i = 0; i < getAttributeCount(); i++) {
            String attribute = getAttributeLocalName(i);
            if (tag.attribute(attribute) == null) {
                throw new Refusal("attribute " + Texts.excerpt(attribute) + " of <" + tag.xmlName()
                        + "> is not part of the protocol");
            }
        }
    }
}
