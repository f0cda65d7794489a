package com.acertainbookstore.workload.results;

/** Which interactions the workers run. Immutable. */
public enum Profile implements Labelled {
    /**
     * The 60/30/10 mix of multi-book interactions (customer, replenishment, acquisition): the
     * throughput workload.
     */
    MIX("mix"),
    /**
     * Single-ISBN calls on a few hot books, made for checking: buy one copy of book i (the
     * customer type), add copies to book i (replenishment), read book i's stock (counted under
     * the acquisition type). Every call names one ISBN, so its history splits per ISBN.
     */
    REGISTER("register");

    private final String label;

    Profile(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
