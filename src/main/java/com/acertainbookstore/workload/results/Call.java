package com.acertainbookstore.workload.results;

/** The remote calls a worker makes, each timed on its own. Immutable. */
public enum Call {
    GET_EDITOR_PICKS("getEditorPicks"),
    BUY_BOOKS("buyBooks"),
    GET_BOOKS("getBooks"),
    ADD_COPIES("addCopies"),
    ADD_BOOKS("addBooks"),
    HEALTH("health");

    private final String label;

    Call(String label) {
        this.label = label;
    }

    /** The method name, used in column names. */
    public String label() {
        return label;
    }
}
