package com.acertainbookstore.replica;

import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.replication.ReplicaGroup;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import com.acertainbookstore.server.ServerSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * Everything one replica process needs, immutable and validated: which replica it is, where every
 * replica listens, its group, its storage, how it serves calls ({@link ServiceSettings}), how its
 * Ratis server runs ({@link ReplicaSettings}) and its HTTP server's settings (host and port taken
 * from its peer address). Read from {@code replica.*} and {@code bookstore.*} system properties by
 * {@link #fromProperties}; the defaults live in the settings records and {@link #DEFAULT_GROUP}
 * and {@link #DEFAULT_STORAGE}.
 *
 * @param id this replica's index in {@code peers} (its peer id is {@code r<id>})
 * @param peers every replica's addresses, in replica order
 * @param group the group's id: every replica of one group has the same, and storage is kept per group
 * @param storageRoot the root of the replicas' storage; this one stores under {@code <root>/r<id>}
 * @param service how calls are served (reads, batching, deadline)
 * @param raft how the Ratis server runs (durability, locking, snapshots, mutual TLS with the other replicas)
 * @param http the HTTP server's settings, host and port those of this replica's peer address
 * @param httpSocket a Unix-domain socket the HTTP server serves on too, or null
 *     ({@code replica.httpSocket}: for clients that cannot reach the peer address, as when each
 *     replica runs in a network namespace of its own)
 * @param clientUrls each replica's base URL as clients reach it, in peer order, named in the
 *     leader header; empty when that is {@code http://host:httpPort} of the peer list
 *     ({@code replica.clientUrls}: for replicas reached through a relay or a proxy)
 */
public record ReplicaConfig(int id, List<PeerAddress> peers, UUID group, Path storageRoot, ServiceSettings service,
        ReplicaSettings raft, ServerSettings http, Path httpSocket, List<String> clientUrls) {

    /** The property prefix; any other property under it is refused. */
    public static final String PREFIX = "replica.";
    /** The group id when {@code replica.group} is not given. */
    public static final UUID DEFAULT_GROUP = UUID.fromString("b00c5702-0019-4e0b-9c3e-5e1ec7ab1e19");
    /** The storage root when {@code replica.storage} is not given. */
    public static final Path DEFAULT_STORAGE = Path.of("target", "replicas");

    /** Every {@code replica.*} property (docs/replication.md has the table; ReplicaConfigDocTest holds it to this). */
    static final Set<String> KNOWN = Set.of(PREFIX + "id", PREFIX + "peers", PREFIX + "group",
            PREFIX + "storage", PREFIX + "reads", PREFIX + "durable", PREFIX + "batchMax", PREFIX + "batchesInFlight", PREFIX + "batchWaitMs",
            PREFIX + "deadlineMs", PREFIX + "readNudgeMs", PREFIX + "quorumTimeoutMs", PREFIX + "snapshotEvery", PREFIX + "httpSocket",
            PREFIX + "clientUrls", PREFIX + "warmupSeconds", PREFIX + "warmAfterMs", ReplicaTlsFiles.CERT,
            ReplicaTlsFiles.KEY, ReplicaTlsFiles.CA,
            // Read by the artifact's replica role before a replica starts (cluster.OneReplica), not by the replica.
            PREFIX + "java", PREFIX + "aotCache");

    /** Every {@code replica.*} setting a replica reads, in order. */
    public static SortedSet<String> names() {
        return new TreeSet<>(KNOWN);
    }

    public ReplicaConfig {
        if (peers == null || peers.isEmpty()) {
            throw new IllegalArgumentException("peers must name at least one replica");
        }
        peers = List.copyOf(peers);
        if (id < 0 || id >= peers.size()) {
            throw new IllegalArgumentException("id (" + id + ") must be in 0.." + (peers.size() - 1)
                    + " (an index into the " + peers.size() + " peers)");
        }
        Set<String> endpoints = new HashSet<>();
        for (PeerAddress peer : peers) {
            for (int port : new int[] {peer.raftPort(), peer.httpPort()}) {
                if (!endpoints.add(peer.host() + ":" + port)) {
                    throw new IllegalArgumentException("peers name " + peer.urlHost() + ":" + port + " twice");
                }
            }
        }
        if (group == null || storageRoot == null || service == null || raft == null || http == null) {
            throw new IllegalArgumentException("group, storageRoot, service, raft and http must not be null");
        }
        clientUrls = List.copyOf(clientUrls);
        if (!clientUrls.isEmpty() && clientUrls.size() != peers.size()) {
            throw new IllegalArgumentException(PREFIX + "clientUrls names " + clientUrls.size() + " URLs for " + peers.size()
                    + " peers: one per peer, in peer order");
        }
        for (String url : clientUrls) {
            if (!url.matches("https?://[^/\\s,]+")) {
                throw new IllegalArgumentException(PREFIX + "clientUrls: '" + url + "' is not http://host:port");
            }
        }
        PeerAddress self = peers.get(id);
        if (!http.host().equals(self.host()) || http.port() != self.httpPort()) {
            throw new IllegalArgumentException("the HTTP settings' address " + http.host() + ":" + http.port()
                    + " is not this replica's " + self.host() + ":" + self.httpPort());
        }
    }

    /** This replica's addresses. */
    public PeerAddress self() {
        return peers.get(id);
    }

    /**
     * Replica i's base URL as clients reach it: {@code clientUrls[i]}, else its peer address's
     * ({@code https} when this replica serves TLS: every replica of a group is given the same
     * settings).
     */
    public String clientUrl(int i) {
        return clientUrls.isEmpty() ? peerUrl(i) : clientUrls.get(i);
    }

    /** Replica i's base URL as another replica reaches it: its peer address, {@code https} when this one serves TLS. */
    public String peerUrl(int i) {
        return peers.get(i).baseUrl(http.tls() != null);
    }

    /** This replica's storage directory: {@code <root>/r<id>}. */
    public Path storage() {
        return storageRoot.resolve(ReplicaGroup.peerName(id));
    }

    /**
     * A configuration with every default: replica {@code id} of {@code peers}, the default
     * services and Ratis settings, default HTTP settings at its address.
     */
    public static ReplicaConfig of(int id, List<PeerAddress> peers, UUID group, Path storageRoot) {
        PeerAddress self = peers.get(id);
        return new ReplicaConfig(id, peers, group, storageRoot, ServiceSettings.DEFAULT, ReplicaSettings.DEFAULT,
                ServerSettings.defaults().withHost(self.host()).withPort(self.httpPort()), null, List.of());
    }

    public ReplicaConfig withService(ServiceSettings newService) {
        return new ReplicaConfig(id, peers, group, storageRoot, newService, raft, http, httpSocket, clientUrls);
    }

    public ReplicaConfig withRaft(ReplicaSettings newRaft) {
        return new ReplicaConfig(id, peers, group, storageRoot, service, newRaft, http, httpSocket, clientUrls);
    }

    public ReplicaConfig withHttp(ServerSettings newHttp) {
        return new ReplicaConfig(id, peers, group, storageRoot, service, raft, newHttp, httpSocket, clientUrls);
    }

    /**
     * Reads {@code replica.id} and {@code replica.peers} (required), {@code replica.group},
     * {@code .storage}, {@code .reads}, {@code .durable}, {@code .batchMax}, {@code .batchesInFlight},
     * {@code .batchWaitMs}, {@code .readNudgeMs}, {@code .quorumTimeoutMs}, {@code .warmAfterMs},
     * {@code .deadlineMs}, {@code .snapshotEvery}, {@code .httpSocket}, {@code .clientUrls}
     * (comma-separated), {@code replica.tls.cert}, {@code .key} and {@code .ca}
     * ({@link ReplicaTlsFiles}: each defaults to its {@code bookstore.tls.*} setting; the files are
     * read here), and the {@code bookstore.*} server settings except {@code bookstore.host} and
     * {@code bookstore.port} (the peer list gives them).
     *
     * @throws IllegalArgumentException naming the property and the rule, for a missing, bad or
     *     unknown one, or a TLS file that cannot be read or used
     */
    public static ReplicaConfig fromProperties(Properties properties, Map<String, String> environment) {
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PREFIX) && !KNOWN.contains(name)) {
                throw new IllegalArgumentException("property " + name + " is unknown (known: " + new TreeSet<>(KNOWN)
                        + ")");
            }
        }
        for (String taken : List.of(ServerSettings.PREFIX + "host", ServerSettings.PREFIX + "port")) {
            if (properties.getProperty(taken) != null) {
                throw new IllegalArgumentException("property " + taken + " does not apply to a replica: its host and"
                        + " HTTP port come from " + PREFIX + "peers");
            }
        }
        int id = required(properties, "id", Integer::parseInt);
        List<PeerAddress> peers = required(properties, "peers", PeerAddress::parseList);
        UUID group = optional(properties, "group", UUID::fromString, DEFAULT_GROUP);
        Path storage = optional(properties, "storage", Path::of, DEFAULT_STORAGE);
        ServiceSettings service = ServiceSettings.DEFAULT;
        service = apply(properties, "reads", service, (s, v) -> s.withReads(ReadMode.parse(v)));
        service = apply(properties, "batchMax", service, (s, v) -> s.withBatchMax(Integer.parseInt(v)));
        service = apply(properties, "batchesInFlight", service, (s, v) -> s.withBatchesInFlight(Integer.parseInt(v)));
        service = apply(properties, "batchWaitMs", service, (s, v) -> s.withBatchWait(Duration.ofMillis(Long.parseLong(v))));
        service = apply(properties, "readNudgeMs", service, (s, v) -> s.withReadNudge(Duration.ofMillis(Long.parseLong(v))));
        service = apply(properties, "deadlineMs", service, (s, v) -> s.withDeadline(Duration.ofMillis(Long.parseLong(v))));
        service = apply(properties, "quorumTimeoutMs", service,
                (s, v) -> s.withQuorumTimeout(Duration.ofMillis(Long.parseLong(v))));
        service = apply(properties, "warmAfterMs", service, (s, v) -> s.withWarmAfter(Duration.ofMillis(Long.parseLong(v))));
        ServerSettings http = ServerSettings.fromProperties(properties, environment);
        ReplicaSettings raft = ReplicaSettings.DEFAULT.withLocking(http.locking());
        raft = apply(properties, "durable", raft, (r, v) -> r.withDurableLog(bool(v)));
        raft = apply(properties, "snapshotEvery", raft, (r, v) -> r.withSnapshotEvery(Long.parseLong(v)));
        ReplicaTlsFiles tls = ReplicaTlsFiles.fromProperties(properties);
        if (tls != null) {
            raft = raft.withTls(tls.read());
        }
        if (id < 0 || id >= peers.size()) {
            throw new IllegalArgumentException(PREFIX + "id (" + id + ") must be in 0.." + (peers.size() - 1)
                    + " (an index into " + PREFIX + "peers)");
        }
        Path socket = optional(properties, "httpSocket", Path::of, null);
        List<String> clientUrls = optional(properties, "clientUrls",
                v -> List.of(v.split("\\s*,\\s*")), List.of());
        PeerAddress self = peers.get(id);
        return new ReplicaConfig(id, peers, group, storage, service, raft,
                http.withHost(self.host()).withPort(self.httpPort()), socket, clientUrls);
    }

    private static <T> T required(Properties properties, String key, Function<String, T> parse) {
        if (properties.getProperty(PREFIX + key) == null) {
            throw new IllegalArgumentException("property " + PREFIX + key + " is required");
        }
        return optional(properties, key, parse, null);
    }

    private static <T> T optional(Properties properties, String key, Function<String, T> parse, T absent) {
        return apply(properties, key, absent, (unused, value) -> parse.apply(value));
    }

    /** {@code change} applied to the property's value, or {@code settings} when it is absent. */
    private static <S> S apply(Properties properties, String key, S settings, BiFunction<S, String, S> change) {
        String value = properties.getProperty(PREFIX + key);
        if (value == null) {
            return settings;
        }
        try {
            return change.apply(settings, value.trim());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(PREFIX + key + " '" + value + "' is invalid: "
                    + (e instanceof NumberFormatException ? "not an integer" : e.getMessage()), e);
        }
    }

    private static boolean bool(String value) {
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("must be true or false");
        }
        return Boolean.parseBoolean(value);
    }
}
