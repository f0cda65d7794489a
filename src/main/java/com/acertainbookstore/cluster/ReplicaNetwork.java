package com.acertainbookstore.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A private network for N replicas, made of Linux network namespaces ({@code ip netns}) that this
 * object creates and removes: one namespace per replica, each with its loopback and one end of a
 * veth pair holding its address ({@code 10.77.0.<i+1>/24}), the other ends joined by a bridge in a
 * namespace of its own (the hub). No address exists outside these namespaces, so the same subnet
 * serves every run at once. A replica is started inside its namespace with {@link #exec}; clients
 * reach it through the file system (a Unix-domain socket in {@link #socket}'s directory, see
 * {@link SocketRelay}), which a partition does not touch.
 *
 * <p>A partition ({@link #isolate}) is a blackhole route to each other replica's address inside the
 * isolated replica's namespace, and one to the isolated replica's address inside each other
 * namespace: both ways cut, the links themselves up (a send fails at once instead of waiting).
 * {@link #heal} removes those routes.
 *
 * <p>Nothing outlives the run: {@link #close} deletes every namespace (their links go with them);
 * a shutdown hook does it should this JVM exit first; and a guard process outside this JVM
 * deletes them, and the sockets' directory, once this JVM has gone, even by SIGKILL. A new network also deletes the namespaces
 * of earlier runs whose JVM is gone (named {@code cbs-<pid>-...}).
 *
 * <p>Thread safety: safe to share; the partition state and closing are guarded by {@code this}.
 */
public final class ReplicaNetwork implements AutoCloseable {

    /** Every namespace a run makes is named {@code cbs-<pid of its JVM>-<n>-...}. */
    static final String PREFIX = "cbs-";
    private static final Pattern OURS = Pattern.compile("^" + PREFIX + "([0-9]+)-[0-9]+-\\S+");
    private static final String SUBNET = "10.77.0.";
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    /** Guarded by the class: why namespaces cannot be made here ("" when they can), once known. */
    private static String unavailable;

    private final String tag;
    private final int size;
    /** A private directory of the replicas' sockets: short, since a socket path holds about 100 bytes. */
    private final Path sockets;
    private final Thread hook;
    /** Guarded by {@code this}: whether replica i is cut off. */
    private final boolean[] isolated;
    /** Guarded by {@code this}. */
    private Process guard;
    /** Guarded by {@code this}. */
    private boolean closed;

    private ReplicaNetwork(String tag, int size, Path sockets) {
        this.tag = tag;
        this.size = size;
        this.sockets = sockets;
        this.isolated = new boolean[size];
        this.hook = new Thread(this::close, "replica-network-remover");
    }

    /**
     * Why partitions cannot be made on this machine, or null when they can: tried once, by making
     * and deleting a namespace.
     */
    public static synchronized String unavailableReason() {
        if (unavailable == null) {
            unavailable = probe();
        }
        return unavailable.isEmpty() ? null : unavailable;
    }

    private static String probe() {
        if (!System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("linux")) {
            return "network namespaces need Linux (this is " + System.getProperty("os.name") + ")";
        }
        String name = PREFIX + ProcessHandle.current().pid() + "-0-probe";
        try {
            Commands.run(List.of("ip", "netns", "add", name), null);
        } catch (IOException e) {
            return "this machine does not let this user make network namespaces (ip netns add: " + e.getMessage()
                    + "); partitions need root (CAP_SYS_ADMIN) and iproute2";
        }
        try {
            Commands.run(List.of("ip", "netns", "delete", name), null);
        } catch (IOException e) {
            return "a network namespace could be made but not deleted (" + e.getMessage() + ")";
        }
        return "";
    }

    /**
     * Makes the namespaces, links and addresses of {@code replicas} replicas.
     *
     * @throws IOException a command failed (the message says which and what it printed); whatever
     *     was made is removed first
     * @throws IllegalStateException namespaces cannot be made here ({@link #unavailableReason})
     */
    public static ReplicaNetwork create(int replicas) throws IOException {
        String reason = unavailableReason();
        if (reason != null) {
            throw new IllegalStateException(reason);
        }
        if (replicas < 1 || replicas > 250) {
            throw new IllegalArgumentException("replicas (" + replicas + ") must be in 1..250");
        }
        removeAbandoned();
        ReplicaNetwork network = new ReplicaNetwork(PREFIX + ProcessHandle.current().pid() + "-"
                + SEQUENCE.incrementAndGet(), replicas, Files.createTempDirectory("cbs-sockets"));
        Runtime.getRuntime().addShutdownHook(network.hook);
        boolean made = false;
        try {
            network.startGuard();
            network.build();
            made = true;
            return network;
        } finally {
            if (!made) {
                network.close();
            }
        }
    }

    private void build() throws IOException {
        Commands.run(List.of("ip", "netns", "add", hub()), null);
        StringBuilder hubCommands = new StringBuilder("link set lo up\nlink add br0 type bridge\nlink set br0 up\n");
        for (int i = 0; i < size; i++) {
            Commands.run(List.of("ip", "netns", "add", namespace(i)), null);
            hubCommands.append("link add p").append(i).append(" type veth peer name eth0 netns ")
                    .append(namespace(i)).append('\n');
            hubCommands.append("link set p").append(i).append(" master br0 up\n");
        }
        batch(hub(), hubCommands.toString());
        for (int i = 0; i < size; i++) {
            batch(namespace(i), "link set lo up\naddr add " + address(i) + "/24 dev eth0\nlink set eth0 up\n");
        }
    }

    /** How many replicas. */
    public int size() {
        return size;
    }

    /** Replica i's namespace's name. */
    public String namespace(int i) {
        return tag + "-r" + i;
    }

    private String hub() {
        return tag + "-hub";
    }

    /** Replica i's address, inside the namespaces only. */
    public String address(int i) {
        return SUBNET + (i + 1);
    }

    /** Where replica i's HTTP socket goes (in a directory this network made and removes). */
    public Path socket(int i) {
        return sockets.resolve("r" + i + ".sock");
    }

    /** The command prefix that runs a program inside replica i's namespace ({@code ip netns exec}, which execs it: the pid stays the program's). */
    public List<String> exec(int i) {
        return List.of("ip", "netns", "exec", namespace(i));
    }

    /**
     * Cuts replica i off from every other replica, both ways.
     *
     * @throws IllegalStateException it is already cut off, or the network is closed
     */
    public synchronized void isolate(int i) throws IOException {
        requireOpen();
        if (isolated[i]) {
            throw new IllegalStateException("replica r" + i + " is already isolated");
        }
        routes(i, "add");
        isolated[i] = true;
    }

    /** Joins replica i to the others again if it is cut off; otherwise does nothing. */
    public synchronized void heal(int i) throws IOException {
        if (!isolated[i] || closed) {
            return;
        }
        routes(i, "del");
        isolated[i] = false;
    }

    /** Whether replica i is cut off. */
    public synchronized boolean isIsolated(int i) {
        return isolated[i];
    }

    private void routes(int i, String verb) throws IOException {
        StringBuilder own = new StringBuilder();
        for (int j = 0; j < size; j++) {
            if (j != i) {
                own.append("route ").append(verb).append(" blackhole ").append(address(j)).append("/32\n");
            }
        }
        batch(namespace(i), own.toString());
        for (int j = 0; j < size; j++) {
            if (j != i) {
                batch(namespace(j), "route " + verb + " blackhole " + address(i) + "/32\n");
            }
        }
    }

    /**
     * Deletes every namespace of this network (processes still inside keep theirs until they end;
     * the links go with the last of them) and ends the guard. Idempotent.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Called by the hook itself while this JVM exits.
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            names.add(namespace(i));
        }
        names.add(hub());
        for (String name : names) {
            try {
                Commands.run(List.of("ip", "netns", "delete", name), null);
            } catch (IOException e) {
                if (!e.getMessage().contains("No such file")) {
                    System.err.println("network: could not delete namespace " + name + ": " + e.getMessage());
                }
            }
        }
        try (var files = Files.list(sockets)) {
            for (Path file : files.toList()) {
                Files.deleteIfExists(file);
            }
            Files.deleteIfExists(sockets);
        } catch (IOException | RuntimeException e) {
            System.err.println("network: could not delete " + sockets + ": " + e.getMessage());
        }
        synchronized (this) {
            if (guard != null) {
                guard.descendants().forEach(ProcessHandle::destroy);
                guard.destroy();
                guard = null;
            }
        }
    }

    /** A shell outside this JVM that deletes the namespaces once this JVM is gone. */
    private synchronized void startGuard() throws IOException {
        StringBuilder deletes = new StringBuilder();
        for (int i = 0; i < size; i++) {
            deletes.append("ip netns delete ").append(namespace(i)).append(" 2>/dev/null; ");
        }
        deletes.append("ip netns delete ").append(hub()).append(" 2>/dev/null; rm -rf '").append(sockets)
                .append("'");
        String script = "while kill -0 " + ProcessHandle.current().pid() + " 2>/dev/null; do sleep 1; done; " + deletes;
        guard = new ProcessBuilder("sh", "-c", script).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    }

    /** The names of the network namespaces on this machine (empty when they cannot be listed). */
    public static List<String> existing() {
        try {
            return Commands.run(List.of("ip", "netns", "list"), null).lines().map(String::strip)
                    .filter(line -> !line.isEmpty()).map(line -> line.split("\\s+")[0]).toList();
        } catch (IOException e) {
            return List.of();
        }
    }

    /** The namespaces this JVM made that still exist ({@code cbs-<this pid>-...}). */
    public static List<String> madeHere() {
        String ours = PREFIX + ProcessHandle.current().pid() + "-";
        return existing().stream().filter(name -> name.startsWith(ours)).toList();
    }

    /** Deletes the namespaces of runs whose JVM is gone (a guard could not run: a reboot of its shell, say). */
    static void removeAbandoned() {
        for (String name : existing()) {
            Matcher matcher = OURS.matcher(name);
            if (!matcher.find() || ProcessHandle.of(Long.parseLong(matcher.group(1))).map(ProcessHandle::isAlive)
                    .orElse(false)) {
                continue;
            }
            try {
                Commands.run(List.of("ip", "netns", "delete", name), null);
                System.err.println("network: deleted namespace " + name + ", left by a run that is gone");
            } catch (IOException e) {
                System.err.println("network: could not delete abandoned namespace " + name + ": " + e.getMessage());
            }
        }
    }

    private void requireOpen() {
        if (closed) {
            throw new IllegalStateException("the replica network is closed");
        }
    }

    private static void batch(String namespace, String commands) throws IOException {
        Commands.run(List.of("ip", "-n", namespace, "-batch", "-"), commands);
    }
}
