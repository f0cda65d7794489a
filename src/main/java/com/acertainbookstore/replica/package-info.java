/**
 * One replica as a process: its configuration from {@code replica.*} and {@code bookstore.*}
 * properties (with the files of its mutual TLS with the other replicas, {@code replica.tls.*}),
 * the checks made before it starts (ports, storage, TLS beyond loopback), the {@code Replica} that starts
 * and stops its Ratis server, replicated service and HTTP server together, {@code ReplicaMain},
 * and the {@code Warmup} a replica process may run first (a scratch group in its JVM, driven
 * through the proxies of {@code client}); with the free loopback ports and storage deletion that
 * both a replica and the fleet use.
 *
 * <p>Which is which: {@code replica} is one replica's process; {@code replication} is the request
 * path inside it; {@code statemachine} is the replicated state; {@code cluster} forks and manages
 * many replica processes and depends on this package, never the other way.
 *
 * <p>Uses: {@code business}, {@code client}, {@code replication}, {@code server}, {@code tls}.
 */
package com.acertainbookstore.replica;
