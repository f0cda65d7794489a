package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.replica.ReplicaTlsFiles;
import com.acertainbookstore.replica.Warmup;
import com.acertainbookstore.server.ServerSettings;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * How to start a {@link ReplicaFleet}. Immutable.
 *
 * @param replicas     how many replicas, 1..{@value #MAX_REPLICAS}
 * @param storage      the storage root (replica i stores under {@code <storage>/r<i>}): absent,
 *                     empty, or made by an earlier fleet (then cleared)
 * @param logs         the directory of the log files
 * @param logPrefix    each replica's log is {@code <logs>/<logPrefix>r<i>.log}
 * @param properties   {@code replica.*} and {@code bookstore.*} settings given to every replica; with
 *                     {@code bookstore.tls.*} the replicas serve HTTPS, and with {@code replica.tls.*}
 *                     (or those defaults) they speak mutual TLS to each other, and the fleet's own
 *                     calls to them present the replicas' certificate ({@link #tlsFiles})
 * @param jvmOptions   more options of every replica JVM
 * @param token        the stock manager's token, or null
 * @param startTimeout how long a start (or a restart) may take until a leader is known; a first start
 *                     may take the replicas' warm-up ({@code replica.warmupSeconds}) longer
 * @param network      where the replicas run and how they are reached ({@link Network})
 * @param runtime      the JVM every replica runs on
 * @param aotCache     whether the replicas use an AOT cache when their JVM makes one (Java 25 and later;
 *                     {@link AotCache}); without it they start without one, and the storage's cache is kept
 */
public record FleetOptions(int replicas, Path storage, Path logs, String logPrefix, Map<String, String> properties,
        List<String> jvmOptions, BearerToken token, Duration startTimeout, Network network,
        JavaRuntime runtime, boolean aotCache) {

    public static final int MAX_REPLICAS = 9;

    /** Where a fleet's replicas run and how they are reached. */
    public enum Network {
        /** On this host's loopback, on ports the fleet chooses; they cannot be cut off from each other. */
        LOOPBACK,
        /**
         * Each in a network namespace of its own, its address there ({@code 10.77.0.<i+1>}) seen by
         * the other replicas only; clients reach it through a relay on this host's loopback, and
         * it can be cut off from the others ({@link ReplicaFleet#isolate}): root and {@code ip
         * netns} needed ({@link ReplicaNetwork#create}).
         */
        PRIVATE,
        /**
         * As hosts: each in a network namespace of its own with an address of its own on a subnet
         * routed from this host, reached there by clients over HTTPS with certificates the fleet
         * makes for the run, and cut off from the others by a link set down: root and {@code ip
         * netns} needed ({@link ReplicaNetwork#createHosts}).
         */
        HOSTS
    }

    /**
     * The TLS settings of the client hop and of the replicas' own hops, which a fleet of hosts
     * gives its replicas itself (certificates it makes).
     */
    static final List<String> TLS_SETTINGS = List.of(ServerSettings.TLS_CERT, ServerSettings.TLS_KEY,
            ServerSettings.TLS_CA, ServerSettings.TLS_CLIENT_AUTH, ReplicaTlsFiles.CERT, ReplicaTlsFiles.KEY,
            ReplicaTlsFiles.CA);

    public FleetOptions {
        if (replicas < 1 || replicas > MAX_REPLICAS) {
            throw new IllegalArgumentException("replicas (" + replicas + ") must be in 1.." + MAX_REPLICAS);
        }
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(logs, "logs");
        Objects.requireNonNull(logPrefix, "logPrefix");
        properties = Map.copyOf(properties);
        for (String key : properties.keySet()) {
            if (key.equals(OneReplica.JAVA) || key.equals(OneReplica.AOT_CACHE)) {
                throw new IllegalArgumentException("setting " + key + " is the replica role's: a fleet's replicas run"
                        + " on its runtime and cache (cluster.java and cluster.aotCache, workload.serverJava and"
                        + " workload.serverAotCache)");
            }
            if (ReplicaProcesses.OWN_SETTINGS.contains(key)) {
                throw new IllegalArgumentException("setting " + key + " is set by the fleet for each replica;"
                        + " it cannot be given");
            }
            if (!key.startsWith(ReplicaConfig.PREFIX) && !key.startsWith(ServerSettings.PREFIX)) {
                throw new IllegalArgumentException("setting " + key + " is not a replica.* or bookstore.*"
                        + " setting");
            }
            if (network == Network.HOSTS && TLS_SETTINGS.contains(key)) {
                throw new IllegalArgumentException("setting " + key + " is set by a fleet of hosts, with certificates"
                        + " it makes for the replicas' addresses; it cannot be given");
            }
        }
        Objects.requireNonNull(network, "network");
        jvmOptions = List.copyOf(jvmOptions);
        ReplicaTlsFiles.fromProperties(asProperties(properties));
        Objects.requireNonNull(runtime, "runtime");
        if (startTimeout.isNegative() || startTimeout.isZero()) {
            throw new IllegalArgumentException("startTimeout (" + startTimeout + ") must be positive");
        }
    }

    /** Whether the replicas can be cut off from each other: each in a network namespace of its own. */
    public boolean partitions() {
        return network != Network.LOOPBACK;
    }

    /**
     * How long a first start may take: {@link #startTimeout} and the replicas' warm-up
     * ({@code replica.warmupSeconds}), which they run before they serve.
     *
     * @throws IllegalArgumentException the warm-up setting is invalid (the message names it)
     */
    public Duration firstStartTimeout() {
        return startTimeout.plus(Warmup.of(properties.get(Warmup.PROPERTY)));
    }

    /**
     * Where the replicas' mutual-TLS files are ({@code replica.tls.*}, each defaulting to its
     * {@code bookstore.tls.*} setting), or null when the replicas speak plain gRPC: the fleet
     * calls the replicas as they call each other, with the same certificate and authority.
     */
    public ReplicaTlsFiles tlsFiles() {
        return ReplicaTlsFiles.fromProperties(asProperties(properties));
    }

    /** Whether the replicas serve HTTPS ({@code bookstore.tls.cert} given). */
    public boolean servesHttps() {
        String cert = properties.get(ServerSettings.TLS_CERT);
        return cert != null && !cert.isBlank();
    }

    private static Properties asProperties(Map<String, String> settings) {
        Properties properties = new Properties();
        properties.putAll(settings);
        return properties;
    }

    /** {@code replicas} replicas storing under {@code storage}, logs there too, 60 s to start. */
    public static FleetOptions of(int replicas, Path storage) {
        return new FleetOptions(replicas, storage, storage, "", Map.of(), List.of(), null, Duration.ofSeconds(60),
                Network.LOOPBACK, JavaRuntime.current(), true);
    }

    public FleetOptions withLogs(Path directory, String prefix) {
        return new FleetOptions(replicas, storage, directory, prefix, properties, jvmOptions, token, startTimeout,
                network, runtime, aotCache);
    }

    /** These settings given to every replica too. */
    public FleetOptions withProperties(Map<String, String> more) {
        Map<String, String> all = new LinkedHashMap<>(properties);
        all.putAll(more);
        return new FleetOptions(replicas, storage, logs, logPrefix, all, jvmOptions, token, startTimeout, network,
                runtime, aotCache);
    }

    public FleetOptions withJvmOptions(List<String> options) {
        return new FleetOptions(replicas, storage, logs, logPrefix, properties, options, token, startTimeout,
                network, runtime, aotCache);
    }

    public FleetOptions withToken(BearerToken value) {
        return new FleetOptions(replicas, storage, logs, logPrefix, properties, jvmOptions, value, startTimeout,
                network, runtime, aotCache);
    }

    public FleetOptions withStartTimeout(Duration value) {
        return new FleetOptions(replicas, storage, logs, logPrefix, properties, jvmOptions, token, value, network,
                runtime, aotCache);
    }

    /** Replicas on this JVM. */
    public FleetOptions withRuntime(JavaRuntime value) {
        return new FleetOptions(replicas, storage, logs, logPrefix, properties, jvmOptions, token, startTimeout,
                network, value, aotCache);
    }

    /** Replicas that start without an AOT cache even on a JVM that makes one. */
    public FleetOptions withoutAotCache() {
        return new FleetOptions(replicas, storage, logs, logPrefix, properties, jvmOptions, token, startTimeout,
                network, runtime, false);
    }

    /** Replicas that can be cut off from each other, each in a network namespace of its own ({@link Network#PRIVATE}). */
    public FleetOptions withPartitions() {
        return withNetwork(Network.PRIVATE);
    }

    /** Replicas as hosts, each at an address of its own, over HTTPS ({@link Network#HOSTS}). */
    public FleetOptions withHosts() {
        return withNetwork(Network.HOSTS);
    }

    public FleetOptions withNetwork(Network value) {
        return new FleetOptions(replicas, storage, logs, logPrefix, properties, jvmOptions, token, startTimeout,
                value, runtime, aotCache);
    }
}
