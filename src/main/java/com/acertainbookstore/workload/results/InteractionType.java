package com.acertainbookstore.workload.results;

/** The three interactions of the mix, in the order of their columns. Immutable. */
public enum InteractionType {
    CUSTOMER("customer"),
    REPLENISHMENT("replenishment"),
    ACQUISITION("acquisition");

    private final String label;

    InteractionType(String label) {
        this.label = label;
    }

    /** The lower-case name used in column names. */
    public String label() {
        return label;
    }
}
