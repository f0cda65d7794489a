/**
 * The replicated bookstore on Apache Ratis: the state machine over a
 * {@link com.acertainbookstore.store.CertainBookStore}, its log-entry, query and snapshot
 * formats, its exactly-once table, the builder of one replica's Ratis server, and the replicated
 * service the HTTP server serves ({@link com.acertainbookstore.replication.ReplicatedStore}:
 * batching, reads, deadlines), plugged into the HTTP server through {@code server.StoreService}.
 *
 * <p>Uses: {@code business}, {@code server}, {@code store}, {@code wire}.
 */
package com.acertainbookstore.replication;
