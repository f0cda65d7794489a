package com.acertainbookstore.report;

/**
 * Charts could not be drawn because of the machine (no font, no fontconfig, no display), not
 * because of the results; the message says what to install or set. Immutable, safe to share.
 */
public final class ChartRenderingException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ChartRenderingException(String message, Throwable cause) {
        super(message, cause);
    }
}
