package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.server.ServerJvm;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.util.FileUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The replica process as the harness forks it (its one line, a write, SIGTERM; a port in use
 * refused with one line and status 1), and the refusals {@link Replica#start} makes before it
 * starts anything: another group's storage, storage that is not a directory, a Raft port in use,
 * an address beyond loopback without a token.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicaMainTest {

    private final Path root = Path.of("target", "replica-main-tests", UUID.randomUUID().toString());

    @AfterEach
    void deleteStorage() throws IOException {
        FileUtils.deleteFully(root.toFile());
    }

    private static String peers(int raftPort, int httpPort) {
        return "127.0.0.1:" + raftPort + ":" + httpPort;
    }

    @Test
    void forked_oneReplica_printsItsLine_servesAWrite_stopsOnSigterm() throws Exception {
        int[] ports = LoopbackPorts.pick(2);
        try (ServerJvm replica = ServerJvm.forkMain(ReplicaMain.class.getName(), List.of("-Xmx256m"), Map.of(),
                "-Dreplica.id=0", "-Dreplica.peers=" + peers(ports[0], ports[1]), "-Dreplica.storage=" + root)) {
            String line = replica.nextLine();
            String url = "http://127.0.0.1:" + ports[1];
            assertEquals("Replica r0 listening on " + url, line);
            Http.Answer added = Http.post(url, "/stock/ADDBOOKS", Http.addBook(3, 2),
                    new RequestId(UUID.randomUUID(), 0).headerValue());
            assertEquals(200, added.status(), added.body());
            assertEquals(url, added.leader());
            ReplicaHealth health = ReplicaHealth.parse(Http.get(url, "/health").body());
            assertEquals("LEADER", health.role());
            assertTrue(Files.isDirectory(root.resolve("r0").resolve(ReplicaConfig.DEFAULT_GROUP.toString())),
                    "storage under <root>/r0/<group>");
            replica.process().destroy();
            assertTrue(replica.process().waitFor(15, TimeUnit.SECONDS), "SIGTERM stopped the replica");
            assertEquals(143, replica.process().exitValue(), "the exit status of a JVM stopped by SIGTERM");
        }
    }

    @Test
    void forked_httpPortInUse_oneLineNamingIt_status1() throws Exception {
        int[] ports = LoopbackPorts.pick(1);
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
                ServerJvm replica = ServerJvm.forkMain(ReplicaMain.class.getName(), List.of("-Xmx128m"), Map.of(),
                        "-Dreplica.id=0", "-Dreplica.peers=" + peers(ports[0], taken.getLocalPort()),
                        "-Dreplica.storage=" + root)) {
            String output = replica.restOfOutput();
            assertTrue(replica.process().waitFor(15, TimeUnit.SECONDS));
            assertEquals(1, replica.process().exitValue(), output);
            assertEquals(1, output.strip().lines().count(), "one line: " + output);
            assertTrue(output.startsWith("Replica: HTTP port 127.0.0.1:" + taken.getLocalPort() + " is in use"), output);
        }
    }

    private ReplicaConfig config(UUID group) throws IOException {
        int[] ports = LoopbackPorts.pick(2);
        return ReplicaConfig.of(0, List.of(new PeerAddress("127.0.0.1", ports[0], ports[1])), group, root);
    }

    @Test
    void start_storageOfAnotherGroup_refusedNamingBothGroups() throws Exception {
        UUID other = UUID.randomUUID();
        Files.createDirectories(root.resolve("r0").resolve(other.toString()));
        IOException refused = assertThrows(IOException.class, () -> Replica.start(config(UUID.randomUUID()), false));
        assertTrue(refused.getMessage().contains("holds the data of group " + other)
                && refused.getMessage().contains("another group's storage"), refused.getMessage());
    }

    @Test
    void start_storageThatIsAFile_refused() throws Exception {
        Files.createDirectories(root);
        Files.writeString(root.resolve("r0"), "not a directory");
        IOException refused = assertThrows(IOException.class, () -> Replica.start(config(UUID.randomUUID()), false));
        assertTrue(refused.getMessage().contains("is not a directory"), refused.getMessage());
    }

    @Test
    void start_raftPortInUse_refusedNamingIt() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int[] ports = LoopbackPorts.pick(1);
            ReplicaConfig config = ReplicaConfig.of(0, List.of(new PeerAddress("127.0.0.1", taken.getLocalPort(),
                    ports[0])), UUID.randomUUID(), root);
            IOException refused = assertThrows(IOException.class, () -> Replica.start(config, false));
            assertTrue(refused.getMessage().startsWith("Raft port 127.0.0.1:" + taken.getLocalPort() + " is in use"),
                    refused.getMessage());
        }
    }

    @Test
    void start_beyondLoopbackWithoutToken_refused() throws Exception {
        int[] ports = LoopbackPorts.pick(2);
        ReplicaConfig config = ReplicaConfig.of(0, List.of(new PeerAddress("0.0.0.0", ports[0], ports[1])),
                UUID.randomUUID(), root);
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> Replica.start(config, false));
        assertTrue(refused.getMessage().contains("not a loopback address"), refused.getMessage());
        assertTrue(Files.notExists(root), "refused before touching storage");
    }

    @Test
    void fromProperties_unknownOrMisplacedSettings_refusedByName() {
        Properties properties = new Properties();
        properties.setProperty("replica.id", "0");
        properties.setProperty("replica.peers", "127.0.0.1:9000:9001,127.0.0.1:9002:9003");
        ReplicaConfig config = ReplicaConfig.fromProperties(properties, Map.of());
        assertEquals(ReplicaConfig.DEFAULT_GROUP, config.group());
        assertEquals(Path.of("target", "replicas", "r0"), config.storage());
        assertEquals(9001, config.http().port());
        properties.setProperty("replica.batchmax", "3");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().startsWith("property replica.batchmax is unknown"));
        properties.remove("replica.batchmax");
        properties.setProperty("replica.batchMax", "0");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().startsWith("replica.batchMax '0' is invalid"));
        properties.remove("replica.batchMax");
        properties.setProperty("replica.readNudgeMs", "0");
        assertEquals(Duration.ZERO, ReplicaConfig.fromProperties(properties, Map.of()).service().readNudge(),
                "0 turns the read nudge off");
        properties.setProperty("replica.readNudgeMs", "1001");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().startsWith("replica.readNudgeMs '1001' is invalid"));
        properties.remove("replica.readNudgeMs");
        properties.setProperty("replica.clientUrls", "http://127.0.0.1:7001");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().startsWith("replica.clientUrls names 1 URLs for 2 peers"));
        properties.setProperty("replica.clientUrls", "http://127.0.0.1:7001, ftp://x");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().startsWith("replica.clientUrls: 'ftp://x' is not http://host:port"));
        properties.setProperty("replica.clientUrls", "http://127.0.0.1:7001,http://127.0.0.1:7002");
        properties.setProperty("replica.httpSocket", "/tmp/r0.sock");
        ReplicaConfig reached = ReplicaConfig.fromProperties(properties, Map.of());
        assertEquals("http://127.0.0.1:7002", reached.clientUrl(1), "the leader header names what clients reach");
        assertEquals(Path.of("/tmp/r0.sock"), reached.httpSocket());
        assertEquals("http://127.0.0.1:9003", config.clientUrl(1), "by default the peer list's address");
        properties.remove("replica.clientUrls");
        properties.remove("replica.httpSocket");
        properties.setProperty("replica.id", "2");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().startsWith("replica.id (2) must be in 0..1"));
        properties.setProperty("replica.id", "1");
        properties.setProperty("bookstore.port", "8081");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().contains("come from replica.peers"));
        properties.remove("bookstore.port");
        properties.setProperty("replica.peers", "127.0.0.1:9000");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ReplicaConfig.fromProperties(properties, Map.of()))
                .getMessage().contains("is not host:raftPort:httpPort"));
    }
}
