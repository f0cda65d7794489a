package com.acertainbookstore.workload.results;

/** How an open loop spaces the intended starts of its interactions. Immutable. */
public enum Arrivals implements Labelled {
    /** Evenly, one every 1/rate seconds. */
    CONSTANT("constant"),
    /** As a Poisson process: independent, exponentially distributed gaps of mean 1/rate. */
    POISSON("poisson");

    private final String label;

    Arrivals(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
