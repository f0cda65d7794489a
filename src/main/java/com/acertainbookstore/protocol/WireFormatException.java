package com.acertainbookstore.protocol;

/**
 * A body that is not a valid message of the protocol (immutable once thrown): malformed XML, a
 * class outside the allow-list, a wrong or missing argument. The message says what was wrong.
 * The server answers it with 400; nothing has been called when it is thrown.
 */
public final class WireFormatException extends Exception {

    private static final long serialVersionUID = 1L;

    public WireFormatException(String message) {
        super(message);
    }

    public WireFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
