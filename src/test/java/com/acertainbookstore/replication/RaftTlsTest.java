package com.acertainbookstore.replication;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.server.ClientHello;
import com.acertainbookstore.statemachine.Outcome;
import com.acertainbookstore.tls.PemFiles;
import com.acertainbookstore.tls.TestCerts;
import com.acertainbookstore.tls.TlsIdentity;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three real Ratis servers in this JVM speaking mutual TLS on loopback, with certificates the test
 * makes ({@code CertsMain}). Schedule: start the group with the node certificate of one authority,
 * wait for a leader, then write through clients of three kinds. Verdicts: a client presenting a
 * certificate of the group's authority commits and every replica applies the entry; a client
 * speaking plain gRPC, and one presenting a certificate of another authority, are refused at the
 * handshake: their call fails and nothing of theirs is applied. Then the attacks on the Raft port
 * itself: garbage bytes (the connection is closed, the group serves), and two foreign Ratis
 * servers ({@link Impostors}) that ask the leader for votes with a higher term and send it appends
 * (refused at the handshake: the leader and its term stay, writes commit meanwhile); the same
 * attack on a group without TLS unseats its leader (the control: the attack has teeth).
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

    @Test
    void garbageBytesToTheRaftPort_connectionClosed_groupServes() throws Exception {
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        InetSocketAddress raft = group.group().addresses().get(leader);
        byte[] garbage = new byte[64 * 1024];
        new java.util.Random(41).nextBytes(garbage);
        long start = System.nanoTime();
        try (Socket socket = new Socket(raft.getHostString(), raft.getPort())) {
            socket.setSoTimeout(5_000);
            try {
                socket.getOutputStream().write(garbage);
                socket.getOutputStream().flush();
                byte[] answer = new byte[4096];
                int read;
                // A TLS alert may come first; then the end of the stream.
                while ((read = socket.getInputStream().read(answer)) >= 0) {
                    assertTrue(read <= 7 + 64, "more than an alert record came back: " + read + " bytes");
                }
            } catch (java.net.SocketException reset) {
                // The server closed while the garbage was still arriving: closed all the same.
            }
        }
        assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(5), "closed within the read timeout");
        assertEquals(List.of(Outcome.DONE), LocalGroup.send(group.newClient(),
                addBooks(id(UUID.randomUUID(), 0), book(4201, 1))));
        assertEquals(leader, group.awaitLeader(Duration.ofSeconds(10)), group.roles());
    }

    @Test
    void foreignServersAskingVotesAndAppending_refusedAtTheHandshake_leaderAndTermStay() throws Exception {
        TestCerts foreign = TestCerts.make(dir.resolve("impostors"));
        RaftTls impostorTls = RaftTls.of(TlsIdentity.fromFiles("cert", foreign.nodeCert(), "key", foreign.nodeKey()),
                List.of(PemFiles.readCertificates("ca", certs.ca()).get(0),
                        PemFiles.readCertificates("ca", foreign.ca()).get(0)));
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        long term = group.division(leader).getInfo().getCurrentTerm();
        RaftClient client = group.newClient();
        try (Impostors attack = Impostors.start(group.group().id(), group.group().peer(leader),
                List.of(group.group().peerId((leader + 1) % 3), group.group().peerId((leader + 2) % 3)), impostorTls,
                dir.resolve("impostor-storage").toFile(), term + 2, Duration.ofSeconds(10))) {
            assertTrue(attack.term() > term + 2, "the impostors' term " + attack.term() + " is above the group's " + term);
            assertTrue(attack.leads(), "one impostor leads, so it sends appends");
            // The group serves while the attack goes on.
            for (int i = 0; i < 10; i++) {
                assertEquals(List.of(Outcome.DONE), LocalGroup.send(client,
                        addBooks(id(UUID.randomUUID(), 0), book(4300 + i, 1))));
                Thread.sleep(100);
            }
            assertEquals(leader, group.awaitLeader(Duration.ofSeconds(1)), group.roles());
            for (int i = 0; i < 3; i++) {
                assertEquals(term, group.division(i).getInfo().getCurrentTerm(), "r" + i + "'s term;" + group.roles());
            }
        }
    }

    /** The control: the same attack, without TLS, makes the group's leader hear a higher term and step down. */
    @Test
    @Tag("slow")
    void control_foreignServersWithoutTls_unseatTheLeader() throws Exception {
        try (LocalGroup plain = LocalGroup.start(3, ReplicaSettings.DEFAULT)) {
            int leader = plain.awaitLeader(Duration.ofSeconds(20));
            long term = plain.division(leader).getInfo().getCurrentTerm();
            try (Impostors attack = Impostors.start(plain.group().id(), plain.group().peer(leader),
                    List.of(plain.group().peerId((leader + 1) % 3), plain.group().peerId((leader + 2) % 3)), null,
                    dir.resolve("control-storage").toFile(), term + 2, Duration.ofSeconds(10))) {
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (plain.division(leader).getInfo().getCurrentTerm() == term && System.nanoTime() < deadline) {
                    Thread.sleep(20);
                }
                assertTrue(plain.division(leader).getInfo().getCurrentTerm() > term,
                        "without TLS the leader hears the impostors' higher term;" + plain.roles());
            }
        }
    }

    /**
     * A hand-written hello offering TLS 1.0 or 1.1, or TLS 1.2 with a weak suite, gets an alert or
     * a closed connection from the Raft port; the same hello with a strong suite gets a ServerHello
     * (the control: the hello itself is acceptable).
     */
    @Test
    void oldProtocolsAndWeakSuitesOffered_refused_whileAStrongSuiteIsAccepted() throws Exception {
        int port = group.group().addresses().get(0).getPort();
        assertEquals(ClientHello.Reply.SERVER_HELLO, ClientHello.send(port, ClientHello.of(ClientHello.TLS_1_2,
                ClientHello.ECDHE_ECDSA_AES_128_GCM_SHA256)).reply());
        for (int version : new int[] {ClientHello.TLS_1_0, ClientHello.TLS_1_1}) {
            assertRefused(ClientHello.send(port, ClientHello.of(version, ClientHello.ECDHE_ECDSA_AES_128_GCM_SHA256,
                    ClientHello.ECDHE_ECDSA_AES_128_CBC_SHA)), "version " + Integer.toHexString(version));
        }
        for (int suite : new int[] {ClientHello.ECDHE_ECDSA_AES_128_CBC_SHA, ClientHello.ECDHE_ECDSA_AES_128_CBC_SHA256,
                ClientHello.RSA_AES_128_CBC_SHA, ClientHello.RSA_3DES_EDE_CBC_SHA, ClientHello.RSA_RC4_128_SHA}) {
            assertRefused(ClientHello.send(port, ClientHello.of(ClientHello.TLS_1_2, suite)),
                    "suite " + Integer.toHexString(suite));
        }
    }

    private static void assertRefused(ClientHello.Answer answer, String offered) {
        assertTrue(answer.reply() == ClientHello.Reply.ALERT || answer.reply() == ClientHello.Reply.CLOSED,
                offered + ": " + answer);
    }
}
