package com.acertainbookstore.business;

/**
 * A call whose outcome is unknown: it may or may not have taken effect. Immutable. A proxy raises
 * it when a call that changes the store was written whole to the server and no answer came (the
 * connection closed or broke, or the deadline passed); such a call is never sent again. Unlike its
 * parent it does not promise that nothing changed: a caller that must know reads the store again.
 */
public class OutcomeUnknownException extends BookStoreException {

    private static final long serialVersionUID = 1L;

    public OutcomeUnknownException(String message) {
        super(message);
    }

    public OutcomeUnknownException(String message, Throwable cause) {
        super(message, cause);
    }
}
