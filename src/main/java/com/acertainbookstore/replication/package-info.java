/**
 * The request path of a replica on Apache Ratis: the replicated service the HTTP server serves
 * ({@link com.acertainbookstore.replication.ReplicatedStore}: writes batched into log entries,
 * linearizable reads sharing read-index rounds or stale reads of this replica, deadlines, the
 * watch on the replica's majority), the Ratis client that forwards to the leader and the hand-off
 * to the replica's own Ratis server, the builder of one replica's Ratis server with its settings
 * (mutual TLS between the replicas among them, {@code RaftTls}), and the group of replicas.
 *
 * <p>Which is which: {@code replication} feeds the replicated state, which is
 * {@code statemachine}'s (the state machine, its formats, exactly-once table and snapshots; this
 * package depends on it, never the other way); {@code replica} is one replica as a process;
 * {@code cluster} starts and manages many replica processes. Plugs into the HTTP server through
 * {@code server.StoreService}; never depends on {@code client}, {@code workload}, {@code replica}
 * or {@code cluster}.
 *
 * <p>Uses: {@code business}, {@code protocol}, {@code server}, {@code statemachine}, {@code tls}.
 */
package com.acertainbookstore.replication;
