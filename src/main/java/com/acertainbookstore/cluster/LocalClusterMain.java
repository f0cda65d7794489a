package com.acertainbookstore.cluster;

import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.replica.ReplicaTlsFiles;
import com.acertainbookstore.replica.Warmup;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * A local cluster: N replicas, each its own JVM on loopback ports, storage and logs under
 * {@code target/cluster}; prints each replica's URL and runs until Ctrl-C or SIGTERM, which stop
 * them all (a shutdown hook; see {@code docs/replication.md} for the command).
 *
 * <p>Settings (system properties): {@code cluster.replicas} (default 3), {@code cluster.dir}
 * (default {@code target/cluster}: cleared at start when an earlier cluster made it, refused when
 * it holds anything else), {@code cluster.java} (the replicas' JVM: {@code newest}, the default,
 * {@code current} or a JDK home; {@link JavaRuntime}), {@code cluster.aotCache} ({@code true}, the default: on
 * Java 25 and later the replicas train an AOT cache once and start with it; {@code false}: without one), and any {@code replica.*} or {@code bookstore.*} setting, given to
 * every replica (except the ones each replica gets from the cluster: its id, the peer list, the
 * storage); {@code replica.warmupSeconds} is 20 unless given ({@link Warmup}). With
 * {@code bookstore.tls.*} (and {@code replica.tls.*}, which default to it) every replica serves
 * HTTPS and speaks mutual TLS to the others, and the cluster's own calls to them present the
 * replicas' certificate ({@link ReplicaFleet}). The token, if any, comes from {@value BearerToken#ENVIRONMENT_VARIABLE} or
 * {@code bookstore.tokenFile}. The main thread starts the fleet and watches it; the shutdown hook
 * stops it (the fleet is safe to share) after setting a volatile flag that silences the watcher.
 */
public final class LocalClusterMain {

    public static final String REPLICAS = "cluster.replicas";
    public static final String DIR = "cluster.dir";
    public static final String JAVA = "cluster.java";
    /** Whether the replicas use an AOT cache on a JVM that makes one: {@code true}, the default, or {@code false}. */
    public static final String AOT_CACHE = "cluster.aotCache";
    static final int DEFAULT_REPLICAS = 3;
    static final String DEFAULT_DIR = "target/cluster";
    /** The warm-up each replica runs before it starts, unless {@code replica.warmupSeconds} says otherwise. */
    static final int DEFAULT_WARMUP_SECONDS = 20;

    /** Set by the shutdown hook, read by the watching main thread: replicas ending now are being stopped. */
    private static volatile boolean stopping;

    private LocalClusterMain() {
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        FleetOptions options = options(System.getProperties(), BearerToken.fromEnvironment(System.getenv()));
        System.out.println("starting " + options.replicas() + " replicas on " + options.runtime().describe()
                + ", storage and logs under " + options.storage().toAbsolutePath());
        ReplicaFleet fleet = ReplicaFleet.start(options);
        Thread stopper = new Thread(() -> {
            stopping = true;
            System.out.println("stopping the replicas");
            fleet.close();
            System.out.println("replicas stopped");
        }, "local-cluster-stopper");
        Runtime.getRuntime().addShutdownHook(stopper);
        int leader = fleet.leader();
        for (int i = 0; i < fleet.size(); i++) {
            System.out.println("replica " + fleet.id(i) + "  " + fleet.url(i) + (i == leader ? "  (leader)" : "")
                    + "  log " + fleet.log(i));
        }
        System.out.println("peers " + fleet.peers());
        System.out.println("Ctrl-C stops them all");
        watch(fleet);
    }

    /** Says when a replica ends by itself; runs until this JVM exits. */
    private static void watch(ReplicaFleet fleet) throws InterruptedException {
        boolean[] reported = new boolean[fleet.size()];
        while (true) {
            for (int i = 0; i < fleet.size(); i++) {
                ProcessHandle process = fleet.process(i);
                if (!stopping && !reported[i] && process != null && !process.isAlive()) {
                    reported[i] = true;
                    System.out.println("replica " + fleet.id(i) + " ended; see " + fleet.log(i));
                }
            }
            TimeUnit.SECONDS.sleep(1);
        }
    }

    /**
     * The fleet's options from these properties.
     *
     * @throws IllegalArgumentException an unknown {@code cluster.*} key, a bad count, or a
     *     setting each replica gets from the cluster; the message names it
     */
    static FleetOptions options(Properties properties, BearerToken token) {
        Map<String, String> forwarded = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            if (key.startsWith("cluster.") && !List.of(REPLICAS, DIR, JAVA, AOT_CACHE).contains(key)) {
                throw new IllegalArgumentException("setting " + key + " is unknown (known: " + REPLICAS + ", " + DIR
                        + ", " + JAVA + ", " + AOT_CACHE + ", and replica.* and bookstore.* settings given to every"
                        + " replica)");
            }
            if (key.startsWith(ReplicaConfig.PREFIX) || key.startsWith(ServerSettings.PREFIX)) {
                forwarded.put(key, properties.getProperty(key));
            }
        }
        forwarded.putIfAbsent(Warmup.PROPERTY, String.valueOf(DEFAULT_WARMUP_SECONDS));
        String count = properties.getProperty(REPLICAS, String.valueOf(DEFAULT_REPLICAS)).trim();
        int replicas;
        try {
            replicas = Integer.parseInt(count);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("setting " + REPLICAS + " '" + count + "' is not a whole number", e);
        }
        if (replicas < 1 || replicas > FleetOptions.MAX_REPLICAS) {
            throw new IllegalArgumentException("setting " + REPLICAS + " (" + replicas + ") must be in 1.."
                    + FleetOptions.MAX_REPLICAS);
        }
        // All three TLS files or none, refused here with the replica's own message.
        ReplicaTlsFiles.fromProperties(properties);
        Path dir = Path.of(properties.getProperty(DIR, DEFAULT_DIR).trim());
        JavaRuntime runtime = JavaRuntime.of(JAVA, properties.getProperty(JAVA, JavaRuntime.NEWEST), System.getenv());
        String aot = properties.getProperty(AOT_CACHE, "true").trim();
        if (!aot.equals("true") && !aot.equals("false")) {
            throw new IllegalArgumentException("setting " + AOT_CACHE + " '" + aot + "' must be true or false");
        }
        try {
            FleetOptions options = FleetOptions.of(replicas, dir.resolve("storage")).withLogs(dir.resolve("logs"), "")
                    .withProperties(forwarded).withToken(token).withRuntime(runtime);
            return aot.equals("true") ? options : options.withoutAotCache();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(e.getMessage() + " (the local cluster sets it for each replica)", e);
        }
    }
}
