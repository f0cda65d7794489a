package com.acertainbookstore.wire;

/**
 * What the converters read beyond XStream's reader interface: the element as a vocabulary tag,
 * attributes parsed by {@link Numbers}, and the book memory. Implemented by the reader XStream
 * unmarshals from, one per body, on one thread.
 */
interface WireReading {

    /** The element the reader is on (every name it reads is one of the vocabulary's). */
    Tag currentTag();

    int intAttribute(Attribute attribute);

    long longAttribute(Attribute attribute);

    float floatAttribute(Attribute attribute);

    /** Whether the attribute is exactly {@code true}; {@code null} when neither {@code true} nor {@code false}. */
    Boolean booleanAttribute(Attribute attribute);

    /** The current element's attribute; refused when absent. */
    String requiredAttribute(Attribute attribute);

    /** A book read before whose text the next child repeats, moved past; {@code null} to read it in full. */
    DecodedBooks.Entry recallItem();

    /** Keeps the book just read in full (after a {@link #recallItem} that answered {@code null}). */
    void rememberItem(Object book);
}
