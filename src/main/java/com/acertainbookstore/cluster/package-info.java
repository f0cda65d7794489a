/**
 * The cluster of processes: the child JVMs this program forks ({@link
 * com.acertainbookstore.cluster.ChildJvm}: the harness's bookstore server, the replicas) with the
 * {@code /health} probe and the short external commands they need; the network a partition needs
 * (a Linux network namespace per replica and the blackhole routes that cut one off, {@link
 * com.acertainbookstore.cluster.ReplicaNetwork}, and the relay by which clients on this host's
 * loopback reach a replica's Unix-domain socket, {@link com.acertainbookstore.cluster.SocketRelay});
 * the same namespaces as hosts, each replica at an address of its own that this machine routes to
 * ({@code HostSubnet}, {@code HostLinks}), over HTTPS with certificates made for the run
 * ({@code FleetTls}), a cut being a link set down;
 * and the fleet of N replica processes on one machine ({@link
 * com.acertainbookstore.cluster.ReplicaFleet}), split by job: starting, killing and stopping the
 * processes, pausing them (each pause with a guard outside this JVM), partitions, the health survey
 * with typed answers, thread dumps for a failure's message, and the storage root. The fleet is the
 * {@link com.acertainbookstore.cluster.FaultTarget} a fault plan acts on, and {@link
 * com.acertainbookstore.cluster.LocalClusterMain} starts one from the command line.
 *
 * <p>Which is which: {@code cluster} runs many replica processes and does things to them from
 * outside; {@code replica} is one replica as a process (its config, checks and main);
 * {@code replication} is the request path inside a replica (batching, reads, the Ratis client and
 * server); {@code statemachine} is the state they replicate (the state machine, its formats and
 * snapshots). {@code cluster} reaches a replica only by forking {@code replica}'s main and asking
 * its HTTP {@code /health} (over HTTPS with the replicas' own certificate when they serve TLS).
 *
 * <p>Uses: {@code protocol}, {@code replica}, {@code replication}, {@code server}, {@code tls}.
 */
package com.acertainbookstore.cluster;
