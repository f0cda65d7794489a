package com.acertainbookstore.replication;

import java.util.Locale;

/** How a replica serves reads. Immutable. */
public enum ReadMode {

    /**
     * Through Ratis' read index: the replica asks the leader for its commit index, the leader
     * confirms it still leads with a round of heartbeats, and the read is answered once this
     * replica has applied that far. A read sees every write acknowledged before it began.
     */
    LINEARIZABLE,
    /**
     * From this replica's own state as it is, at once, without asking anyone: possibly stale (a
     * follower may lag behind the leader; a replica cut off from the others goes on answering
     * from what it has). Faster, and served even when the group has no quorum.
     */
    STALE;

    /** {@code linearizable} or {@code stale}, any case. */
    public static ReadMode parse(String value) {
        for (ReadMode mode : values()) {
            if (mode.name().equalsIgnoreCase(value.trim())) {
                return mode;
            }
        }
        throw new IllegalArgumentException("'" + value + "' is not a read mode (linearizable or stale)");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
