package com.acertainbookstore.cluster;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A network for N replicas, made of Linux network namespaces ({@code ip netns}) that this object
 * creates and removes: one namespace per replica, each with its loopback and one end of a veth
 * pair holding its address (its peer link, {@code eth0}), the other ends joined by a bridge in a
 * namespace of its own (the hub). A replica is started inside its namespace with {@link #exec}.
 * It comes in two forms:
 *
 * <ul>
 *   <li><b>private</b> ({@link #create}): the addresses are {@code 10.77.0.<i+1>/24} and exist
 *       only inside these namespaces, so the same subnet serves every run at once. Clients reach a
 *       replica through the file system (a Unix-domain socket in {@link #socket}'s directory, see
 *       {@link SocketRelay}), which a partition does not touch. A partition ({@link #isolate}) is a
 *       blackhole route to each other replica's address inside the isolated replica's namespace,
 *       and one to the isolated replica's address inside each other namespace: both ways cut, the
 *       links themselves up (a send fails at once instead of waiting).
 *   <li><b>hosts</b> ({@link #createHosts}): as replicas on machines of their own. The addresses
 *       are {@code <net>.<i+1>} of a /24 that no route of this machine overlaps, and this machine
 *       holds {@code <net>.254} on a bridge of its own namespace, to which each replica has a
 *       second link, its client link ({@code eth1}; {@link HostLinks}): programs here reach the
 *       replicas at their addresses, not through loopback. A partition sets the hub's end of the
 *       isolated replica's peer link down, as a pulled cable at a switch: its packets to and from
 *       the other replicas vanish (a send is not refused, it goes unanswered), while this machine
 *       still reaches it over its client link.
 * </ul>
 *
 * {@link #heal} undoes a partition.
 *
 * <p>Nothing outlives the run: {@link #close} deletes every namespace (their links go with them)
 * and, for hosts, the links of this machine's namespace; a shutdown hook does it should this JVM
 * exit first; and a guard process outside this JVM deletes them, and the network's own directory
 * ({@link #files}), once this JVM has gone, even by SIGKILL. A new network also deletes the
 * namespaces and links of earlier runs whose JVM is gone (named {@code cbs-<pid>-...} and
 * {@code cbs<pid>-...}), saying so.
 *
 * <p>Thread safety: safe to share; the partition state and closing are guarded by {@code this}.
 */
public final class ReplicaNetwork implements AutoCloseable {

    /** Every namespace a run makes is named {@code cbs-<pid of its JVM>-<n>-...}. */
    static final String PREFIX = "cbs-";
    private static final Pattern OURS = Pattern.compile("^" + PREFIX + "([0-9]+)-[0-9]+-\\S+");
    /** The private form's subnet, inside the namespaces only. */
    private static final HostSubnet PRIVATE_SUBNET = HostSubnet.of(10, 77, 0);
    private static final AtomicInteger SEQUENCE = new AtomicInteger();
    /** Guarded by the class: why namespaces cannot be made here ("" when they can), once known. */
    private static String unavailable;

    private final String tag;
    private final int size;
    private final HostSubnet subnet;
    /** The hosts form's links in this machine's namespace; null for the private form. */
    private final HostLinks hostLinks;
    /**
     * A private directory removed with the network: the replicas' sockets (short, since a socket
     * path holds about 100 bytes), or what else a run of hosts keeps beside them (certificates).
     */
    private final Path files;
    private final Thread hook;
    /** Guarded by {@code this}: whether replica i is cut off. */
    private final boolean[] isolated;
    /** Guarded by {@code this}. */
    private Process guard;
    /** Guarded by {@code this}. */
    private boolean closed;

    private ReplicaNetwork(String tag, int size, HostLinks hostLinks, Path files) {
        this.tag = tag;
        this.size = size;
        this.hostLinks = hostLinks;
        this.subnet = hostLinks == null ? PRIVATE_SUBNET : hostLinks.subnet();
        this.files = files;
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
                    + "); partitions and replicas as hosts need root (CAP_SYS_ADMIN) and iproute2";
        }
        try {
            Commands.run(List.of("ip", "netns", "delete", name), null);
        } catch (IOException e) {
            return "a network namespace could be made but not deleted (" + e.getMessage() + ")";
        }
        return "";
    }

    /**
     * Makes the namespaces, links and addresses of {@code replicas} replicas, in the private form.
     *
     * @throws IOException a command failed (the message says which and what it printed); whatever
     *     was made is removed first
     * @throws IllegalStateException namespaces cannot be made here ({@link #unavailableReason})
     */
    public static ReplicaNetwork create(int replicas) throws IOException {
        return create(replicas, false);
    }

    /**
     * Makes the namespaces, links and addresses of {@code replicas} replicas as hosts: each
     * reachable from this machine's namespace at its own address.
     *
     * @throws IOException a command failed (the message says which and what it printed), or no
     *     subnet is free; whatever was made is removed first
     * @throws IllegalStateException namespaces cannot be made here ({@link #unavailableReason})
     */
    public static ReplicaNetwork createHosts(int replicas) throws IOException {
        return create(replicas, true);
    }

    private static ReplicaNetwork create(int replicas, boolean hosts) throws IOException {
        String reason = unavailableReason();
        if (reason != null) {
            throw new IllegalStateException(reason);
        }
        if (replicas < 1 || replicas > HostSubnet.MAX_HOSTS) {
            throw new IllegalArgumentException("replicas (" + replicas + ") must be in 1.." + HostSubnet.MAX_HOSTS);
        }
        removeAbandoned();
        long pid = ProcessHandle.current().pid();
        int sequence = SEQUENCE.incrementAndGet();
        HostLinks links = hosts ? HostLinks.create(pid, sequence, replicas) : null;
        ReplicaNetwork network;
        try {
            network = new ReplicaNetwork(PREFIX + pid + "-" + sequence, replicas, links,
                    Files.createTempDirectory(hosts ? "cbs-hosts" : "cbs-sockets"));
        } catch (IOException | RuntimeException e) {
            if (links != null) {
                links.remove();
            }
            throw e;
        }
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
            if (hostLinks != null) {
                hostLinks.connect(i, namespace(i));
            }
        }
    }

    /** Whether this is the hosts form ({@link #createHosts}). */
    public boolean hosts() {
        return hostLinks != null;
    }

    /** Every namespace this network made: the replicas', then the hub. */
    public List<String> namespaces() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            names.add(namespace(i));
        }
        names.add(hub());
        return names;
    }

    /** The links this network made in this machine's namespace (the hosts form's; none for the private form). */
    public List<String> hostLinks() {
        return hostLinks == null ? List.of() : hostLinks.names();
    }

    /** The subnet of the replicas' addresses ({@code 10.77.0.0/24} for the private form). */
    public String subnet() {
        return subnet.toString();
    }

    /** This machine's address on the replicas' subnet, in the hosts form; null in the private form. */
    public String hostAddress() {
        return hostLinks == null ? null : subnet.host();
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

    /** Replica i's address: inside the namespaces only in the private form; reachable from here for hosts. */
    public String address(int i) {
        return subnet.replica(i);
    }

    /** Where replica i's HTTP socket goes (in a directory this network made and removes). */
    public Path socket(int i) {
        return files.resolve("r" + i + ".sock");
    }

    /** A private directory this network made and removes with itself, even should this JVM be killed. */
    public Path files() {
        return files;
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
        cut(i, "add");
        isolated[i] = true;
    }

    /** Joins replica i to the others again if it is cut off; otherwise does nothing. */
    public synchronized void heal(int i) throws IOException {
        if (!isolated[i] || closed) {
            return;
        }
        cut(i, "del");
        isolated[i] = false;
    }

    /** Whether replica i is cut off. */
    public synchronized boolean isIsolated(int i) {
        return isolated[i];
    }

    /** Cuts (verb {@code add}) or joins again (verb {@code del}) replica i. */
    private void cut(int i, String verb) throws IOException {
        if (hostLinks != null) {
            batch(hub(), "link set p" + i + (verb.equals("add") ? " down" : " up") + "\n");
        } else {
            routes(i, verb);
        }
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
     * the links go with the last of them), the hosts form's links in this machine's namespace and
     * the network's directory, and ends the guard. Idempotent.
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
        if (hostLinks != null) {
            hostLinks.remove();
        }
        for (String name : namespaces()) {
            try {
                Commands.run(List.of("ip", "netns", "delete", name), null);
            } catch (IOException e) {
                if (!e.getMessage().contains("No such file")) {
                    System.err.println("network: could not delete namespace " + name + ": " + e.getMessage());
                }
            }
        }
        if (Files.isDirectory(files)) {
            try (var inside = Files.walk(files)) {
                for (Path file : inside.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            } catch (IOException | RuntimeException e) {
                System.err.println("network: could not delete " + files + ": " + e.getMessage());
            }
        }
        synchronized (this) {
            if (guard != null) {
                guard.descendants().forEach(ProcessHandle::destroy);
                guard.destroy();
                guard = null;
            }
        }
    }

    /** A shell outside this JVM that deletes the namespaces, links and directory once this JVM is gone. */
    private synchronized void startGuard() throws IOException {
        StringBuilder deletes = new StringBuilder(hostLinks == null ? "" : hostLinks.removeCommands());
        for (String name : namespaces()) {
            deletes.append("ip netns delete ").append(name).append(" 2>/dev/null; ");
        }
        deletes.append("rm -rf '").append(files).append("'");
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

    /**
     * Deletes the namespaces and links of runs whose JVM is gone (a guard could not run: it was
     * killed too, say), saying so on standard error.
     */
    static void removeAbandoned() {
        HostLinks.removeAbandoned();
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
