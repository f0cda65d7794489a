package com.acertainbookstore.workload.results;

/** What is checked after each repetition besides the audit. Immutable. */
public enum CheckMode implements Labelled {
    /** Nothing more. */
    NONE("none"),
    /** The recorded history must be linearizable: a violation fails the run, like a failed audit. */
    LINEARIZABLE("linearizable");

    private final String label;

    CheckMode(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
