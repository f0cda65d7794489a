package com.acertainbookstore.wire;

import com.acertainbookstore.protocol.Texts;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;

/**
 * Reading helpers shared by the converters: required attributes and element text, parsed by
 * {@link Numbers} (the same rule everywhere). Each failure is a {@link Refusal} naming the
 * element, the attribute and the rule. Stateless.
 */
final class Nodes {

    private Nodes() {
    }

    /** The reader under XStream's: every body is read by a {@link WireXmlReader}. */
    static WireXmlReader wire(HierarchicalStreamReader reader) {
        return (WireXmlReader) reader.underlyingReader();
    }

    /** The element the reader is on (every name it reads is one of the vocabulary's). */
    static Tag tag(HierarchicalStreamReader reader) {
        return wire(reader).currentTag();
    }

    static int requiredInt(HierarchicalStreamReader reader, Attribute attribute) {
        try {
            return wire(reader).intAttribute(attribute);
        } catch (NumberFormatException e) {
            throw invalid(reader, attribute, e);
        }
    }

    static long requiredLong(HierarchicalStreamReader reader, Attribute attribute) {
        try {
            return wire(reader).longAttribute(attribute);
        } catch (NumberFormatException e) {
            throw invalid(reader, attribute, e);
        }
    }

    static float requiredFloat(HierarchicalStreamReader reader, Attribute attribute) {
        try {
            return wire(reader).floatAttribute(attribute);
        } catch (NumberFormatException e) {
            throw invalid(reader, attribute, e);
        }
    }

    static boolean requiredBoolean(HierarchicalStreamReader reader, Attribute attribute) {
        Boolean value = wire(reader).booleanAttribute(attribute);
        if (value == null) {
            throw new Refusal("<" + reader.getNodeName() + "> attribute " + attribute.xmlName() + ": '"
                    + Texts.excerpt(wire(reader).requiredAttribute(attribute)) + "' is not true or false");
        }
        return value;
    }

    /** The element's text as an int; the element must hold nothing else. */
    static int intValue(HierarchicalStreamReader reader) {
        requireNoChildren(reader);
        String value = reader.getValue();
        try {
            return Numbers.parseInt(value);
        } catch (NumberFormatException e) {
            throw new Refusal("<" + reader.getNodeName() + ">: " + e.getMessage(), e);
        }
    }

    /** Refuses child elements where the element must have none. */
    static void requireNoChildren(HierarchicalStreamReader reader) {
        if (reader.hasMoreChildren()) {
            throw new Refusal("<" + reader.getNodeName() + "> must not hold elements");
        }
    }

    private static Refusal invalid(HierarchicalStreamReader reader, Attribute attribute, NumberFormatException e) {
        return new Refusal("<" + reader.getNodeName() + "> attribute " + attribute.xmlName() + ": "
                + e.getMessage(), e);
    }
}
