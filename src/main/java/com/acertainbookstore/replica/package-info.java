/**
 * One replica as a process: its configuration from {@code replica.*} and {@code bookstore.*}
 * properties, the checks made before it starts (ports, storage), the {@code Replica} that starts
 * and stops its Ratis server, replicated service and HTTP server together, and
 * {@code ReplicaMain}, and the {@code Warmup} a replica process may run first (a scratch group in
 * its JVM, driven through the proxies of {@code client}). Depends on {@code replication},
 * {@code server} and, for the warm-up only, {@code client}; nothing depends on it but the programs
 * that start replicas.
 */
package com.acertainbookstore.replica;
