package com.acertainbookstore.history;

/**
 * How a recorded call ended, as its client saw it. Immutable.
 */
public enum Outcome {
    /** It returned (a read's result is recorded). */
    OK("ok"),
    /** The store refused it ({@code BookStoreException}, or its 422/409 over HTTP): an outcome to explain too. */
    REFUSED("refused"),
    /** It failed in a way known not to have reached the store (connection refused, a 400): it did not happen. */
    FAILED("failed"),
    /** It may or may not have taken effect, at any time after its start (a timeout, a lost answer). */
    UNKNOWN("unknown");

    private final String label;

    Outcome(String label) {
        this.label = label;
    }

    /** The outcome as written in the history file. */
    public String label() {
        return label;
    }

    /** The outcome written {@code label}, or an {@link IllegalArgumentException} naming it. */
    public static Outcome parse(String label) {
        for (Outcome outcome : values()) {
            if (outcome.label.equals(label)) {
                return outcome;
            }
        }
        throw new IllegalArgumentException("outcome '" + label + "' is not one of ok, refused, failed, unknown");
    }
}
