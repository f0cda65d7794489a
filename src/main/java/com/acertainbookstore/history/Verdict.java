package com.acertainbookstore.history;

/** What a check found. Immutable. */
public enum Verdict {
    /** An order of the calls explains every outcome. */
    LINEARIZABLE("linearizable"),
    /** No order does: the report shows the smallest window found that cannot be ordered. */
    VIOLATION("VIOLATION"),
    /** The search spent its budget before it could say: never a pass. */
    UNKNOWN("unknown");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** As written in the console and the checks file. */
    public String label() {
        return label;
    }
}
