package com.acertainbookstore.replication;

import com.acertainbookstore.business.Locking;
import java.time.Duration;

/**
 * How a replica's Ratis server (and a client of the group) is set up: one immutable, validated
 * value with every default here.
 *
 * @param electionTimeoutMin the least time a follower waits for its leader before it stands for
 *     election ({@code raft.server.rpc.timeout.min}); Ratis' 150 ms is too short for three JVMs and
 *     a load generator sharing two cores, hence 300 ms
 * @param electionTimeoutMax the most ({@code raft.server.rpc.timeout.max}); 600 ms
 * @param snapshotEvery a snapshot is taken automatically every this many applied entries
 *     ({@code raft.server.snapshot.auto.trigger.threshold}, and the creation gap); 10,000
 * @param durableLog whether a write is acknowledged only once the log holding it is forced to disk
 *     on a majority ({@code raft.server.log.unsafe-flush.enabled=false}); {@code true}. Off, a
 *     crash of a majority can lose acknowledged writes.
 * @param locking the locking mode of the store inside the state machine (apply is single-threaded,
 *     queries run beside it)
 * @param clientAttempts how many times a {@link org.apache.ratis.client.RaftClient} built here tries
 *     a request (a bounded policy: Ratis' default retries forever); 40
 * @param clientRetrySleep the pause between two attempts; 100 ms (so a client gives up after about
 *     4 s plus its request timeouts, time enough for an election)
 * @param clientRequestTimeout how long one attempt waits for its answer; 3 s
 * @param logSegmentBytes the size at which a log segment is closed and a new one begun
 *     ({@code raft.server.log.segment.size.max}); 8 MiB. Only closed segments are purged (up to
 *     the newest snapshot), so this bounds the log kept beyond the snapshot; Ratis' 32 MiB would
 *     keep hundreds of thousands of this store's small entries.
 * @param tls mutual TLS on the Raft port and every client of the group, or {@code null} for plain
 *     gRPC (the default); a replica beyond loopback needs it unless told {@code bookstore.insecure=true}
 */
public record ReplicaSettings(Duration electionTimeoutMin, Duration electionTimeoutMax, long snapshotEvery,
        boolean durableLog, Locking locking, int clientAttempts, Duration clientRetrySleep,
        Duration clientRequestTimeout, long logSegmentBytes, RaftTls tls) {

    /** The defaults above. */
    public static final ReplicaSettings DEFAULT = new ReplicaSettings(Duration.ofMillis(300), Duration.ofMillis(600),
            10_000, true, Locking.DEFAULT, 40, Duration.ofMillis(100), Duration.ofSeconds(3), 8L << 20, null);

    public ReplicaSettings {
        if (electionTimeoutMin == null || electionTimeoutMin.toMillis() < 1) {
            throw new IllegalArgumentException("electionTimeoutMin (" + electionTimeoutMin + ") must be >= 1 ms");
        }
        if (electionTimeoutMax == null || electionTimeoutMax.compareTo(electionTimeoutMin) <= 0) {
            throw new IllegalArgumentException("electionTimeoutMax (" + electionTimeoutMax
                    + ") must be > electionTimeoutMin (" + electionTimeoutMin + ")");
        }
        if (snapshotEvery < 1) {
            throw new IllegalArgumentException("snapshotEvery (" + snapshotEvery + ") must be >= 1");
        }
        if (locking == null) {
            throw new IllegalArgumentException("locking is null");
        }
        if (clientAttempts < 1) {
            throw new IllegalArgumentException("clientAttempts (" + clientAttempts + ") must be >= 1");
        }
        if (clientRetrySleep == null || clientRetrySleep.isNegative()) {
            throw new IllegalArgumentException("clientRetrySleep (" + clientRetrySleep + ") must be >= 0");
        }
        if (clientRequestTimeout == null || clientRequestTimeout.toMillis() < 1) {
            throw new IllegalArgumentException("clientRequestTimeout (" + clientRequestTimeout + ") must be >= 1 ms");
        }
        if (logSegmentBytes < 1024) {
            throw new IllegalArgumentException("logSegmentBytes (" + logSegmentBytes + ") must be >= 1024");
        }
    }

    public ReplicaSettings withSnapshotEvery(long entries) {
        return new ReplicaSettings(electionTimeoutMin, electionTimeoutMax, entries, durableLog, locking,
                clientAttempts, clientRetrySleep, clientRequestTimeout, logSegmentBytes, tls);
    }

    public ReplicaSettings withDurableLog(boolean durable) {
        return new ReplicaSettings(electionTimeoutMin, electionTimeoutMax, snapshotEvery, durable, locking,
                clientAttempts, clientRetrySleep, clientRequestTimeout, logSegmentBytes, tls);
    }

    public ReplicaSettings withLocking(Locking mode) {
        return new ReplicaSettings(electionTimeoutMin, electionTimeoutMax, snapshotEvery, durableLog, mode,
                clientAttempts, clientRetrySleep, clientRequestTimeout, logSegmentBytes, tls);
    }

    public ReplicaSettings withLogSegmentBytes(long bytes) {
        return new ReplicaSettings(electionTimeoutMin, electionTimeoutMax, snapshotEvery, durableLog, locking,
                clientAttempts, clientRetrySleep, clientRequestTimeout, bytes, tls);
    }

    /** These settings with mutual TLS between the replicas ({@code null}: plain gRPC). */
    public ReplicaSettings withTls(RaftTls newTls) {
        return new ReplicaSettings(electionTimeoutMin, electionTimeoutMax, snapshotEvery, durableLog, locking,
                clientAttempts, clientRetrySleep, clientRequestTimeout, logSegmentBytes, newTls);
    }
}
