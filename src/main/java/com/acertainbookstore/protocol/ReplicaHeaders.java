package com.acertainbookstore.protocol;

/**
 * The HTTP headers the replicated store adds to the protocol (the request id's header is
 * {@link RequestId#HEADER}). Constants only.
 */
public final class ReplicaHeaders {

    /**
     * On every answer of a replica that knows the current leader: the leader's HTTP base URL
     * ({@code http://host:port}), the leader itself included.
     */
    public static final String LEADER = "Bookstore-Leader";

    /** The prefix of the message of a mutating call whose outcome is unknown ({@code 503}, {@code 410}). */
    public static final String OUTCOME_UNKNOWN = "outcome unknown: ";

    /** The prefix of the message of a read the group could not serve in time ({@code 503}). */
    public static final String NOT_SERVED = "not served: ";

    private ReplicaHeaders() {
    }
}
