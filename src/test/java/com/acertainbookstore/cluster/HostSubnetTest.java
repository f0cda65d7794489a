package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The choice of a /24 for replicas as hosts: the first candidate no route of the machine overlaps. */
class HostSubnetTest {

    /** What {@code ip -4 route show table all} printed on this project's machine. */
    private static final String MACHINE = """
            default via 192.0.2.1 dev eth0
            192.0.2.0/24 dev eth0 proto kernel scope link src 192.0.2.2
            local 127.0.0.0/8 dev lo table local proto kernel scope host src 127.0.0.1
            local 127.0.0.1 dev lo table local proto kernel scope host src 127.0.0.1
            broadcast 127.255.255.255 dev lo table local proto kernel scope link src 127.0.0.1
            local 192.0.2.2 dev eth0 table local proto kernel scope host src 192.0.2.2
            broadcast 192.0.2.255 dev eth0 table local proto kernel scope link src 192.0.2.2
            """;

    @Test
    void firstFree_noRouteInTheCandidates_isTheFirstCandidate() {
        HostSubnet subnet = HostSubnet.firstFree(MACHINE).orElseThrow();
        assertEquals("10.78.0.0/24", subnet.toString());
        assertEquals("10.78.0.1", subnet.replica(0));
        assertEquals("10.78.0.3", subnet.replica(2));
        assertEquals("10.78.0.254", subnet.host());
    }

    @Test
    void firstFree_anotherRunsBridgeAndALocalAddressAndASmallerPrefix_skipsEachSubnetTheyTouch() {
        String routes = MACHINE + """
                10.78.0.0/24 dev cbs4711-1 proto kernel scope link src 10.78.0.254 linkdown
                local 10.78.1.254 dev cbs4711-2 table local proto kernel scope host src 10.78.1.254
                10.78.2.16/28 via 192.0.2.9 dev eth0
                unreachable 10.78.3.7
                """;
        assertEquals("10.78.4.0/24", HostSubnet.firstFree(routes).orElseThrow().toString());
    }

    @Test
    void firstFree_aWiderRouteOverTheCandidates_movesToTheNextRange() {
        assertEquals("172.30.0.0/24", HostSubnet.firstFree(MACHINE + "10.0.0.0/8 via 192.0.2.1 dev eth0\n")
                .orElseThrow().toString());
        assertEquals("192.168.200.0/24", HostSubnet.firstFree(MACHINE + "10.0.0.0/8 dev tun0\n172.16.0.0/12 dev tun0\n")
                .orElseThrow().toString());
    }

    @Test
    void firstFree_everyCandidateRouted_isNone() {
        String routes = MACHINE + "10.0.0.0/8 dev tun0\n172.16.0.0/12 dev tun0\n192.168.0.0/16 dev tun0\n";
        assertEquals(Optional.empty(), HostSubnet.firstFree(routes));
        assertEquals(256 + 256 + 56, HostSubnet.candidates().size());
    }

    @Test
    void firstFree_aLineWithoutAnIpv4Prefix_isRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> HostSubnet.firstFree("10.78.300.0/24 dev x\n"));
        assertTrue(e.getMessage().contains("'10.78.300.0/24 dev x'"), e.getMessage());
    }

    @Test
    void replica_outsideTheSubnet_isRefused() {
        HostSubnet subnet = HostSubnet.of(10, 78, 5);
        assertEquals("10.78.5.253", subnet.replica(HostSubnet.MAX_HOSTS - 1));
        assertThrows(IllegalArgumentException.class, () -> subnet.replica(HostSubnet.MAX_HOSTS));
        assertThrows(IllegalArgumentException.class, () -> subnet.replica(-1));
    }
}
