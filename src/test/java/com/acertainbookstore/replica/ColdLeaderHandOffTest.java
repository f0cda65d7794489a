package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A replica whose JVM is cold stays out of leadership while a warm one can lead. As a leader it
 * keeps leading while every follower is cold too, and hands leadership to a warm, caught-up
 * follower once there is one: three whole replicas in this JVM, all cold (not warmed up, and young
 * for an hour) until r2 restarts counting as warmed up; with r2 down, Ratis is asked to make r0
 * leader and r0 must keep leading; once r2 is back, r0 must hand over to it, and r2 must keep
 * leading. As a follower it does not stand for election while a warm follower of the same leader
 * answers: with r0 and r1 warm and r2 cold, the leader's end must make the other warm replica
 * leader, r2 never leading (without the stand-down r2 won such elections as often as not).
 */
@Tag("slow")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ColdLeaderHandOffTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ServiceSettings COLD = ServiceSettings.DEFAULT.withWarmAfter(Duration.ofHours(1));
    private static final ServiceSettings WARM = ServiceSettings.DEFAULT.withWarmAfter(Duration.ZERO);

    @Test
    void aColdLeaderKeepsLeadingAmongColdFollowersAndHandsOverToAWarmOne() throws Exception {
        // All three start cold, so that nothing can be handed over before r2 is down.
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, COLD, COLD, COLD)) {
            assertFalse(health(group, 0).warm());
            addBook(group);
            group.kill(2);
            makeLeader(group, 0);
            // A probe round (one a second) finds only a cold follower: r0 keeps leading.
            Thread.sleep(1_600);
            assertEquals(0, group.awaitLeader(WAIT), group.roles());
            assertEquals(0, handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS));
            addBook(group);

            group.restart(2, COLD, true);
            assertTrue(health(group, 2).warm());
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS_DONE) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(1, handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS_DONE), group.roles());
            assertEquals(2, group.awaitLeader(WAIT), group.roles());
            // A warm leader never hands off: leadership stays with it.
            Thread.sleep(1_500);
            assertEquals(2, group.awaitLeader(WAIT), group.roles());
            // A transfer that timed out is asked again 2 s later; only one may have succeeded.
            assertTrue(handOffs(group, 0, ReplicaMetric.LEADER_HANDOFFS) >= 1);
            assertEquals(0, handOffs(group, 2, ReplicaMetric.LEADER_HANDOFFS));
            addBook(group);
            group.awaitConverged(WAIT);
            assertEquals(group.books(0), group.books(2));
        }
    }

    @Test
    void aColdFollowerLetsTheWarmFollowerWinTheElection() throws Exception {
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, WARM, WARM, COLD)) {
            makeLeader(group, 0);
            addBook(group);
            // r2 pauses its elections once a probe round found r1 warm and caught up (one a second).
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (handOffs(group, 2, ReplicaMetric.ELECTION_STAND_DOWNS) == 0 && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(1, handOffs(group, 2, ReplicaMetric.ELECTION_STAND_DOWNS), group.roles());
            assertEquals(0, group.awaitLeader(WAIT), group.roles());
            group.kill(0);
            assertEquals(1, group.awaitLeader(WAIT), group.roles());
            // Had r2 won, it would have handed leadership to r1 afterwards: it must never have led.
            assertEquals(0, handOffs(group, 2, ReplicaMetric.LEADER_HANDOFFS), group.roles());
            addBook(group);
            group.awaitConverged(WAIT);
            assertEquals(group.books(1), group.books(2));
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
