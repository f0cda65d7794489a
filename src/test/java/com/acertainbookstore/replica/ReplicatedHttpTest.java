package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.protocol.ReplicaMetric;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import com.acertainbookstore.server.StoreAnswer;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;

/**
 * Three whole replicas in this JVM, called over HTTP with hand-made requests: forwarding and the
 * leader header, exactly once by request id (the same replica, and another one after the leader
 * is closed), refusals before anything is submitted, and {@code /health}. One group for the
 * class; the tests run in order and the last one closes the leader. Each test compares the books
 * of every live replica field by field once they have applied the same entries.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicatedHttpTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private LocalReplicas group;
    private int leader;

    @BeforeAll
    void start() throws Exception {
        group = LocalReplicas.start(3, ReplicaSettings.DEFAULT);
        leader = group.awaitLeader(WAIT);
        Http.Answer added = Http.post(group.url(leader), "/stock/ADDBOOKS", Http.addBook(1, 10), id(UUID.randomUUID(), 0));
        assertEquals(200, added.status(), added.body());
    }

    @AfterAll
    void stop() throws Exception {
        if (group != null) {
            group.close();
        }
    }

    private int follower() {
        return (leader + 1) % group.size();
    }

    private static String id(UUID client, long sequence) {
        return new RequestId(client, sequence).headerValue();
    }

    /** Waits until the live replicas converge and answers their common books, checked equal. */
    private List<String> sameBooksEverywhere() throws Exception {
        group.awaitConverged(WAIT);
        List<String> first = null;
        for (int i = 0; i < group.size(); i++) {
            if (group.replica(i) != null) {
                List<String> books = group.books(i);
                if (first == null) {
                    first = books;
                } else {
                    assertEquals(first, books, "replica r" + i + " holds other books than the first live one");
                }
            }
        }
        return first;
    }

    private String copiesOf(int isbn, List<String> books) {
        for (String book : books) {
            String[] fields = book.split("\\|");
            if (fields[0].equals(String.valueOf(isbn))) {
                return fields[4];
            }
        }
        return "absent";
    }

    @Test
    @Order(1)
    void writeThroughFollower_appliedOnEveryReplica_answersNameTheLeader() throws Exception {
        Http.Answer answer = Http.post(group.url(follower()), "/stock/ADDBOOKS", Http.addBook(2, 7),
                id(UUID.randomUUID(), 0));
        assertEquals(200, answer.status(), answer.body());
        assertEquals(group.url(leader), answer.leader(), "the follower's answer names the leader");
        Http.Answer readBack = Http.post(group.url(follower()), "/stock/GETSTOCKBOOKSBYISBN",
                "<req><set><int>2</int></set></req>", null);
        assertEquals(200, readBack.status(), readBack.body());
        assertTrue(readBack.body().contains("n=\"7\""), "a linearizable read on the follower sees the write it"
                + " acknowledged: " + readBack.body());
        Http.Answer fromLeader = Http.post(group.url(leader), "/GETBOOKS", "<req><set><int>2</int></set></req>", null);
        assertEquals(200, fromLeader.status(), fromLeader.body());
        assertEquals(group.url(leader), fromLeader.leader(), "the leader names itself");
        assertTrue(fromLeader.body().contains("Title 2"), fromLeader.body());
        Http.Answer refused = Http.post(group.url(follower()), "/BUYBOOKS", Http.copies(2, 8), id(UUID.randomUUID(), 0));
        assertEquals(422, refused.status(), refused.body());
        assertEquals(group.url(leader), refused.leader(), "a refusal names the leader too");
        assertEquals("7", copiesOf(2, sameBooksEverywhere()));
    }

    @Test
    @Order(2)
    void sameRequestIdTwice_sameReplica_appliedOnce() throws Exception {
        String requestId = id(UUID.randomUUID(), 3);
        for (int attempt = 0; attempt < 2; attempt++) {
            Http.Answer answer = Http.post(group.url(follower()), "/stock/ADDCOPIES", Http.copies(1, 5), requestId);
            assertEquals(200, answer.status(), "attempt " + attempt + ": " + answer.body());
        }
        assertEquals("15", copiesOf(1, sameBooksEverywhere()), "copies of ISBN 1 after one call sent twice");
    }

    @Test
    @Order(3)
    void malformedRequestId_answers400_appliesNothing() throws Exception {
        List<String> before = sameBooksEverywhere();
        for (String bad : List.of("not-an-id", UUID.randomUUID() + ":-1", UUID.randomUUID() + ":")) {
            Http.Answer answer = Http.post(group.url(follower()), "/BUYBOOKS", Http.copies(1, 1), bad);
            assertEquals(400, answer.status(), bad + ": " + answer.body());
            assertTrue(answer.body().contains(RequestId.HEADER), answer.body());
        }
        Http.Answer withoutId = Http.post(group.url(follower()), "/BUYBOOKS", Http.copies(1, 1), null);
        assertEquals(200, withoutId.status(), "a call without an id gets a fresh one: " + withoutId.body());
        List<String> after = sameBooksEverywhere();
        assertEquals("14", copiesOf(1, after), "only the call without an id was applied; before: " + before);
    }

    @Test
    @Order(4)
    void unencodableString_answers400_beforeBatching_othersInTheSameMomentSucceed() throws Exception {
        ImmutableStockBook bad = new ImmutableStockBook(50, "half \uD800 surrogate", "A", 1f, 1, 0, 0, 0, false);
        ImmutableStockBook good = new ImmutableStockBook(51, "Fine", "A", 1f, 1, 0, 0, 0, false);
        CompletableFuture<StoreAnswer> refused = group.replica(leader).service().call(Operation.ADDBOOKS,
                WireRequest.of(new HashSet<>(Set.of(bad))), new RequestId(UUID.randomUUID(), 0));
        CompletableFuture<StoreAnswer> accepted = group.replica(leader).service().call(Operation.ADDBOOKS,
                WireRequest.of(new HashSet<>(Set.of(good))), new RequestId(UUID.randomUUID(), 0));
        assertEquals(StoreAnswer.Kind.BAD_REQUEST, refused.get(20, TimeUnit.SECONDS).kind());
        assertEquals(StoreAnswer.Kind.OK, accepted.get(20, TimeUnit.SECONDS).kind(),
                String.valueOf(accepted.get().message()));
        List<String> books = sameBooksEverywhere();
        assertEquals("absent", copiesOf(50, books));
        assertEquals("1", copiesOf(51, books));
    }

    @Test
    @Order(5)
    void health_namesRoleLeaderTermAndIndexes() throws Exception {
        sameBooksEverywhere();
        for (int i = 0; i < group.size(); i++) {
            Http.Answer answer = Http.get(group.url(i), "/health");
            assertEquals(200, answer.status());
            assertTrue(answer.body().startsWith("ok\n"), answer.body());
            ReplicaHealth health = ReplicaHealth.parse(answer.body());
            assertEquals("r" + i, health.replica());
            assertEquals(i == leader ? "LEADER" : "FOLLOWER", health.role(), answer.body());
            assertEquals("r" + leader, health.leader());
            assertEquals(group.url(leader), health.leaderUrl());
            assertTrue(health.term() >= 1, answer.body());
            assertTrue(health.applied() > 0 && health.commit() >= health.applied(), answer.body());
        }
        Map<ReplicaMetric, Long> metrics = ReplicaMetric.parse(Http.get(group.url(follower()), "/metrics").body());
        assertTrue(metrics.get(ReplicaMetric.BATCHES) >= 1 && metrics.get(ReplicaMetric.BATCHED_WRITES)
                >= metrics.get(ReplicaMetric.BATCHES), metrics.toString());
        assertTrue(metrics.get(ReplicaMetric.ENTRIES_APPLIED) > 0, metrics.toString());
        assertEquals(0L, metrics.get(ReplicaMetric.RAFT_IS_LEADER));
    }

    @Test
    @Order(6)
    void sameRequestId_sentAgainThroughAnotherReplica_afterTheLeaderIsClosed_appliedOnce() throws Exception {
        String requestId = id(UUID.randomUUID(), 9);
        Http.Answer first = Http.post(group.url(leader), "/stock/ADDCOPIES", Http.copies(2, 100), requestId);
        assertEquals(200, first.status(), first.body());
        assertEquals("107", copiesOf(2, sameBooksEverywhere()));
        int old = leader;
        group.kill(old);
        leader = group.awaitLeader(WAIT);
        assertNotEquals(old, leader);
        int other = (old + 1) % group.size() == leader ? (old + 2) % group.size() : (old + 1) % group.size();
        Http.Answer again = Http.post(group.url(other), "/stock/ADDCOPIES", Http.copies(2, 100), requestId);
        assertEquals(200, again.status(), again.body());
        assertEquals(group.url(leader), again.leader());
        Http.Answer next = Http.post(group.url(leader), "/stock/ADDCOPIES", Http.copies(2, 1), id(UUID.randomUUID(), 0));
        assertEquals(200, next.status(), next.body());
        assertEquals("108", copiesOf(2, sameBooksEverywhere()), "the re-sent call was applied once, the next once");
    }
}
