package com.acertainbookstore.wire;

/**
 * What the converters write beyond XStream's writer interface: numbers and flags as attributes,
 * and whole book elements copied from, or kept for, the book memory. Implemented by the writer
 * XStream marshals to, one message at a time.
 */
interface WireWriting {

    /** The books this message may copy, or {@code null}. */
    EncodedBooks known();

    /** Ends the parent's start tag if still open and answers where the next element will start. */
    int elementStart();

    /** The bytes written since {@code start} (from {@link #elementStart}): whole elements. */
    byte[] bytesSince(int start);

    /** Writes a whole element written before (from {@link #bytesSince}) as the next child. */
    void element(byte[] bytes);

    /** Writes the attribute {@code name="value"} in decimal. */
    void addAttribute(String name, long value);

    /** Writes {@code name="true"} or {@code name="false"}. */
    void addAttribute(String name, boolean value);
}
