package com.acertainbookstore.statemachine;

/**
 * Bytes that do not hold what their format says (a log entry, a query, a reply or a snapshot):
 * truncated, an unknown tag or version, a count beyond its bound, invalid UTF-8. The message names
 * the field and the offset.
 */
public final class MalformedDataException extends Exception {

    private static final long serialVersionUID = 1L;

    public MalformedDataException(String message) {
        super(message);
    }

    public MalformedDataException(String message, Throwable cause) {
        super(message, cause);
    }
}
