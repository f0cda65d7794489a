package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;

/**
 * A remote call that did not succeed: the server's answer other than 200 (its message exactly as
 * the server wrote it, e.g. the store's own message, and the status), an answer that is not a
 * valid message of the protocol, or a call that got no answer (status 0: connection refused,
 * timeout). Immutable.
 */
public final class BookStoreHTTPException extends BookStoreException {

    private static final long serialVersionUID = 1L;

    private final int status;

    public BookStoreHTTPException(int status, String message) {
        super(message);
        this.status = status;
    }

    public BookStoreHTTPException(int status, String message, Throwable cause) {
        super(message, cause);
        this.status = status;
    }

    /** A call that got no answer (status 0). */
    public BookStoreHTTPException(String message, Throwable cause) {
        this(0, message, cause);
    }

    /** The HTTP status answered, or 0 when no answer came. */
    public int status() {
        return status;
    }
}
