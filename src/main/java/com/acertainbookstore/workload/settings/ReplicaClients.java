package com.acertainbookstore.workload.settings;

import com.acertainbookstore.workload.results.Labelled;

/** How the workers of a replicated run reach the replicas ({@code workload.replicaClients}). Immutable. */
public enum ReplicaClients implements Labelled {
    /**
     * The workers share one pair of proxies holding every replica's URL (the leader's first); a
     * call moves on to another replica when one cannot answer: what an application sees.
     */
    FAILOVER("failover"),
    /**
     * Worker i talks to replica i mod N alone, as each client of a Jepsen test talks to one node:
     * what a client bound to a replica sees, a cut-off one included.
     */
    PINNED("pinned");

    private final String label;

    ReplicaClients(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }
}
