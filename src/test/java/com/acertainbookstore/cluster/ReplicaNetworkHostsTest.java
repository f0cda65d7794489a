package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The network of hosts ({@link ReplicaNetwork#createHosts}) on this machine, with real packets:
 * a TCP connection to port 9 of an address, where nothing listens, is refused at once when the
 * address is reachable (the kernel there answers with a reset) and goes unanswered when the
 * packets vanish. Runs where this user can make network namespaces; elsewhere it is skipped,
 * saying why.
 *
 * <p>Checked: two networks made at once get subnets of their own that no route of this machine
 * had; this machine reaches every replica at its address, and the replicas each other; a cut
 * replica is still reached from here, while its packets to and from the other replicas vanish
 * both ways and the two others still reach each other; after the heal it reaches them again; once
 * closed, no namespace, link or route of either network is left. And what a killed run left (its
 * JVM gone) is deleted when a network is next made.
 */
class ReplicaNetworkHostsTest {

    /** How long an unanswered connection is given: a reachable address refuses within milliseconds. */
    private static final int PROBE_SECONDS = 1;

    @BeforeAll
    static void namespacesCanBeMade() {
        String reason = ReplicaNetwork.unavailableReason();
        if (reason != null) {
            System.err.println("ReplicaNetworkHostsTest skipped: " + reason);
        }
        assumeTrue(reason == null, () -> "namespaces cannot be made here: " + reason);
    }

    @Test
    @Timeout(60)
    void hosts_reachedFromHereCutByTheirPeerLinkAndRemovedWhenClosed() throws Exception {
        String routesBefore = Commands.run(List.of("ip", "-4", "route", "show", "table", "all"), null);
        List<String> made = new ArrayList<>();
        List<String> links = new ArrayList<>();
        List<String> subnets = new ArrayList<>();
        try (ReplicaNetwork network = ReplicaNetwork.createHosts(3);
                ReplicaNetwork other = ReplicaNetwork.createHosts(2)) {
            made.addAll(network.namespaces());
            made.addAll(other.namespaces());
            links.addAll(network.hostLinks());
            links.addAll(other.hostLinks());
            subnets.add(network.subnet());
            subnets.add(other.subnet());
            assertTrue(network.hosts());
            assertNotEquals(network.subnet(), other.subnet(), "two networks at once share no subnet");
            for (String subnet : subnets) {
                assertFalse(routesBefore.contains(subnet.replace(".0/24", ".")), subnet + " was routed before:\n"
                        + routesBefore);
            }
            assertTrue(ReplicaNetwork.existing().containsAll(made), "namespaces made: " + made);
            String hostLinks = Commands.run(List.of("ip", "-o", "link", "show"), null);
            for (String link : links) {
                assertTrue(hostLinks.contains(" " + link + ":") || hostLinks.contains(" " + link + "@"), link);
            }
            for (int i = 0; i < 3; i++) {
                InetAddress address = InetAddress.getByName(network.address(i));
                assertFalse(address.isLoopbackAddress(), network.address(i));
                assertTrue(address.isSiteLocalAddress(), network.address(i));
                assertTrue(reachable(null, network.address(i)), "r" + i + " from this machine");
            }
            assertTrue(reachable(network.namespace(1), network.address(0)), "r0 from r1");
            assertTrue(reachable(network.namespace(0), network.address(2)), "r2 from r0");
            assertTrue(reachable(network.namespace(0), network.hostAddress()), "this machine from r0");

            network.isolate(0);
            assertTrue(network.isIsolated(0));
            assertTrue(reachable(null, network.address(0)), "the cut r0 from this machine");
            assertFalse(reachable(network.namespace(1), network.address(0)), "r0 from r1, cut");
            assertFalse(reachable(network.namespace(0), network.address(2)), "r2 from the cut r0");
            assertTrue(reachable(network.namespace(1), network.address(2)), "r2 from r1, both connected");
            assertTrue(reachable(other.namespace(1), other.address(0)), "the other network, untouched");

            network.heal(0);
            assertFalse(network.isIsolated(0));
            assertTrue(reachableWithin(network.namespace(1), network.address(0), 5), "r0 from r1, healed");
            assertTrue(reachableWithin(network.namespace(0), network.address(2), 5), "r2 from r0, healed");
        }
        List<String> left = new ArrayList<>(ReplicaNetwork.existing());
        left.retainAll(made);
        assertEquals(List.of(), left, "namespaces left");
        String hostLinks = Commands.run(List.of("ip", "-o", "link", "show"), null);
        for (String link : links) {
            assertFalse(hostLinks.contains(" " + link + ":") || hostLinks.contains(" " + link + "@"), link + " left");
        }
        String routesAfter = Commands.run(List.of("ip", "-4", "route", "show", "table", "all"), null);
        for (String subnet : subnets) {
            assertFalse(routesAfter.contains(subnet.replace(".0/24", ".")), subnet + " still routed:\n" + routesAfter);
        }
    }

    @Test
    @Timeout(30)
    void removeAbandoned_namespacesAndLinksOfARunThatIsGone_areDeleted() throws Exception {
        Process gone = new ProcessBuilder("true").start();
        gone.waitFor();
        long pid = gone.pid();
        assumeTrue(ProcessHandle.of(pid).isEmpty(), "pid " + pid + " was taken again at once");
        String namespace = ReplicaNetwork.PREFIX + pid + "-1-r0";
        String bridge = "cbs" + pid + "-1";
        String hostEnd = bridge + "h0";
        try {
            Commands.run(List.of("ip", "netns", "add", namespace), null);
            Commands.run(List.of("ip", "-batch", "-"), "link add " + bridge + " type bridge\nlink add " + hostEnd
                    + " type veth peer name eth1 netns " + namespace + "\n");

            ReplicaNetwork.removeAbandoned();

            assertFalse(ReplicaNetwork.existing().contains(namespace), namespace + " left");
            String links = Commands.run(List.of("ip", "-o", "link", "show"), null);
            assertFalse(links.contains(" " + bridge + ":"), bridge + " left");
            assertFalse(links.contains(" " + hostEnd + "@"), hostEnd + " left");
        } finally {
            for (List<String> command : List.of(List.of("ip", "netns", "delete", namespace),
                    List.of("ip", "link", "delete", bridge))) {
                try {
                    Commands.run(command, null);
                } catch (IOException e) {
                    // Already gone: what the test wants.
                }
            }
        }
    }

    /**
     * Whether a TCP connection from {@code namespace} (null: this machine's) to port 9 of
     * {@code address} is refused within {@value #PROBE_SECONDS} s (the address answers), rather
     * than left unanswered.
     */
    private static boolean reachable(String namespace, String address) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        if (namespace != null) {
            command.addAll(List.of("ip", "netns", "exec", namespace));
        }
        command.addAll(List.of("timeout", String.valueOf(PROBE_SECONDS), "bash", "-c",
                "exec 3<>/dev/tcp/" + address + "/9"));
        Process probe = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(probe.waitFor(PROBE_SECONDS + 5, TimeUnit.SECONDS), "the probe did not end");
        int status = probe.exitValue();
        // 124: timeout ended it, unanswered; otherwise bash said why it could not connect.
        assertTrue(status == 124 || output.contains("Connection refused"), "probe of " + address + " from "
                + (namespace == null ? "this machine" : namespace) + ": status " + status + ", " + output.strip());
        return status != 124;
    }

    /** {@link #reachable}, tried again until it is or {@code seconds} have passed (a link coming back up). */
    private static boolean reachableWithin(String namespace, String address, int seconds)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!reachable(namespace, address)) {
            if (System.nanoTime() > deadline) {
                return false;
            }
        }
        return true;
    }
}
