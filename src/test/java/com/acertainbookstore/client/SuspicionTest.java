package com.acertainbookstore.client;

import static com.acertainbookstore.client.ScriptedServer.answer;
import static com.acertainbookstore.client.ScriptedServer.header;
import static com.acertainbookstore.client.ScriptedServer.ok;
import static com.acertainbookstore.client.ScriptedServer.write;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.protocol.RequestId;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * A proxy's suspicion of a replica that holds a call: the rule ({@link Suspicion#decide}) and,
 * against scripted replicas on loopback, a silent replica left for the leader the others name, a
 * slow replica that still leads kept.
 */
class SuspicionTest {

    private static final Set<BookCopy> BUY = Set.of(new BookCopy(7, 1));

    private static ReplicaHealth health(String role, String leaderUrl, long term) {
        return new ReplicaHealth("r", role, leaderUrl.isEmpty() ? "" : "rX", leaderUrl, term, 10, 10, true, 60000);
    }

    @Test
    void decide_movesOnlyWhenAMajorityIsInTheTermOfAnotherLeader() {
        ReplicaUrls urls = new ReplicaUrls(List.of("http://127.0.0.1:1001", "http://127.0.0.1:1002",
                "http://127.0.0.1:1003"), "urls");
        String b = "http://127.0.0.1:1002";
        String a = "http://127.0.0.1:1001";
        assertEquals(1, Suspicion.decide(0, new ReplicaHealth[] {null, health("LEADER", b, 5),
            health("FOLLOWER", b, 5)}, urls));
        assertEquals(1, Suspicion.decide(0, new ReplicaHealth[] {null, health("LEADER", b, 5),
            health("CANDIDATE", "", 6)}, urls), "a replica already in a later term counts");
        assertEquals(-1, Suspicion.decide(0, new ReplicaHealth[] {null, health("LEADER", b, 5), null}, urls),
                "one replica of three is no majority");
        assertEquals(-1, Suspicion.decide(0, new ReplicaHealth[] {null, health("LEADER", b, 5),
            health("FOLLOWER", a, 4)}, urls), "the other still follows the suspect in an older term");
        assertEquals(-1, Suspicion.decide(0, new ReplicaHealth[] {null, health("FOLLOWER", a, 4),
            health("FOLLOWER", a, 4)}, urls), "the suspect still leads: it keeps its calls");
        assertEquals(-1, Suspicion.decide(0, new ReplicaHealth[] {null, health("CANDIDATE", "", 5),
            health("CANDIDATE", "", 5)}, urls), "no leader named yet: nowhere to go");
        assertEquals(-1, Suspicion.decide(0, new ReplicaHealth[] {null, health("FOLLOWER", "http://10.0.0.1:9", 7),
            health("FOLLOWER", "http://10.0.0.1:9", 7)}, urls), "a leader outside the list is never followed");
    }

    /** A scripted replica: {@code /health} answered with {@code health}, a POST by {@code post}. */
    private static final class Replica implements AutoCloseable {
        final List<String> posts = Collections.synchronizedList(new ArrayList<>());
        final AtomicReference<String> health = new AtomicReference<>();
        final ScriptedServer server;

        Replica(ScriptedServer.Script post, boolean answersHealth) throws IOException {
            server = new ScriptedServer((connection, request, head, out) -> {
                if (head.startsWith("GET /health")) {
                    if (!answersHealth) {
                        Thread.sleep(10_000);
                        return false;
                    }
                    write(out, answer(200, health.get(), ""));
                    return true;
                }
                posts.add(head);
                return post.answer(connection, request, head, out);
            });
        }

        String url() {
            return server.url();
        }

        @Override
        public void close() throws IOException, InterruptedException {
            server.close();
        }
    }

    @Test
    void aSilentReplica_whileTheOthersNameANewLeader_theCallMovesThereWithTheSameRequestId() throws Exception {
        CountDownLatch silence = new CountDownLatch(1);
        try (Replica paused = new Replica((connection, request, head, out) -> {
            silence.await(10, TimeUnit.SECONDS);
            return false;
        }, false);
                Replica leader = new Replica((connection, request, head, out) -> {
                    write(out, ok("<res/>"));
                    return true;
                }, true);
                Replica follower = new Replica((connection, request, head, out) -> {
                    write(out, ok("<res/>"));
                    return true;
                }, true)) {
            leader.health.set(new ReplicaHealth("r1", "LEADER", "r1", leader.url(), 5, 100, 100, true, 60000).text());
            follower.health.set(new ReplicaHealth("r2", "FOLLOWER", "r1", leader.url(), 5, 100, 100, true, 60000).text());
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(paused.url(), leader.url(), follower.url()),
                    Duration.ofSeconds(30), null)) {
                long start = System.nanoTime();
                proxy.buyBooks(BUY);
                long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals(1, paused.posts.size());
                assertEquals(1, leader.posts.size(), "re-sent to the leader the others named");
                assertEquals(0, follower.posts.size());
                String id = header(paused.posts.get(0), RequestId.HEADER);
                assertNotNull(id);
                assertEquals(id, header(leader.posts.get(0), RequestId.HEADER), "the same request id");
                assertTrue(tookMs < Failover.MAX_ATTEMPT.toMillis() / 2, "moved after " + tookMs
                        + " ms, not after a whole attempt");
                assertTrue(tookMs >= Suspicion.SUSPECT_AFTER.toMillis(), "not before the threshold: " + tookMs + " ms");
                proxy.buyBooks(BUY);
                assertEquals(2, leader.posts.size(), "the next call starts with the new leader");
            } finally {
                silence.countDown();
            }
        }
    }

    @Test
    void aReadHeldOnAPooledConnection_movesToo_notSentAgainToTheSilentReplica() throws Exception {
        CountDownLatch silence = new CountDownLatch(1);
        try (Replica paused = new Replica((connection, request, head, out) -> {
            if (request == 0) {
                write(out, ok(ScriptedServer.PICKS));
                return true;
            }
            silence.await(10, TimeUnit.SECONDS);
            return false;
        }, false);
                Replica leader = new Replica((connection, request, head, out) -> {
                    write(out, ok(ScriptedServer.PICKS));
                    return true;
                }, true);
                Replica follower = new Replica((connection, request, head, out) -> false, true)) {
            leader.health.set(new ReplicaHealth("r1", "LEADER", "r1", leader.url(), 5, 100, 100, true, 60000).text());
            follower.health.set(new ReplicaHealth("r2", "FOLLOWER", "r1", leader.url(), 5, 100, 100, true, 60000).text());
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(paused.url(), leader.url(), follower.url()),
                    Duration.ofSeconds(30), null)) {
                assertEquals(1, proxy.getEditorPicks(1).size(), "the first read, answered: its connection is pooled");
                long start = System.nanoTime();
                assertEquals(1, proxy.getEditorPicks(1).size());
                long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals(2, paused.posts.size(), "the held read is not sent again to the silent replica");
                assertEquals(1, leader.posts.size());
                assertTrue(tookMs < Failover.MAX_ATTEMPT.toMillis() / 2, "moved after " + tookMs + " ms");
            } finally {
                silence.countDown();
            }
        }
    }

    @Test
    void aSlowReplicaThatStillLeads_keepsItsCall() throws Exception {
        long slowMs = 1_500;
        try (Replica slow = new Replica((connection, request, head, out) -> {
            Thread.sleep(slowMs);
            write(out, ok("<res/>"));
            return true;
        }, true);
                Replica b = new Replica((connection, request, head, out) -> {
                    write(out, ok("<res/>"));
                    return true;
                }, true);
                Replica c = new Replica((connection, request, head, out) -> {
                    write(out, ok("<res/>"));
                    return true;
                }, true)) {
            b.health.set(new ReplicaHealth("r1", "FOLLOWER", "r0", slow.url(), 5, 100, 100, true, 60000).text());
            c.health.set(new ReplicaHealth("r2", "FOLLOWER", "r0", slow.url(), 5, 100, 100, true, 60000).text());
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(List.of(slow.url(), b.url(), c.url()),
                    Duration.ofSeconds(30), null)) {
                long start = System.nanoTime();
                proxy.buyBooks(BUY);
                long tookMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertEquals(1, slow.posts.size());
                assertEquals(0, b.posts.size(), "the others name the slow replica as leader: the call stays");
                assertEquals(0, c.posts.size());
                assertTrue(tookMs >= slowMs, "answered by the slow leader after " + tookMs + " ms");
                assertTrue(b.server.connections() > 0, "the others were asked while the call was held");
            }
        }
    }
}
