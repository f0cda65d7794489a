package com.acertainbookstore.replication;

import java.io.File;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.RaftGroup;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeer;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.util.FileUtils;
import org.apache.ratis.util.TimeDuration;

/**
 * An attack on a group's leader by two real Ratis servers of the test's own, on loopback ports:
 * they know the group id and take the peer ids of the two other members, and their configuration
 * is the target and themselves. The first campaigns alone (pre-vote off, election timeouts of
 * 150-300 ms) until its term is above the group's, sending the target vote requests with ever
 * higher terms; then the second starts, the two elect one of them (a majority of their
 * configuration), and that one sends the target appends (heartbeats and its log) with that term.
 * Without TLS a Raft server that hears a higher term steps down, so the group loses its leader
 * (the control); with mutual TLS their handshakes are refused and nothing reaches the target.
 * A server leads only with a majority of its configuration, which is why an attacker that appends
 * is two servers. Not thread-safe: driven by the test's thread.
 */
public final class Impostors implements AutoCloseable {

    private final File storage;
    private final List<RaftServer> servers = new ArrayList<>();
    private final RaftGroupId group;

    private Impostors(RaftGroupId group, File storage) {
        this.group = group;
        this.storage = storage;
    }

    /**
     * Starts the attack on {@code target}, a member of group {@code group}, and returns once one
     * of the impostors leads its term above {@code termToExceed} (its appends then go to the
     * target) or {@code timeout} passed.
     *
     * @param impersonated the ids of the group's two other members
     * @param tls the impostors' TLS (their own certificate, any authorities), or null for plain gRPC
     * @param storage a directory of the caller's own (deleted on close)
     */
    public static Impostors start(RaftGroupId group, RaftPeer target, List<RaftPeerId> impersonated, RaftTls tls,
            File storage, long termToExceed, Duration timeout) throws IOException, InterruptedException {
        Impostors attack = new Impostors(group, storage);
        try {
            int[] ports = LocalGroup.freePorts(2);
            List<RaftPeer> peers = new ArrayList<>(List.of(target));
            for (int i = 0; i < 2; i++) {
                peers.add(RaftPeer.newBuilder().setId(impersonated.get(i)).setAddress("127.0.0.1:" + ports[i]).build());
            }
            RaftGroup configuration = RaftGroup.valueOf(group, peers);
            long deadline = System.nanoTime() + timeout.toNanos();
            attack.servers.add(attack.build(configuration, impersonated.get(0), ports[0], tls));
            attack.servers.get(0).start();
            while (attack.term() <= termToExceed && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            attack.servers.add(attack.build(configuration, impersonated.get(1), ports[1], tls));
            attack.servers.get(1).start();
            while (!attack.leads() && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            return attack;
        } catch (IOException | RuntimeException | InterruptedException e) {
            attack.close();
            throw e;
        }
    }

    private RaftServer build(RaftGroup configuration, RaftPeerId id, int port, RaftTls tls) throws IOException {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.setStorageDir(properties, List.of(new File(storage, id.toString())));
        GrpcConfigKeys.Server.setHost(properties, "127.0.0.1");
        GrpcConfigKeys.Server.setPort(properties, port);
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, TimeDuration.valueOf(150, TimeUnit.MILLISECONDS));
        RaftServerConfigKeys.Rpc.setTimeoutMax(properties, TimeDuration.valueOf(300, TimeUnit.MILLISECONDS));
        // A real vote at once, with a new term each time, rather than a pre-vote that changes nothing.
        RaftServerConfigKeys.LeaderElection.setPreVote(properties, false);
        RaftServer.Builder builder = RaftServer.newBuilder().setServerId(id).setGroup(configuration)
                .setStateMachine(new BaseStateMachine()).setProperties(properties)
                .setOption(RaftStorage.StartupOption.FORMAT);
        if (tls != null) {
            builder.setParameters(tls.parameters());
        }
        return builder.build();
    }

    /** The highest term an impostor has reached. */
    public long term() throws IOException {
        long term = 0;
        for (RaftServer server : servers) {
            term = Math.max(term, server.getDivision(group).getInfo().getCurrentTerm());
        }
        return term;
    }

    /** Whether one of the impostors leads (and so sends the target appends). */
    public boolean leads() throws IOException {
        for (RaftServer server : servers) {
            if (server.getDivision(group).getInfo().isLeader()) {
                return true;
            }
        }
        return false;
    }

    /** Stops both servers and deletes their storage. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (RaftServer server : servers) {
            try {
                server.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        FileUtils.deleteFully(storage);
        if (failure != null) {
            throw failure;
        }
    }
}
