package com.acertainbookstore.business;

/**
 * A business failure: the call was refused (invalid input, a book not in the store, not enough
 * copies) or, through a proxy, could not be completed. The message names the value and the rule.
 * A store call that throws it has changed nothing, except the sale misses a failed purchase
 * records; the one exception is its subclass {@link OutcomeUnknownException}, thrown when a
 * proxy cannot tell whether the call took effect. Immutable.
 */
public class BookStoreException extends Exception {

    private static final long serialVersionUID = 1L;

    public BookStoreException() {
        super();
    }

    public BookStoreException(String message) {
        super(message);
    }

    public BookStoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public BookStoreException(Throwable cause) {
        super(cause);
    }
}
