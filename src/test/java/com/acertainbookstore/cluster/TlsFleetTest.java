package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.protocol.HttpGet;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.protocol.ReplicaMetric;
import com.acertainbookstore.replica.PeerAddress;
import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.replication.Impostors;
import com.acertainbookstore.replication.RaftTls;
import com.acertainbookstore.replication.ReplicaBuilder;
import com.acertainbookstore.replication.ReplicaGroup;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.PemFiles;
import com.acertainbookstore.tls.TestCerts;
import com.acertainbookstore.tls.TlsIdentity;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.protocol.RaftPeerId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fleet of three replica JVMs with TLS on every hop ({@code bookstore.tls.*}, client
 * certificates required; {@code replica.tls.*} default to them), certificates made by the test.
 *
 * <p><b>Schedule.</b> The fleet starts, each replica warming up for a second first (so it counts as
 * warm; a restarted one does not); the proxies call the {@code https} URLs with a client
 * certificate. (1) Two foreign Ratis servers with a certificate of another authority, knowing the
 * group id and taking the followers' ids, ask the leader for votes with ever higher terms and then
 * send it appends ({@link Impostors}), while ten writes go through the proxies. (2) The leader is
 * killed (SIGKILL); a write goes on through the list proxy under a new leader; the killed replica
 * restarts, cold, and is made leader through Ratis' admin call (a client of the group with the
 * node certificate); being cold, it asks its peers' {@code /health} over HTTPS and hands leadership
 * to a warm one.
 *
 * <p><b>Verdict.</b> (1) every write acknowledged, the leader and every replica's term unchanged
 * during the attack; (2) a new leader, the write after the kill acknowledged, the restarted
 * replica's {@code leader_handoffs_done} at 1 and a warm replica leading, writes acknowledged
 * after; every replica process gone after the fleet closes. It prints its timings.
 */
@Tag("slow")
@Timeout(value = 180, unit = TimeUnit.SECONDS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class TlsFleetTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration WAIT = Duration.ofSeconds(20);

    @TempDir
    static Path dir;
    private static TestCerts certs;
    private static ReplicaFleet fleet;
    private static ClientTls clientTls;
    private static StockManagerHTTPProxy stock;
    private static final List<ProcessHandle> PROCESSES = new ArrayList<>();
    private static long begin;

    @BeforeAll
    static void startFleet() throws Exception {
        begin = System.nanoTime();
        certs = TestCerts.make(dir.resolve("certs"));
        clientTls = certs.clientTls(true);
        fleet = ReplicaFleet.start(FleetOptions.of(3, dir.resolve("storage")).withLogs(dir.resolve("logs"), "tls-")
                .withProperties(Map.of(ServerSettings.TLS_CERT, certs.nodeCert().toString(),
                        ServerSettings.TLS_KEY, certs.nodeKey().toString(),
                        ServerSettings.TLS_CA, certs.ca().toString(),
                        ServerSettings.TLS_CLIENT_AUTH, "required",
                        "replica.warmupSeconds", "1")));
        for (int i = 0; i < 3; i++) {
            PROCESSES.add(fleet.process(i));
        }
        stock = new StockManagerHTTPProxy(fleet.urls().stream().map(url -> url + "/stock").toList(), CALL_TIMEOUT,
                null, clientTls);
        say("3 replicas up at " + fleet.urls() + ", leader r" + fleet.leader());
        stock.addBooks(Set.of(new ImmutableStockBook(1, "title", "author", 10f, 10, 0, 0, 0, false)));
    }

    @AfterAll
    static void closeFleet() throws Exception {
        if (stock != null) {
            stock.close();
        }
        if (fleet != null) {
            fleet.close();
        }
        say("fleet closed");
        for (ProcessHandle process : PROCESSES) {
            assertFalse(process.isAlive(), "replica process " + process.pid() + " still running");
        }
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a child of this JVM still running");
    }

    @Test
    @Order(1)
    void foreignServersAskingVotesAndAppending_refusedAtTheHandshake_leaderAndTermsStay_writesServed()
            throws Exception {
        for (URI url : fleet.urls()) {
            assertEquals("https", url.getScheme());
        }
        TestCerts foreign = TestCerts.make(dir.resolve("foreign"));
        // The strongest impostor: it trusts the group's authority too, so only its own certificate is at fault.
        RaftTls impostorTls = RaftTls.of(TlsIdentity.fromFiles("cert", foreign.nodeCert(), "key", foreign.nodeKey()),
                List.of(PemFiles.readCertificates("ca", certs.ca()).get(0),
                        PemFiles.readCertificates("ca", foreign.ca()).get(0)));
        int leader = fleet.leader();
        long term = fleet.status(leader).term();
        ReplicaGroup group = group();
        try (Impostors attack = Impostors.start(group.id(), group.peer(leader),
                List.of(group.peerId((leader + 1) % 3), group.peerId((leader + 2) % 3)), impostorTls,
                dir.resolve("impostors").toFile(), term + 2, WAIT)) {
            say("impostors at term " + attack.term() + " (the group's: " + term + "), one leading: " + attack.leads());
            assertTrue(attack.term() > term + 2 && attack.leads(), "the attack is under way");
            for (int i = 0; i < 10; i++) {
                stock.addCopies(Set.of(new BookCopy(1, 1)));
                TimeUnit.MILLISECONDS.sleep(100);
            }
            say("10 writes acknowledged during the attack");
            for (int i = 0; i < 3; i++) {
                ReplicaHealth health = fleet.status(i);
                assertEquals("r" + leader, health.leader(), "r" + i + " names the same leader");
                assertEquals(term, health.term(), "r" + i + "'s term");
            }
        }
    }

    @Test
    @Order(2)
    void leaderKilled_newLeaderServesOverHttps_restartedColdLeaderHandsOverOverHttps() throws Exception {
        int leader = fleet.leader();
        fleet.kill(leader);
        long killed = System.nanoTime();
        stock.addCopies(Set.of(new BookCopy(1, 5)));
        say(String.format("killed r%d; a write acknowledged %.2f s later", leader, (System.nanoTime() - killed) / 1e9));
        int next = fleet.leader();
        assertNotEquals(leader, next);

        fleet.restart(leader);
        PROCESSES.add(fleet.process(leader));
        assertFalse(fleet.status(leader).warm(), "a restarted replica runs no warm-up: it is cold");
        assertTrue(fleet.status(next).warm(), "the others ran the warm-up");
        fleet.awaitApplied(WAIT);
        try (RaftClient admin = ReplicaBuilder.newClient(group(), ReplicaSettings.DEFAULT.withTls(
                RaftTls.of(TlsIdentity.fromFiles("cert", certs.nodeCert(), "key", certs.nodeKey()),
                        PemFiles.readCertificates("ca", certs.ca()))))) {
            RaftClientReply reply = admin.admin().transferLeadership(RaftPeerId.valueOf("r" + leader), 5_000);
            // The reply says who leads when it is sent: the cold leader may have handed over already.
            say("leadership transferred to the cold r" + leader + ": " + reply.isSuccess());
        }
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (handOffsDone(leader) == 0 && System.nanoTime() < deadline) {
            TimeUnit.MILLISECONDS.sleep(50);
        }
        assertEquals(1, handOffsDone(leader), "the cold leader handed over once, after asking its peers over HTTPS");
        int warm = fleet.leader();
        say("the cold r" + leader + " handed leadership to r" + warm);
        assertNotEquals(leader, warm);
        assertTrue(fleet.status(warm).warm());
        stock.addCopies(Set.of(new BookCopy(1, 1)));
        assertEquals(26, stock.getBooksByISBN(Set.of(1)).get(0).getNumCopies());
    }

    /** The group as the replicas know it: the default group id and the fleet's peer list. */
    private static ReplicaGroup group() {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (PeerAddress peer : PeerAddress.parseList(fleet.peers())) {
            addresses.add(InetSocketAddress.createUnresolved(peer.host(), peer.raftPort()));
        }
        return new ReplicaGroup(RaftGroupId.valueOf(ReplicaConfig.DEFAULT_GROUP), addresses);
    }

    private static long handOffsDone(int replica) throws IOException {
        HttpGet.Answer answer = HttpGet.get(fleet.url(replica).resolve("/metrics"), Duration.ofSeconds(5),
                clientTls.context());
        assertEquals(200, answer.status(), answer.body());
        return ReplicaMetric.parse(answer.body()).get(ReplicaMetric.LEADER_HANDOFFS_DONE);
    }

    private static void say(String what) {
        System.out.printf("TlsFleetTest %6.2f s: %s%n", (System.nanoTime() - begin) / 1e9, what);
    }
}
