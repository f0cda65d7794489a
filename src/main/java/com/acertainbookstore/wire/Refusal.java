package com.acertainbookstore.wire;

import com.acertainbookstore.protocol.WireFormatException;

/**
 * Why a body is not a valid message, thrown while reading it (by the XML reader and the
 * converters) and turned into a {@link WireFormatException} by {@link WireCodec}, message
 * unchanged. Carries no stack trace: hostile bodies are expected, and filling one in for each
 * would make refusing them cost more than reading them.
 */
final class Refusal extends RuntimeException {

    private static final long serialVersionUID = 1L;

    Refusal(String message) {
        super(message, null, false, false);
    }

    Refusal(String message, Throwable cause) {
        super(message, cause, false, false);
    }
}
