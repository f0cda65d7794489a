package com.acertainbookstore.protocol;

/**
 * The body of every answer other than 200, immutable and safe to share: the message of what went
 * wrong (for a refused store call, the store's own message, unchanged).
 */
public final class WireError {

    private final String message;

    public WireError(String message) {
        if (message == null) {
            throw new IllegalArgumentException("message must not be null");
        }
        this.message = message;
    }

    public String message() {
        return message;
    }
}
