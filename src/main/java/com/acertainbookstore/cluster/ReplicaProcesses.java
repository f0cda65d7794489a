package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.replica.LoopbackPorts;
import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.replica.ReplicaMain;
import com.acertainbookstore.replica.Warmup;
import com.acertainbookstore.replication.ReplicaGroup;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.net.ssl.SSLContext;

/**
 * The replicas' JVMs ({@link ReplicaMain}): forked with the settings the fleet gives each one (its
 * id, the peer list, the storage; in a namespace of its own for partitions; for hosts, the
 * certificates of every hop), awaited until they serve, killed, and stopped together. Replica i
 * keeps its ports, URL and log for the fleet's life; its process is replaced at each restart.
 *
 * <p>Thread safety: not safe to share on its own. {@link ReplicaFleet} calls {@link #launch},
 * {@link #child}, {@link #isAlive}, {@link #process}, {@link #kill} and {@link #stopAll} holding
 * its lock, which guards {@code children}; {@link #awaitServing} reads only the fixed ports and
 * URLs and the child it is given, so the fleet calls it without the lock.
 */
final class ReplicaProcesses {

    /** The line a replica prints once it serves. */
    static final Pattern LISTENING = Pattern.compile("^Replica r[0-9]+ listening on (https?://\\S+)$");
    private static final String ID = ReplicaConfig.PREFIX + "id";
    private static final String PEERS = ReplicaConfig.PREFIX + "peers";
    private static final String STORAGE = ReplicaConfig.PREFIX + "storage";
    private static final String HTTP_SOCKET = ReplicaConfig.PREFIX + "httpSocket";
    private static final String CLIENT_URLS = ReplicaConfig.PREFIX + "clientUrls";
    /** Settings the fleet gives each replica itself, refused in {@link FleetOptions#properties}. */
    static final Set<String> OWN_SETTINGS = Set.of(ID, PEERS, STORAGE, ServerSettings.PREFIX + "host",
            ServerSettings.PREFIX + "port", ServerSettings.EXIT_ON_STDIN_EOF, HTTP_SOCKET, CLIENT_URLS);

    private final FleetOptions options;
    /** The token the replicas require, or null. */
    private final BearerToken token;
    /** The replicas' AOT cache, or null (below Java 25). */
    private final AotCache aot;
    /** A partitionable fleet's namespaces and relays, else null. */
    private final Partitions partitions;
    /** The certificates a fleet of hosts gives its replicas, or null (other TLS comes in the properties). */
    private final FleetTls hostsTls;
    /** The client side of the calls to {@code https} replicas, else null. */
    private final SSLContext tls;
    private final int[] raftPorts;
    private final int[] httpPorts;
    private final List<URI> urls;
    /** Guarded by the fleet's lock: each replica's current process, null before its first start. */
    private final ChildJvm[] children;

    /**
     * Replica i gets Raft port {@code ports[i]} and HTTP port {@code ports[n + i]}; every start runs
     * with {@code aot}'s cache and class path, when it has one ({@code aot} null below Java 25).
     * With {@code hostsTls} (hosts only), the replicas serve HTTPS with its node certificate,
     * require its client certificate and speak mutual TLS with it. Replicas that serve HTTPS (those
     * of hosts, or with {@link FleetOptions#servesHttps}) are called at {@code https} URLs with
     * {@code tls} (null otherwise); a partitionable fleet's relays stay plain HTTP (they reach each
     * replica's Unix-domain socket).
     */
    ReplicaProcesses(FleetOptions options, int[] ports, Partitions partitions, FleetTls hostsTls, BearerToken token,
            AotCache aot, SSLContext tls) {
        this.options = options;
        this.aot = aot;
        this.partitions = partitions;
        this.hostsTls = hostsTls;
        this.tls = tls;
        this.token = token;
        int n = options.replicas();
        this.raftPorts = Arrays.copyOfRange(ports, 0, n);
        this.httpPorts = Arrays.copyOfRange(ports, n, 2 * n);
        List<URI> addresses = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            boolean https = hostsTls != null || (partitions == null && options.servesHttps());
            String scheme = https ? "https://" : "http://";
            if (partitions == null) {
                addresses.add(URI.create(scheme + LoopbackPorts.HOST + ":" + httpPorts[i]));
            } else if (partitions.hosts()) {
                addresses.add(URI.create(scheme + partitions.address(i) + ":" + httpPorts[i]));
            } else {
                addresses.add(URI.create(scheme + LoopbackPorts.HOST + ":" + partitions.relayPort(i)));
            }
        }
        this.urls = List.copyOf(addresses);
        this.children = new ChildJvm[n];
    }

    /**
     * Every replica's HTTP base URL, in replica order: on loopback; a partitionable fleet's, its
     * relays'; a fleet of hosts', {@code https://} at the replicas' own addresses.
     */
    List<URI> urls() {
        return urls;
    }

    /** The peer list every replica is given ({@code host:raftPort:httpPort,...}). */
    String peers() {
        List<String> peers = new ArrayList<>();
        for (int i = 0; i < urls.size(); i++) {
            peers.add((partitions == null ? LoopbackPorts.HOST : partitions.address(i)) + ":" + raftPorts[i] + ":"
                    + httpPorts[i]);
        }
        return String.join(",", peers);
    }

    /** Replica i's log file. */
    Path log(int i) {
        return options.logs().resolve(options.logPrefix() + ReplicaGroup.peerName(i) + ".log");
    }

    /**
     * Forks replica i; a restart appends to its log, so a replica's history since the fleet
     * started stays in one file, and starts without a warm-up ({@link Warmup}), whatever the
     * properties say.
     */
    void launch(int i, boolean appendLog) throws IOException {
        List<String> jvm = new ArrayList<>(ChildJvm.SERVER_OPTIONS);
        jvm.addAll(options.jvmOptions());
        jvm.add("-D" + ID + "=" + i);
        jvm.add("-D" + PEERS + "=" + peers());
        jvm.add("-D" + STORAGE + "=" + options.storage().toAbsolutePath());
        jvm.add("-D" + ServerSettings.EXIT_ON_STDIN_EOF + "=true");
        options.properties().forEach((key, value) -> jvm.add("-D" + key + "=" + value));
        if (appendLog) {
            // A restart inside a run must rejoin within seconds: under load its warm-up took about
            // 28 s, holding back every fault planned after it. It starts cold and compiles while
            // it catches up.
            jvm.add("-D" + Warmup.PROPERTY + "=0");
        }
        if (hostsTls != null) {
            jvm.addAll(hostsTls.replicaOptions());
        }
        if (partitions != null && !partitions.hosts()) {
            // The namespace addresses are the run's own, on a bridge only this machine sees, and
            // clients come through the Unix socket: without TLS settings, plain HTTP and plain
            // Raft there are what the run means (the replica prints its warnings); a fleet of
            // hosts has TLS on every hop instead.
            if (!options.properties().containsKey(ServerSettings.INSECURE)
                    && !(options.servesHttps() && options.tlsFiles() != null)) {
                jvm.add("-D" + ServerSettings.INSECURE + "=true");
            }
            jvm.add("-D" + HTTP_SOCKET + "=" + partitions.socket(i));
        }
        if (partitions != null) {
            // The leader header names these, which the clients' failover follows only when they
            // are the URLs it holds (relays', or https:// ones).
            jvm.add("-D" + CLIENT_URLS + "=" + urls.stream().map(URI::toString).collect(Collectors.joining(",")));
        }
        Map<String, String> environment = new HashMap<>();
        // The token goes by the environment, which ps does not show, never on the command line.
        environment.put(BearerToken.ENVIRONMENT_VARIABLE, token == null ? null : token.value());
        if (aot != null) {
            jvm.addAll(aot.jvmOptions());
        }
        children[i] = ChildJvm.start(partitions == null ? List.of() : partitions.exec(i), options.runtime(),
                aot == null ? ChildJvm.classPath() : aot.classPath(), ReplicaMain.class.getName(), jvm, environment,
                log(i), appendLog, LISTENING);
    }

    /** Replica i's current process, or null before its first start. */
    ChildJvm child(int i) {
        return children[i];
    }

    /** Whether replica i's process runs. */
    boolean isAlive(int i) {
        return children[i] != null && children[i].isAlive();
    }

    /** Replica i's process, or null before it started. */
    ProcessHandle process(int i) {
        return children[i] == null ? null : children[i].process().toHandle();
    }

    /** SIGKILL of replica i, if it was ever started; returns once it ended. */
    void kill(int i) throws InterruptedException {
        if (children[i] != null) {
            children[i].kill();
        }
    }

    /** Stops every replica (stdin closed, then SIGTERM, then SIGKILL, together) and waits for them to end. */
    void stopAll() {
        ChildJvm.stopAll(Stream.of(children).filter(Objects::nonNull).collect(Collectors.toList()));
    }

    /**
     * Waits for replica i's listening line and a 200 from its {@code /health}.
     *
     * @throws PortTakenException it ended and one of its ports is held by another program
     * @throws IOException it did not serve in time, or ended (the message says what it printed)
     */
    void awaitServing(int i, ChildJvm child, long deadline) throws IOException, InterruptedException {
        String id = ReplicaGroup.peerName(i);
        try {
            child.awaitReady(Duration.ofNanos(deadline - System.nanoTime()));
            HttpProbe.await(urls.get(i).resolve("/health"), answer -> answer.status() == 200, deadline, child,
                    tls);
        } catch (IOException e) {
            if (!child.isAlive()) {
                child.kill();
                // In namespaces of their own, no other program holds the replicas' ports.
                for (int port : partitions == null ? new int[] {raftPorts[i], httpPorts[i]} : new int[0]) {
                    if (!LoopbackPorts.isFree(port)) {
                        throw new PortTakenException("replica " + id + " could not use port " + port + " ("
                                + child.describe() + ")");
                    }
                }
            }
            throw new IOException("replica " + id + " did not start: " + e.getMessage(), e);
        }
    }

    /** A replica ended because another program held one of its ports. */
    static final class PortTakenException extends IOException {
        private static final long serialVersionUID = 1L;

        PortTakenException(String message) {
            super(message);
        }
    }
}
