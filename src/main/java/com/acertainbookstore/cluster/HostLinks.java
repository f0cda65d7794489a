package com.acertainbookstore.cluster;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The part of a network of hosts ({@link ReplicaNetwork#createHosts}) that lives in this machine's
 * own network namespace, where the harness runs: a bridge holding this machine's address on a /24
 * no route of this machine overlaps ({@link HostSubnet}), and per replica the host end of its
 * client link (a veth pair whose other end, {@code eth1}, is in the replica's namespace), joined
 * to that bridge. Names are {@code cbs<pid>-<n>} (the bridge) and {@code cbs<pid>-<n>h<i>} (replica
 * i's host end), the pid being this JVM's, so that runs in parallel never share one, and a later
 * run can tell the links of a run that is gone ({@link #removeAbandoned}).
 *
 * <p>Two runs choosing a subnet at once would both find the same one free: the choice and the
 * bridge's address are made under a lock on {@value #LOCK_FILE}, a file every JVM names alike
 * whatever its {@code java.io.tmpdir}, so the second run finds the first one's route.
 *
 * <p>Why two links per replica and a cut on the peer link: docs/decisions/hosts-network.md.
 *
 * <p>Thread safety: immutable once made; its commands may run from any thread.
 */
final class HostLinks {

    /** The file whose lock serializes the choice of subnets between runs on this machine. */
    static final String LOCK_FILE = "/tmp/cbs-host-subnets.lock";
    /** Linux's longest interface name. */
    private static final int MAX_NAME = 15;
    private static final Pattern OURS = Pattern.compile("^cbs([0-9]+)-[0-9]+(h[0-9]+)?$");
    /** Serializes the choice within this JVM too: a file lock is held per JVM, not per thread. */
    private static final Object CHOOSING = new Object();

    private final String bridge;
    private final HostSubnet subnet;
    private final int size;

    private HostLinks(String bridge, HostSubnet subnet, int size) {
        this.bridge = bridge;
        this.subnet = subnet;
        this.size = size;
    }

    /**
     * Makes the bridge {@code cbs<pid>-<sequence>} on a free subnet, holding this machine's address
     * there, for {@code size} replicas (their links come with {@link #connect}).
     *
     * @throws IOException a command failed, or no candidate subnet is free (the message says which
     *     routes took them); nothing is left made
     */
    static HostLinks create(long pid, int sequence, int size) throws IOException {
        String bridge = "cbs" + pid + "-" + sequence;
        if ((bridge + "h" + (size - 1)).length() > MAX_NAME) {
            throw new IllegalStateException("link name " + bridge + "h" + (size - 1) + " is longer than Linux's "
                    + MAX_NAME + " characters: too many networks made by this JVM (" + sequence + ")");
        }
        synchronized (CHOOSING) {
            try (FileChannel channel = FileChannel.open(Path.of(LOCK_FILE), StandardOpenOption.CREATE,
                    StandardOpenOption.WRITE); FileLock lock = channel.lock()) {
                String routes = Commands.run(List.of("ip", "-4", "route", "show", "table", "all"), null);
                HostSubnet subnet = HostSubnet.firstFree(routes).orElseThrow(() -> new IOException(
                        "no free /24 for the replicas among 10.78.*.0, 172.30.*.0 and 192.168.200-255.0: this"
                                + " machine routes them all (ip -4 route show table all:\n" + routes.strip() + ")"));
                HostLinks links = new HostLinks(bridge, subnet, size);
                try {
                    Commands.run(List.of("ip", "-batch", "-"), "link add " + bridge + " type bridge\naddr add "
                            + subnet.host() + "/24 dev " + bridge + "\nlink set " + bridge + " up\n");
                } catch (IOException e) {
                    links.remove();
                    throw new IOException("the replicas' bridge could not be made in this machine's network"
                            + " namespace (hosts need root: CAP_NET_ADMIN here): " + e.getMessage(), e);
                }
                return links;
            }
        }
    }

    /** The subnet the replicas' addresses come from. */
    HostSubnet subnet() {
        return subnet;
    }

    /** The bridge's name. */
    String bridge() {
        return bridge;
    }

    /** Replica i's host end of its client link. */
    String hostEnd(int i) {
        return bridge + "h" + i;
    }

    /** Every link this object makes in this machine's namespace: the host ends, then the bridge. */
    List<String> names() {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < size; i++) {
            names.add(hostEnd(i));
        }
        names.add(bridge);
        return names;
    }

    /**
     * Replica i's client link: a veth pair, its host end on the bridge and {@code eth1} in
     * {@code namespace}, up, with a route there to this machine's address through it, from the
     * replica's own address (which must already be on the namespace's {@code eth0}).
     */
    void connect(int i, String namespace) throws IOException {
        Commands.run(List.of("ip", "-batch", "-"), "link add " + hostEnd(i) + " type veth peer name eth1 netns "
                + namespace + "\nlink set " + hostEnd(i) + " master " + bridge + " up\n");
        Commands.run(List.of("ip", "-n", namespace, "-batch", "-"), "link set eth1 up\nroute add " + subnet.host()
                + "/32 dev eth1 src " + subnet.replica(i) + "\n");
    }

    /**
     * Deletes the host ends (each takes its pair with it, even while a process keeps the
     * replica's namespace) and the bridge; a link already gone is no error. Reports a failure on
     * standard error and goes on.
     */
    void remove() {
        for (String name : names()) {
            delete(name);
        }
    }

    /** The shell commands that {@link #remove} the links, for a guard outside this JVM. */
    String removeCommands() {
        StringBuilder commands = new StringBuilder();
        for (String name : names()) {
            commands.append("ip link delete ").append(name).append(" 2>/dev/null; ");
        }
        return commands.toString();
    }

    /** Deletes the links of this machine's namespace left by runs whose JVM is gone, saying so. */
    static void removeAbandoned() {
        String links;
        try {
            links = Commands.run(List.of("ip", "-o", "link", "show"), null);
        } catch (IOException e) {
            return;
        }
        for (String line : links.lines().toList()) {
            String[] words = line.split(":\\s+", 3);
            if (words.length < 2) {
                continue;
            }
            String name = words[1].split("@", 2)[0];
            Matcher matcher = OURS.matcher(name);
            if (matcher.matches() && !ProcessHandle.of(Long.parseLong(matcher.group(1))).map(ProcessHandle::isAlive)
                    .orElse(false)) {
                if (delete(name)) {
                    System.err.println("network: deleted link " + name + ", left by a run that is gone");
                }
            }
        }
    }

    /** Deletes a link of this machine's namespace; false when it was not there. */
    private static boolean delete(String name) {
        try {
            Commands.run(List.of("ip", "link", "delete", name), null);
            return true;
        } catch (IOException e) {
            if (!e.getMessage().contains("Cannot find device")) {
                System.err.println("network: could not delete link " + name + ": " + e.getMessage());
            }
            return false;
        }
    }
}
