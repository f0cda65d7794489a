package com.acertainbookstore.business;

/**
 * A call whose outcome is unknown: it may or may not have taken effect. A proxy raises it when a
 * mutating request may have reached the server but no answer came (the connection broke after
 * the request was sent, the deadline passed, or a replicated group answered {@code 503} to a
 * write). Unlike its parent it does not promise that nothing changed: a caller that must know
 * reads the store again, or re-sends the call with the same request id where the store applies
 * each id at most once. Immutable.
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
