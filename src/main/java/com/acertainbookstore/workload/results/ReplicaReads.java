package com.acertainbookstore.workload.results;

/**
 * How forked replicas serve reads ({@code workload.replicaReads}, given to each replica as
 * {@code replica.reads}); the label is the replica setting's value. Immutable.
 */
public enum ReplicaReads implements Labelled {
    /** Read index through the leader: every read sees every write acknowledged before it began. */
    LINEARIZABLE("linearizable"),
    /** From the answering replica's own state, possibly behind the leader's. */
    STALE("stale");

    private final String label;

    ReplicaReads(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
