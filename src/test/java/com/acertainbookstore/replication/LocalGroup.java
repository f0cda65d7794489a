package com.acertainbookstore.replication;

import com.acertainbookstore.statemachine.BookStoreStateMachine;
import com.acertainbookstore.statemachine.Command;
import com.acertainbookstore.statemachine.CommandFormat;
import com.acertainbookstore.statemachine.MalformedDataException;
import com.acertainbookstore.statemachine.Outcome;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.util.FileUtils;

/**
 * N real Ratis replicas in this JVM on free loopback ports, storage under
 * {@code target/replication-tests/}: start, find the leader, kill (close) and restart a replica
 * from its storage, wait until every live replica has applied the same entries, close everything.
 *
 * <p>Not thread-safe: driven by the test's main thread (the servers themselves are thread-safe).
 */
final class LocalGroup implements AutoCloseable {

    private final ReplicaGroup group;
    private final File root;
    private final ReplicaSettings settings;
    private final RaftServer[] servers;
    private final List<RaftClient> clients = new ArrayList<>();

    private LocalGroup(ReplicaGroup group, File root, ReplicaSettings settings) {
        this.group = group;
        this.root = root;
        this.settings = settings;
        this.servers = new RaftServer[group.size()];
    }

    /** Starts {@code size} replicas; on failure closes what it started. */
    static LocalGroup start(int size, ReplicaSettings settings) throws IOException {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (int port : freePorts(size)) {
            addresses.add(new InetSocketAddress("127.0.0.1", port));
        }
        ReplicaGroup group = new ReplicaGroup(RaftGroupId.randomId(), addresses);
        LocalGroup local = new LocalGroup(group, new File("target/replication-tests/group-" + group.id().getUuid()),
                settings);
        try {
            for (int i = 0; i < size; i++) {
                local.restart(i);
            }
        } catch (IOException | RuntimeException e) {
            local.close();
            throw e;
        }
        return local;
    }

    ReplicaGroup group() {
        return group;
    }

    File root() {
        return root;
    }

    /** A new client of the group (bounded retries), closed with the group. */
    RaftClient newClient() {
        RaftClient client = ReplicaBuilder.newClient(group, settings);
        clients.add(client);
        return client;
    }

    boolean isRunning(int replica) {
        return servers[replica] != null;
    }

    BookStoreStateMachine machine(int replica) {
        try {
            return (BookStoreStateMachine) servers[replica].getDivision(group.id()).getStateMachine();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    RaftServer.Division division(int replica) throws IOException {
        return servers[replica].getDivision(group.id());
    }

    /** The replica that is leader and ready, waiting up to {@code timeout}. */
    int awaitLeader(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            for (int i = 0; i < servers.length; i++) {
                if (servers[i] != null && division(i).getInfo().isLeader() && division(i).getInfo().isLeaderReady()) {
                    return i;
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no leader within " + timeout + "; roles: " + roles());
    }

    /** Closes replica {@code replica}'s server, as a crash would stop it (its storage stays). */
    void kill(int replica) throws IOException {
        RaftServer server = servers[replica];
        servers[replica] = null;
        server.close();
    }

    /** Builds and starts replica {@code replica} from its storage (empty the first time). */
    void restart(int replica) throws IOException {
        RaftServer server = ReplicaBuilder.build(group, replica, root, settings);
        try {
            server.start();
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        servers[replica] = server;
    }

    /** The storage directory of a replica's snapshots. */
    File snapshotDir(int replica) {
        File peerDir = new File(root, group.peerId(replica).toString());
        return new File(new File(peerDir, group.id().getUuid().toString()), "sm");
    }

    /**
     * Waits until every live replica has applied as far as the furthest one and nothing moves for a
     * moment; returns the common applied index.
     */
    long awaitConverged(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            long min = Long.MAX_VALUE;
            long max = Long.MIN_VALUE;
            for (int i = 0; i < servers.length; i++) {
                if (servers[i] != null) {
                    long applied = division(i).getInfo().getLastAppliedIndex();
                    min = Math.min(min, applied);
                    max = Math.max(max, applied);
                }
            }
            if (min == max) {
                return max;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("replicas did not converge within " + timeout + ": " + roles());
    }

    /** Each live replica's role, term and applied index, for failure messages. */
    String roles() {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < servers.length; i++) {
            text.append(" r").append(i).append('=');
            try {
                text.append(servers[i] == null ? "down" : division(i).getInfo().getCurrentRole() + "/term "
                        + division(i).getInfo().getCurrentTerm() + "/applied "
                        + division(i).getInfo().getLastAppliedIndex());
            } catch (IOException e) {
                text.append(e);
            }
        }
        return text.toString();
    }

    /** Sends one entry of commands and decodes the outcomes (blocking; the client's retries apply). */
    static List<Outcome> send(RaftClient client, Command... commands) throws IOException {
        RaftClientReply reply = client.io().send(Message.valueOf(CommandFormat.encodeEntry(List.of(commands))));
        if (!reply.isSuccess()) {
            throw new IOException("not committed: " + reply.getException(), reply.getException());
        }
        try {
            return CommandFormat.decodeOutcomes(reply.getMessage().getContent());
        } catch (MalformedDataException e) {
            throw new IOException("unreadable reply: " + e.getMessage(), e);
        }
    }

    static ByteString bytes(Command... commands) {
        return CommandFormat.encodeEntry(List.of(commands));
    }

    /** Closes every client and live server, then deletes the storage. */
    @Override
    public void close() throws IOException {
        IOException failure = null;
        for (RaftClient client : clients) {
            try {
                client.close();
            } catch (IOException e) {
                failure = e;
            }
        }
        for (int i = 0; i < servers.length; i++) {
            if (servers[i] != null) {
                try {
                    kill(i);
                } catch (IOException e) {
                    failure = e;
                }
            }
        }
        FileUtils.deleteFully(root);
        if (failure != null) {
            throw failure;
        }
    }

    /** Distinct ports free on loopback a moment ago. */
    static int[] freePorts(int count) throws IOException {
        ServerSocket[] sockets = new ServerSocket[count];
        int[] ports = new int[count];
        try {
            for (int i = 0; i < count; i++) {
                sockets[i] = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ports[i] = sockets[i].getLocalPort();
            }
        } finally {
            for (ServerSocket socket : sockets) {
                if (socket != null) {
                    socket.close();
                }
            }
        }
        return ports;
    }

    /** Every thread's stack, for a timeout's failure message. */
    static String threadDump() {
        StringBuilder dump = new StringBuilder();
        for (Map.Entry<Thread, StackTraceElement[]> entry : Thread.getAllStackTraces().entrySet()) {
            dump.append('\n').append(entry.getKey()).append(entry.getKey().isDaemon() ? " daemon" : "");
            for (StackTraceElement frame : entry.getValue()) {
                dump.append("\n    at ").append(frame);
            }
        }
        return dump.toString();
    }
}
