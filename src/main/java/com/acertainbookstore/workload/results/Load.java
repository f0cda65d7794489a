package com.acertainbookstore.workload.results;

/** How the clients load the store. Immutable. */
public enum Load implements Labelled {
    /** A fixed number of clients, each starting its next interaction when the last one ends. */
    CLOSED("closed"),
    /**
     * A fixed offered rate: interactions start on a schedule, whatever the store's speed, and
     * their latency counts from the intended start.
     */
    OPEN("open");

    private final String label;

    Load(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
