package com.acertainbookstore.cluster;

import com.acertainbookstore.replication.ReplicaGroup;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * What lets a fleet cut a replica off from the others ({@link FleetOptions#partitions}):
 * a network namespace per replica, joined by a bridge, with blackhole routes for a cut
 * ({@link ReplicaNetwork}); and per replica a {@link SocketRelay} that offers the replica's
 * Unix-domain socket on a loopback port of this host, by which clients reach it however it is cut
 * off. Safe to share: the network is synchronized, the relays are fixed once made.
 */
final class Partitions implements AutoCloseable {

    private final ReplicaNetwork network;
    /** In replica order. */
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

    /** The loopback port of this host on which clients reach replica i. */
    int relayPort(int i) {
        return relays.get(i).port();
    }

    /** Replica i's address in its namespace, where it listens for Raft and HTTP. */
    String address(int i) {
        return network.address(i);
    }

    /** The Unix-domain socket on which replica i serves HTTP calls for its relay. */
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

    /** Stops the relays, then removes the namespaces. */
    @Override
    public void close() {
        relays.forEach(SocketRelay::close);
        network.close();
    }
}
