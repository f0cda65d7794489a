/**
 * One replica as a process, and the fleet of them: its configuration from {@code replica.*} and
 * {@code bookstore.*} properties, the checks made before it starts (ports, storage), the
 * {@code Replica} that starts and stops its Ratis server, replicated service and HTTP server
 * together, {@code ReplicaMain}, the {@code Warmup} a replica process may run first (a scratch
 * group in its JVM, driven through the proxies of {@code client}), and the {@code ReplicaFleet}
 * that forks replicas as child JVMs ({@code process}), in network namespaces when partitions are
 * asked for ({@code network}), for the harness ({@code workload.targets}) and the local cluster.
 *
 * <p>Uses: {@code business}, {@code client}, {@code network}, {@code process}, {@code replication},
 * {@code server}, {@code wire}.
 */
package com.acertainbookstore.replica;
