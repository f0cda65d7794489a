package com.acertainbookstore.replication;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.statemachine.Outcome;
import com.acertainbookstore.tls.PemFiles;
import com.acertainbookstore.tls.TestCerts;
import com.acertainbookstore.tls.TlsIdentity;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real Ratis servers in this JVM speaking mutual TLS on loopback, with certificates the test
 * makes ({@code CertsMain}). Schedule: start the group with the node certificate of one authority,
 * wait for a leader, then write through clients of three kinds. Verdicts: a client presenting a
 * certificate of the group's authority commits and every replica applies the entry; a client
 * speaking plain gRPC, and one presenting a certificate of another authority, are refused at the
 * handshake: their call fails and nothing of theirs is applied.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class RaftTlsTest {

    @TempDir
    static Path dir;
    private static LocalGroup group;
    private static TestCerts certs;

    @BeforeAll
    static void startGroup() throws Exception {
        certs = TestCerts.make(dir.resolve("group"));
        group = LocalGroup.start(3, ReplicaSettings.DEFAULT.withTls(tls(certs)));
        group.awaitLeader(Duration.ofSeconds(20));
    }

    @AfterAll
    static void closeGroup() throws IOException {
        if (group != null) {
            group.close();
        }
    }

    static RaftTls tls(TestCerts certs) {
        return RaftTls.of(TlsIdentity.fromFiles("cert", certs.nodeCert(), "key", certs.nodeKey()),
                PemFiles.readCertificates("ca", certs.ca()));
    }

    /** Client settings that give up after two quick attempts, so that a refused client fails fast. */
    private static ReplicaSettings impatient(RaftTls tls) {
        return new ReplicaSettings(Duration.ofMillis(300), Duration.ofMillis(600), 10_000, true,
                ReplicaSettings.DEFAULT.locking(), 2, Duration.ofMillis(50), Duration.ofSeconds(1), 8L << 20, tls);
    }

    @Test
    void clientOfTheGroupsAuthority_commitsOnEveryReplica() throws Exception {
        RaftClient client = group.newClient();
        assertEquals(List.of(Outcome.DONE), LocalGroup.send(client, addBooks(id(UUID.randomUUID(), 0), book(4101, 5))));
        group.awaitConverged(Duration.ofSeconds(10));
        for (int i = 0; i < 3; i++) {
            assertTrue(group.machine(i).books().stream().anyMatch(b -> b.getISBN() == 4101), "r" + i + group.roles());
        }
    }

    @Test
    void plainClient_isRefused_andNothingIsApplied() throws Exception {
        assertRefused(null, 4102);
    }

    /**
     * The attacker trusts the group's authority (so its side of the handshake goes through) but
     * presents a certificate another authority signed: the replicas refuse it.
     */
    @Test
    void clientOfAnotherAuthority_isRefused_andNothingIsApplied() throws Exception {
        TestCerts foreign = TestCerts.make(dir.resolve("foreign"));
        RaftTls attacker = RaftTls.of(TlsIdentity.fromFiles("cert", foreign.nodeCert(), "key", foreign.nodeKey()),
                List.of(PemFiles.readCertificates("ca", certs.ca()).get(0),
                        PemFiles.readCertificates("ca", foreign.ca()).get(0)));
        assertRefused(attacker, 4103);
    }

    private static String chain(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause()) {
            text.append(" <- ").append(t);
        }
        return text.toString();
    }

    private static void assertRefused(RaftTls clientTls, int isbn) throws Exception {
        try (RaftClient client = ReplicaBuilder.newClient(group.group(), impatient(clientTls))) {
            IOException refused = assertThrows(IOException.class,
                    () -> LocalGroup.send(client, addBooks(id(UUID.randomUUID(), 0), book(isbn, 5))));
            String causes = chain(refused);
            System.out.println("refused: " + causes);
            // Ratis gave up on a transport failure (the handshake), not on an answer of the group.
            assertTrue(causes.contains("UNAVAILABLE"), causes);
        }
        // A write of the group's own afterwards, then no replica holds the refused client's book.
        assertEquals(List.of(Outcome.DONE), LocalGroup.send(group.newClient(),
                addBooks(id(UUID.randomUUID(), 0), book(isbn + 100, 1))));
        group.awaitConverged(Duration.ofSeconds(10));
        for (int i = 0; i < 3; i++) {
            assertFalse(group.machine(i).books().stream().anyMatch(b -> b.getISBN() == isbn), "r" + i);
        }
    }
}
