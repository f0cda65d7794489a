package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checks of a fleet's options. */
class FleetOptionsTest {

    @TempDir
    Path dir;

    @Test
    void options_settingsTheFleetGivesItself_areRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FleetOptions.of(3,
                dir).withProperties(Map.of("replica.storage", "/elsewhere")));
        assertEquals("setting replica.storage is set by the fleet for each replica; it cannot be given", e.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class, () -> FleetOptions.of(3,
                dir).withProperties(Map.of("workload.threads", "3")));
        assertEquals("setting workload.threads is not a replica.* or bookstore.* setting", other.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FleetOptions.of(0, dir));
    }

    @Test
    void options_tlsFilesForAFleetOfHosts_areRefusedEitherWayRound() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FleetOptions.of(3, dir)
                .withHosts().withProperties(Map.of("bookstore.tls.cert", "/elsewhere/node.pem")));
        assertEquals("setting bookstore.tls.cert is set by a fleet of hosts, with certificates it makes for the"
                + " replicas' addresses; it cannot be given", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> FleetOptions.of(3, dir)
                .withProperties(Map.of("bookstore.tls.clientAuth", "none")).withHosts());
        FleetOptions loopback = FleetOptions.of(3, dir).withProperties(Map.of("bookstore.tls.clientAuth", "none"));
        assertEquals(FleetOptions.Network.LOOPBACK, loopback.network());
        assertEquals(false, loopback.partitions());
        assertEquals(true, FleetOptions.of(3, dir).withHosts().partitions());
    }

    @Test
    void firstStartTimeout_countsTheReplicasWarmUp() {
        assertEquals(Duration.ofSeconds(60), FleetOptions.of(3, dir).firstStartTimeout());
        // With a 60 s warm-up every start used to fail: the 60 s deadline did not count it.
        assertEquals(Duration.ofSeconds(150), FleetOptions.of(3, dir)
                .withProperties(Map.of("replica.warmupSeconds", "90")).firstStartTimeout());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> FleetOptions.of(3, dir)
                .withProperties(Map.of("replica.warmupSeconds", "soon")).firstStartTimeout());
        assertEquals("replica.warmupSeconds 'soon' is invalid: not an integer", e.getMessage());
    }

    @Test
    void options_tlsSettings_someButNotAll_refusedNamingWhatIsMissing() {
        FleetOptions plain = FleetOptions.of(3, dir);
        assertEquals(null, plain.tlsFiles());
        assertEquals(false, plain.servesHttps());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> plain.withProperties(
                Map.of("replica.tls.cert", "n.pem", "replica.tls.ca", "ca.pem")));
        assertEquals("mutual TLS between replicas needs replica.tls.cert, replica.tls.key and replica.tls.ca, each"
                + " defaulting to its bookstore.tls.* setting; not given: replica.tls.key (or bookstore.tls.key)."
                + " replica.tls.ca is the authority that signed every replica's certificate", e.getMessage());
        FleetOptions raftOnly = plain.withProperties(Map.of("replica.tls.cert", "n.pem", "replica.tls.key", "k.pem",
                "replica.tls.ca", "ca.pem"));
        assertEquals(false, raftOnly.servesHttps(), "mutual TLS between the replicas, plain HTTP to the clients");
        assertEquals(Path.of("k.pem"), raftOnly.tlsFiles().key().file());
    }
}
