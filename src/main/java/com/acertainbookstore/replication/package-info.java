/**
 * The replicated bookstore on Apache Ratis: the state machine over a
 * {@link com.acertainbookstore.business.CertainBookStore}, its log-entry, query and snapshot
 * formats, its exactly-once table, and the builder of one replica's Ratis server. Depends on
 * {@code business}, {@code interfaces} and {@code wire}; nothing in the project depends on it yet
 * (the HTTP path, forwarding and the proxies' failover come next).
 */
package com.acertainbookstore.replication;
