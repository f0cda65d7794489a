/**
 * One replica as a process: its configuration from {@code replica.*} and {@code bookstore.*}
 * properties, the checks made before it starts (ports, storage), the {@code Replica} that starts
 * and stops its Ratis server, replicated service and HTTP server together, and
 * {@code ReplicaMain}. Depends on {@code replication} and {@code server}; nothing depends on it
 * but the programs that start replicas.
 */
package com.acertainbookstore.replica;
