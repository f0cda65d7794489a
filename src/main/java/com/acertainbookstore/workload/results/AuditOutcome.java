package com.acertainbookstore.workload.results;

/** What the audit of copies found for a repetition, or a point. Immutable. */
public enum AuditOutcome implements Labelled {
    /** Every ISBN's copies added up. */
    PASSED("passed"),
    /** At least one ISBN's copies did not: the run failed. */
    FAILED("FAILED"),
    /** No audit: the transport ceiling calls no store method. */
    NOT_APPLICABLE("");

    private final String label;

    AuditOutcome(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The outcome of several repetitions: failed if any failed, passed if all passed. */
    public AuditOutcome and(AuditOutcome other) {
        if (this == FAILED || other == FAILED) {
            return FAILED;
        }
        return this == PASSED || other == PASSED ? PASSED : NOT_APPLICABLE;
    }
}
