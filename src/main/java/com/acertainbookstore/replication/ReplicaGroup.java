package com.acertainbookstore.replication;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;

/**
 * A group of replicas, immutable: its Ratis group id and the Raft address of each replica; replica
 * {@code i} has peer id {@code r<i>}.
 *
 * @param id the group's id (the same on every replica; storage is kept per group id)
 * @param addresses the Raft (gRPC) address of each replica, in replica order
 */
public record ReplicaGroup(RaftGroupId id, List<InetSocketAddress> addresses) {

    public ReplicaGroup {
        if (id == null) {
            throw new IllegalArgumentException("id is null");
        }
        if (addresses == null || addresses.isEmpty()) {
            throw new IllegalArgumentException("addresses must name at least one replica");
        }
        addresses = List.copyOf(addresses);
    }

    public int size() {
        return addresses.size();
    }

    public RaftPeerId peerId(int replica) {
        checkReplica(replica);
        return RaftPeerId.valueOf(peerName(replica));
    }

    /** Replica {@code replica}'s name ({@code r<replica>}): its peer id, storage directory and label everywhere. */
    public static String peerName(int replica) {
        return "r" + replica;
    }

    public RaftPeer peer(int replica) {
        InetSocketAddress address = addresses.get(checkReplica(replica));
        return RaftPeer.newBuilder().setId(peerId(replica))
                .setAddress(address.getHostString() + ":" + address.getPort()).build();
    }

    /** The Ratis group: every replica as a peer. */
    public RaftGroup raftGroup() {
        List<RaftPeer> peers = new ArrayList<>(addresses.size());
        for (int i = 0; i < addresses.size(); i++) {
            peers.add(peer(i));
        }
        return RaftGroup.valueOf(id, peers);
    }

    private int checkReplica(int replica) {
        if (replica < 0 || replica >= addresses.size()) {
            throw new IllegalArgumentException("replica " + replica + " is not in 0.." + (addresses.size() - 1));
        }
        return replica;
    }
}
