package com.acertainbookstore.workload.results;

/** How a repetition is measured. Immutable. */
public enum Measure implements Labelled {
    /** A warm-up for a time, then a fixed window during which every worker runs. */
    TIME("time"),
    /** The reference: each worker runs a fixed number of warm-up, then measured interactions (closed loop only). */
    COUNT("count");

    private final String label;

    Measure(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
