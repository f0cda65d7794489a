package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.replication.ReplicaBuilder;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import com.acertainbookstore.wire.HttpGet;
import com.acertainbookstore.wire.ReplicaHealth;
import com.acertainbookstore.wire.ReplicaMetric;
import com.acertainbookstore.wire.RequestId;
import java.net.URI;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.RaftClientReply;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A leader whose JVM is cold hands leadership to a warm, caught-up follower, and keeps it when
 * every follower is cold too. Three whole replicas in this JVM; r0 counts as cold (not warmed up,
 * and young for an hour), r1 and r2 as warmed up or cold as each test says. Ratis is asked to make
 * r0 leader; the test then watches who leads.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ColdLeaderHandOffTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ServiceSettings COLD = ServiceSettings.DEFAULT.withWarmAfter(Duration.ofHours(1));

    @Test
    void aColdLeaderHandsLeadershipToAWarmFollower() throws Exception {
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, new boolean[] {false, true, true},
                COLD, COLD, COLD)) {
            assertEquals(false, health(group, 0).warm());
            assertEquals(true, health(group, 1).warm());
            addBook(group);
            makeLeader(group, 0);
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS_DONE) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(1, handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS_DONE), group.roles());
            int leader = group.awaitLeader(WAIT);
            assertNotEquals(0, leader, group.roles());
            // A warm leader never hands off: leadership stays with it.
            Thread.sleep(1_500);
            assertEquals(leader, group.awaitLeader(WAIT), group.roles());
            assertEquals(0, handOffs(group, leader, ReplicaMetric.LEADER_HANDOFFS));
            assertEquals(1, handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS), "asked once, done once");
            addBook(group);
        }
    }

    @Test
    void aColdLeaderWithOnlyColdFollowersKeepsLeading() throws Exception {
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, COLD, COLD, COLD)) {
            addBook(group);
            makeLeader(group, 0);
            // Several probe rounds (one a second) find no warm follower.
            Thread.sleep(3_000);
            assertEquals(0, group.awaitLeader(WAIT), group.roles());
            assertEquals(0, handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS));
            addBook(group);
        }
    }

    /** Asks the leader to hand leadership to {@code target} (Ratis' admin call) until it is, or was, done. */
    private static void makeLeader(LocalReplicas group, int target) throws Exception {
        int leader = group.awaitLeader(WAIT);
        if (leader == target) {
            return;
        }
        try (RaftClient client = ReplicaBuilder.newClient(Replica.group(group.replica(0).config()),
                ReplicaSettings.DEFAULT)) {
            RaftClientReply reply = client.admin().transferLeadership(
                    group.replica(target).division().getId(), 5_000);
            // The reply says who leads when it is sent: r0 may have handed leadership on already.
            assertTrue(reply.isSuccess() || handOffs(group, target, ReplicaMetric.LEADER_HANDOFFS) > 0,
                    reply + group.roles());
        }
    }

    private static long handOffs(LocalReplicas group, int replica, ReplicaMetric metric) {
        return ReplicaMetric.parse(group.replica(replica).service().metrics()).get(metric);
    }

    private static ReplicaHealth health(LocalReplicas group, int replica) throws Exception {
        HttpGet.Answer answer = HttpGet.get(URI.create(group.url(replica)).resolve("/health"), Duration.ofSeconds(5));
        assertEquals(200, answer.status(), answer.body());
        return ReplicaHealth.parse(answer.body());
    }

    private static void addBook(LocalReplicas group) throws Exception {
        int leader = group.awaitLeader(WAIT);
        Http.Answer added = Http.post(group.url(leader), "/stock/ADDBOOKS",
                Http.addBook((int) (System.nanoTime() & 0xFFFF) + 1, 3), new RequestId(UUID.randomUUID(), 0).headerValue());
        assertEquals(200, added.status(), added.body());
    }
}
