/**
 * The replicated bookstore on Apache Ratis: the state machine over a
 * {@link com.acertainbookstore.store.CertainBookStore}, its log-entry, query and snapshot
 * formats, its exactly-once table, the builder of one replica's Ratis server, and the replicated
 * service the HTTP server serves ({@link com.acertainbookstore.replication.ReplicatedStore}:
 * batching, reads, deadlines). Depends on {@code business}, {@code interfaces}, {@code wire} and
 * {@code server} (it plugs into the HTTP server through {@code server.StoreService}); never on
 * {@code client}, {@code workload} or {@code replica}.
 */
package com.acertainbookstore.replication;
