package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.tls.TestCerts;
import com.acertainbookstore.tls.TlsFileException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code replica.tls.*} settings: each defaults to its {@code bookstore.tls.*} setting, all
 * three or none, files read when the configuration is read (a bad one refused naming the setting
 * and the file); a Raft address beyond loopback needs them unless {@code bookstore.insecure=true};
 * and a TLS replica names its peers by {@code https} URLs. No replica is started: the refusals
 * come before anything would.
 */
class ReplicaTlsSettingsTest {

    @TempDir
    static Path dir;
    private static TestCerts certs;
    private static TestCerts other;

    @BeforeAll
    static void makeCertificates() {
        certs = TestCerts.make(dir.resolve("group"));
        other = TestCerts.make(dir.resolve("other"));
    }

    private static Properties replica(String host) {
        Properties properties = new Properties();
        properties.setProperty("replica.id", "0");
        properties.setProperty("replica.peers", host + ":9000:9001," + host + ":9002:9003");
        return properties;
    }

    @Test
    void fromProperties_noTlsSetting_isPlain() {
        assertNull(ReplicaTlsFiles.fromProperties(replica("127.0.0.1")));
        ReplicaConfig config = ReplicaConfig.fromProperties(replica("127.0.0.1"), Map.of());
        assertNull(config.raft().tls());
        assertEquals("http://127.0.0.1:9003", config.clientUrl(1));
    }

    @Test
    void fromProperties_bookstoreTlsOnly_isTheDefaultOfEachReplicaSetting() {
        Properties properties = replica("127.0.0.1");
        properties.setProperty(ServerSettings.TLS_CERT, certs.nodeCert().toString());
        properties.setProperty(ServerSettings.TLS_KEY, certs.nodeKey().toString());
        properties.setProperty(ServerSettings.TLS_CA, certs.ca().toString());
        ReplicaTlsFiles files = ReplicaTlsFiles.fromProperties(properties);
        assertEquals(new ReplicaTlsFiles.Source(ServerSettings.TLS_CERT, certs.nodeCert()), files.cert());
        assertEquals(new ReplicaTlsFiles.Source(ServerSettings.TLS_KEY, certs.nodeKey()), files.key());
        assertEquals(new ReplicaTlsFiles.Source(ServerSettings.TLS_CA, certs.ca()), files.ca());
        ReplicaConfig config = ReplicaConfig.fromProperties(properties, Map.of());
        assertNotNull(config.raft().tls());
        assertTrue(config.raft().tls().certificate().getSubjectX500Principal().getName().contains("node"));
        // The leader header and the peers' probes name https URLs: the replicas serve TLS.
        assertEquals("https://127.0.0.1:9003", config.clientUrl(1));
        assertEquals("https://127.0.0.1:9003", config.peerUrl(1));
    }

    @Test
    void fromProperties_replicaTlsSettings_overrideTheirDefaultsOneByOne() {
        Properties properties = replica("127.0.0.1");
        properties.setProperty(ServerSettings.TLS_CERT, other.nodeCert().toString());
        properties.setProperty(ServerSettings.TLS_KEY, other.nodeKey().toString());
        properties.setProperty(ServerSettings.TLS_CA, other.ca().toString());
        properties.setProperty(ReplicaTlsFiles.CERT, certs.nodeCert().toString());
        properties.setProperty(ReplicaTlsFiles.KEY, certs.nodeKey().toString());
        ReplicaTlsFiles files = ReplicaTlsFiles.fromProperties(properties);
        assertEquals(new ReplicaTlsFiles.Source(ReplicaTlsFiles.CERT, certs.nodeCert()), files.cert());
        assertEquals(new ReplicaTlsFiles.Source(ReplicaTlsFiles.KEY, certs.nodeKey()), files.key());
        assertEquals(new ReplicaTlsFiles.Source(ServerSettings.TLS_CA, other.ca()), files.ca());
        properties.setProperty(ReplicaTlsFiles.CA, certs.ca().toString());
        assertEquals(new ReplicaTlsFiles.Source(ReplicaTlsFiles.CA, certs.ca()), ReplicaTlsFiles.fromProperties(properties).ca());
        // Mutual TLS between replicas alone, plain HTTP to the clients on loopback: allowed.
        Properties raftOnly = replica("127.0.0.1");
        raftOnly.setProperty(ReplicaTlsFiles.CERT, certs.nodeCert().toString());
        raftOnly.setProperty(ReplicaTlsFiles.KEY, certs.nodeKey().toString());
        raftOnly.setProperty(ReplicaTlsFiles.CA, certs.ca().toString());
        ReplicaConfig config = ReplicaConfig.fromProperties(raftOnly, Map.of());
        assertNotNull(config.raft().tls());
        assertNull(config.http().tls());
        assertEquals("http://127.0.0.1:9003", config.peerUrl(1));
    }

    @Test
    void fromProperties_someButNotAll_refusedNamingWhatIsMissingAndItsDefault() {
        Properties properties = replica("127.0.0.1");
        properties.setProperty(ServerSettings.TLS_CERT, certs.nodeCert().toString());
        properties.setProperty(ServerSettings.TLS_KEY, certs.nodeKey().toString());
        IllegalArgumentException noCa = assertThrows(IllegalArgumentException.class,
                () -> ReplicaConfig.fromProperties(properties, Map.of()));
        assertTrue(noCa.getMessage().startsWith("mutual TLS between replicas needs replica.tls.cert, replica.tls.key"
                + " and replica.tls.ca, each defaulting to its bookstore.tls.* setting; not given: replica.tls.ca (or"
                + " bookstore.tls.ca)"), noCa.getMessage());
        Properties onlyCa = replica("127.0.0.1");
        onlyCa.setProperty(ReplicaTlsFiles.CA, certs.ca().toString());
        IllegalArgumentException noPair = assertThrows(IllegalArgumentException.class,
                () -> ReplicaConfig.fromProperties(onlyCa, Map.of()));
        assertTrue(noPair.getMessage().contains("not given: replica.tls.cert (or bookstore.tls.cert), replica.tls.key"
                + " (or bookstore.tls.key)"), noPair.getMessage());
        onlyCa.setProperty("replica.tls.trust", "x");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(onlyCa, Map.of()))
                .getMessage().startsWith("property replica.tls.trust is unknown"));
    }

    @Test
    void fromProperties_badFiles_refusedNamingTheSettingAndTheFile() throws Exception {
        Properties properties = replica("127.0.0.1");
        Path missing = dir.resolve("missing-key.pem");
        properties.setProperty(ReplicaTlsFiles.CERT, certs.nodeCert().toString());
        properties.setProperty(ReplicaTlsFiles.KEY, missing.toString());
        properties.setProperty(ReplicaTlsFiles.CA, certs.ca().toString());
        TlsFileException noKey = assertThrows(TlsFileException.class, () -> ReplicaConfig.fromProperties(properties,
                Map.of()));
        assertEquals("replica.tls.key '" + missing + "' does not exist", noKey.getMessage());
        properties.setProperty(ReplicaTlsFiles.KEY, other.nodeKey().toString());
        TlsFileException wrongKey = assertThrows(TlsFileException.class,
                () -> ReplicaConfig.fromProperties(properties, Map.of()));
        assertTrue(wrongKey.getMessage().startsWith("replica.tls.key '" + other.nodeKey()
                + "' is not the key of the certificate in replica.tls.cert"), wrongKey.getMessage());
        Path garbage = Files.writeString(dir.resolve("garbage-ca.pem"), "not a certificate");
        properties.setProperty(ReplicaTlsFiles.KEY, certs.nodeKey().toString());
        properties.remove(ReplicaTlsFiles.CA);
        properties.setProperty(ServerSettings.TLS_CERT, certs.nodeCert().toString());
        properties.setProperty(ServerSettings.TLS_KEY, certs.nodeKey().toString());
        properties.setProperty(ServerSettings.TLS_CA, garbage.toString());
        TlsFileException badCa = assertThrows(TlsFileException.class, () -> ReplicaConfig.fromProperties(properties,
                Map.of()));
        assertTrue(badCa.getMessage().startsWith("bookstore.tls.ca '" + garbage + "' holds no certificate"),
                badCa.getMessage());
    }

    @Test
    void checkRaftHost_beyondLoopbackWithoutTls_refusedNamingTheSettings_unlessInsecure() {
        ReplicaConfig plain = ReplicaConfig.of(0, List.of(new PeerAddress("10.255.0.1", 9000, 9001)), UUID.randomUUID(),
                dir.resolve("storage"));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Replica.checkRaftHost(plain));
        assertEquals("the Raft address 10.255.0.1:9000 is not a loopback address: refusing to run Raft without mutual"
                + " TLS (set replica.tls.cert, replica.tls.key, replica.tls.ca, or their defaults bookstore.tls.cert,"
                + " bookstore.tls.key and bookstore.tls.ca; or bookstore.insecure=true to run it in clear text all the"
                + " same)", refused.getMessage());
        assertFalse(Replica.checkRaftHost(plain.withHttp(plain.http().withInsecure(true))));
        Properties properties = replica("10.255.0.1");
        properties.setProperty(ReplicaTlsFiles.CERT, certs.nodeCert().toString());
        properties.setProperty(ReplicaTlsFiles.KEY, certs.nodeKey().toString());
        properties.setProperty(ReplicaTlsFiles.CA, certs.ca().toString());
        assertFalse(Replica.checkRaftHost(ReplicaConfig.fromProperties(properties, Map.of())));
        assertTrue(Replica.checkRaftHost(ReplicaConfig.fromProperties(replica("127.0.0.1"), Map.of())));
        assertTrue(Replica.checkRaftHost(ReplicaConfig.fromProperties(replica("::1"), Map.of())));
    }

    /** With {@code bookstore.insecure=true}, a replica beyond loopback starts, and says loudly that its Raft port is plain. */
    @Test
    void start_beyondLoopbackInsecure_warnsThatRaftIsPlain() throws Exception {
        int[] ports = LoopbackPorts.pick(2);
        ReplicaConfig config = ReplicaConfig.of(0, List.of(new PeerAddress("0.0.0.0", ports[0], ports[1])),
                UUID.randomUUID(), dir.resolve("insecure"));
        config = config.withHttp(config.http().withToken("s3cret").withInsecure(true));
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        java.io.PrintStream standardError = System.err;
        Replica started;
        // Tests run one at a time in this JVM (no parallel execution is configured): nothing else writes meanwhile.
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            started = Replica.start(config, false);
        } finally {
            System.setErr(standardError);
        }
        started.close();
        String printed = warnings.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(printed.contains("WARNING: replica r0 runs Raft in PLAIN gRPC on 0.0.0.0:" + ports[0]
                + ", beyond loopback (bookstore.insecure=true)") && printed.contains("replica.tls.cert"), printed);
    }
}
