package com.acertainbookstore.workload.results;

/**
 * A results file that does not follow the format: its message names the file, the line and,
 * where there is one, the column. Immutable, safe to share.
 */
public final class ResultsFormatException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ResultsFormatException(String message) {
        super(message);
    }

    public ResultsFormatException(String message, Throwable cause) {
        super(message, cause);
    }
}
