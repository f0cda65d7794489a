package com.acertainbookstore.replication;

import java.util.UUID;

/**
 * The identity of one mutating call, immutable: the client that sent it (a random UUID a proxy
 * draws once) and that client's sequence number for it. A client sends its calls one at a time
 * under one id and numbers them upwards; a re-send of the same call (after a failover, through any
 * replica) carries the same id, which is how the state machine applies it at most once.
 *
 * @param client the client's id, never {@code null}
 * @param sequence the call's number for that client, {@code >= 0}
 */
public record RequestId(UUID client, long sequence) {

    public RequestId {
        if (client == null) {
            throw new IllegalArgumentException("client is null (must be a UUID)");
        }
        if (sequence < 0) {
            throw new IllegalArgumentException("sequence " + sequence + " is invalid (must be >= 0)");
        }
    }

    @Override
    public String toString() {
        return client + "#" + sequence;
    }
}
