package com.acertainbookstore.cluster;

import com.acertainbookstore.replication.ReplicaGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What lets a fleet cut a replica off from the others ({@link FleetOptions.Network}): a network
 * namespace per replica, joined by a bridge ({@link ReplicaNetwork}). In the private form
 * ({@link #create}), a cut is a pair of blackhole routes and, per replica, a {@link SocketRelay}
 * offers the replica's Unix-domain socket on a loopback port of this host, by which clients reach
 * it however it is cut off. As hosts ({@link #createHosts}), clients reach each replica at its own
 * address over its client link, which a cut (its peer link set down) does not touch: no relay.
 * Safe to share: the network is synchronized, the relays are fixed once made.
 */
final class Partitions implements AutoCloseable {

    private final ReplicaNetwork network;
    /** In replica order; empty for hosts. */
    private final List<SocketRelay> relays;

    private Partitions(ReplicaNetwork network, List<SocketRelay> relays) {
        this.network = network;
        this.relays = List.copyOf(relays);
    }

    /** Makes the namespaces of {@code replicas} replicas and a relay to each; on failure, none is left. */
    static Partitions create(int replicas) throws IOException {
        ReplicaNetwork network = ReplicaNetwork.create(replicas);
        List<SocketRelay> relays = new ArrayList<>();
        try {
            for (int i = 0; i < replicas; i++) {
                relays.add(SocketRelay.start(ReplicaGroup.peerName(i), network.socket(i)));
            }
            return new Partitions(network, relays);
        } catch (IOException | RuntimeException e) {
            relays.forEach(SocketRelay::close);
            network.close();
            throw e;
        }
    }

    /** Makes the namespaces and links of {@code replicas} replicas as hosts; on failure, none is left. */
    static Partitions createHosts(int replicas) throws IOException {
        return new Partitions(ReplicaNetwork.createHosts(replicas), List.of());
    }

    /** Whether the replicas run as hosts, reached at their own addresses. */
    boolean hosts() {
        return network.hosts();
    }

    /** The network itself, for what a fleet tells of it. */
    ReplicaNetwork network() {
        return network;
    }

    /** The loopback port of this host on which clients reach replica i (private form only). */
    int relayPort(int i) {
        return relays.get(i).port();
    }

    /** Replica i's address in its namespace, where it listens for Raft and HTTP. */
    String address(int i) {
        return network.address(i);
    }

    /** The Unix-domain socket on which replica i serves HTTP calls for its relay (private form only). */
    Path socket(int i) {
        return network.socket(i);
    }

    /** The command prefix that runs a program in replica i's namespace. */
    List<String> exec(int i) {
        return network.exec(i);
    }

    void isolate(int i) throws IOException {
        network.isolate(i);
    }

    void heal(int i) throws IOException {
        network.heal(i);
    }

    boolean isIsolated(int i) {
        return network.isIsolated(i);
    }

    /** Stops the relays, then removes the namespaces and links. */
    @Override
    public void close() {
        relays.forEach(SocketRelay::close);
        network.close();
    }
}
