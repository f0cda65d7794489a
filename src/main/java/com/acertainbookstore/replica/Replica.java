package com.acertainbookstore.replica;

import com.acertainbookstore.replication.ReplicaBuilder;
import com.acertainbookstore.replication.ReplicaGroup;
import com.acertainbookstore.replication.ReplicatedStore;
import com.acertainbookstore.replication.Warmth;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;
import javax.net.ssl.SSLContext;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;

/**
 * One running replica: its Ratis server (a {@code BookStoreStateMachine}, built by
 * {@link ReplicaBuilder}), its {@link ReplicatedStore} and its HTTP server on the replica's HTTP
 * port. {@link #start} starts all three or none; {@link #close} stops them. Usable in one JVM
 * several times over (the tests run whole groups so) and as the process {@link ReplicaMain}.
 * Safe to share between threads; {@link #close} is idempotent.
 */
public final class Replica implements AutoCloseable {

    private final ReplicaConfig config;
    private final RaftServer raft;
    private final ReplicatedStore service;
    private final BookStoreHTTPServer http;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final CountDownLatch stopped = new CountDownLatch(1);

    private Replica(ReplicaConfig config, RaftServer raft, ReplicatedStore service, BookStoreHTTPServer http) {
        this.config = config;
        this.raft = raft;
        this.service = service;
        this.http = http;
    }

    /** The group of a configuration: its id and every replica's Raft address. */
    public static ReplicaGroup group(ReplicaConfig config) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (PeerAddress peer : config.peers()) {
            addresses.add(InetSocketAddress.createUnresolved(peer.host(), peer.raftPort()));
        }
        return new ReplicaGroup(RaftGroupId.valueOf(config.group()), addresses);
    }

    /**
     * Starts the replica: checks its storage and ports, starts its Ratis server (which recovers
     * from its storage), then its HTTP server. Returns once both run (a leader may not be elected
     * yet: calls made before get 503 or wait within their deadline).
     *
     * @param standalone {@code true} in a process of its own (out of memory ends the process)
     * @throws IOException naming what is wrong: a port in use, another group's storage, storage
     *     that cannot be read or written, a Ratis server that did not start; nothing is left running
     * @throws IllegalArgumentException for an HTTP host refused by the server (off loopback without a
     *     token or TLS), or a Raft address beyond loopback without mutual TLS ({@link #checkRaftHost})
     */
    public static Replica start(ReplicaConfig config, boolean standalone) throws IOException {
        return start(config, standalone, false);
    }

    /**
     * As {@link #start(ReplicaConfig, boolean)}, saying whether this JVM ran the warm-up
     * ({@link Warmup}): one that did counts as warm at once, else only once it has run for
     * {@code replica.warmAfterMs} ({@link Warmth}).
     */
    public static Replica start(ReplicaConfig config, boolean standalone, boolean warmedUp) throws IOException {
        PeerAddress self = config.self();
        BookStoreHTTPServer.checkHost(config.http());
        boolean raftLoopback = checkRaftHost(config);
        StorageCheck.check(config.storage(), config.group());
        checkFree(self.host(), self.raftPort(), "Raft");
        checkFree(self.host(), self.httpPort(), "HTTP");
        ReplicaGroup group = group(config);
        RaftServer raft = ReplicaBuilder.build(group, config.id(), config.storageRoot().toFile(), config.raft());
        ReplicatedStore service = null;
        try {
            try {
                raft.start();
            } catch (IOException | RuntimeException e) {
                throw new IOException("the Raft server of r" + config.id() + " did not start (storage "
                        + config.storage() + ", port " + self.raftPort() + "): " + e.getMessage(), e);
            }
            if (!raftLoopback && config.raft().tls() == null) {
                System.err.println("WARNING: replica " + ReplicaGroup.peerName(config.id()) + " runs Raft in PLAIN gRPC on "
                        + self.urlHost() + ":" + self.raftPort() + ", beyond loopback (" + ServerSettings.INSECURE
                        + "=true): anyone who reaches the port and knows the group id can append to the log, vote"
                        + " and read every entry. Give " + String.join(", ", ReplicaTlsFiles.SETTINGS)
                        + " (or their bookstore.tls.* defaults) for mutual TLS between the replicas.");
            }
            Map<RaftPeerId, String> urls = new HashMap<>();
            List<URI> peerUrls = new ArrayList<>();
            for (int i = 0; i < config.peers().size(); i++) {
                urls.put(group.peerId(i), config.clientUrl(i));
                if (i != config.id()) {
                    peerUrls.add(URI.create(config.peerUrl(i)));
                }
            }
            Warmth warmth = Warmth.ofThisJvm(warmedUp, config.service().warmAfter().toMillis());
            SSLContext peerTls = config.raft().tls() == null ? null : config.raft().tls().peerClient().context();
            service = new ReplicatedStore(raft.getDivision(group.id()),
                    leader -> ReplicaBuilder.newClient(group, config.raft(), leader), urls, peerUrls, peerTls, warmth,
                    config.service());
            BookStoreHTTPServer http = BookStoreHTTPServer.start(service, config.http(), standalone, config.httpSocket());
            return new Replica(config, raft, service, http);
        } catch (IOException | RuntimeException e) {
            closeQuietly(service, e);
            closeQuietly(raft, e);
            throw e;
        }
    }

    /**
     * Whether this replica's Raft address is a loopback address; refuses one beyond loopback
     * without mutual TLS ({@link ReplicaTlsFiles}) unless {@code bookstore.insecure=true}: the
     * check {@link #start} makes before anything starts, as the HTTP server makes its own.
     *
     * @throws IllegalArgumentException naming the address, the rule and the settings to give
     */
    public static boolean checkRaftHost(ReplicaConfig config) {
        PeerAddress self = config.self();
        InetAddress address;
        try {
            address = InetAddress.getByName(self.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("host '" + self.host() + "' is unknown", e);
        }
        if (address.isLoopbackAddress()) {
            return true;
        }
        if (config.raft().tls() == null && !config.http().insecure()) {
            throw new IllegalArgumentException("the Raft address " + self.urlHost() + ":" + self.raftPort()
                    + " is not a loopback address: refusing to run Raft without mutual TLS (set "
                    + String.join(", ", ReplicaTlsFiles.SETTINGS) + ", or their defaults " + ServerSettings.TLS_CERT
                    + ", " + ServerSettings.TLS_KEY + " and " + ServerSettings.TLS_CA + "; or "
                    + ServerSettings.INSECURE + "=true to run it in clear text all the same)");
        }
        return false;
    }

    private static void checkFree(String host, int port, String what) throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (IOException e) {
            throw new IOException(what + " port " + host + ":" + port + " is in use or cannot be bound (" + e.getMessage()
                    + ")", e);
        }
    }

    private static void closeQuietly(AutoCloseable closeable, Exception failure) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (Exception e) {
            failure.addSuppressed(e);
        }
    }

    public ReplicaConfig config() {
        return config;
    }

    /** {@code r<id>}. */
    public String name() {
        return ReplicaGroup.peerName(config.id());
    }

    /** {@code http://host:port} ({@code https://} with TLS), this replica's HTTP base URL. */
    public String httpUrl() {
        return http.baseUrl();
    }

    public ReplicatedStore service() {
        return service;
    }

    /** This replica's Ratis division (its role, log and state machine). */
    public RaftServer.Division division() throws IOException {
        return raft.getDivision(RaftGroupId.valueOf(config.group()));
    }

    /** Waits until {@link #close} has finished. */
    public void awaitClosed() throws InterruptedException {
        stopped.await();
    }

    /**
     * Stops the service first (queued and in-flight calls are answered 503), then the HTTP server,
     * then the Ratis server; the storage stays.
     */
    @Override
    public void close() throws IOException {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        IOException failure = null;
        try {
            service.close();
        } catch (IOException e) {
            failure = e;
        }
        try {
            http.close();
        } catch (RuntimeException e) {
            failure = failure != null ? failure : new IOException("stopping the HTTP server failed", e);
        }
        try {
            raft.close();
        } catch (IOException e) {
            failure = failure != null ? failure : e;
        }
        stopped.countDown();
        if (failure != null) {
            throw failure;
        }
    }
}
