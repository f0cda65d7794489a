package com.acertainbookstore.workload.results;

/**
 * The kinds of failure an interaction can meet, each counted in its own column
 * ({@code failures_} and its {@link #columnLabel()}, e.g. {@code failures_not_enough_copies}).
 * Immutable.
 */
public enum FailureKind implements Labelled {
    /** The store refused a buy: fewer copies than asked. */
    NOT_ENOUGH_COPIES("not enough copies"),
    /** The store refused an add: a concurrent acquisition added the book first. */
    ALREADY_IN_STORE("already in the store"),
    /** The store refused a call naming a book it does not hold. */
    NOT_IN_STORE("book not in the store"),
    /** No answer within the client's timeout. */
    TIMEOUT("timeout"),
    /** The connection to the server failed. */
    CONNECTION("connection"),
    /** Anything else; the cause's detail says what. */
    OTHER("other");

    private final String label;

    FailureKind(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The column-name form of the label: {@code not_enough_copies}. */
    public String columnLabel() {
        return label.replace(' ', '_');
    }
}
