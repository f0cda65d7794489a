package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.HttpGet;
import com.acertainbookstore.protocol.ReplicaHealth;
import com.acertainbookstore.protocol.ReplicaMetric;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.replication.ReplicaBuilder;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
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
 * A leader whose JVM is cold keeps leading while every follower is cold too, and hands leadership
 * to a warm, caught-up follower once there is one. Three whole replicas in this JVM, all cold (not
 * warmed up, and young for an hour) until r2 restarts counting as warmed up. With r2 down, Ratis is
 * asked to make r0 leader and r0 must keep leading; once r2 is back, r0 must hand over to it,
 * and r2 must keep leading.
 */
@Tag("slow")
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ColdLeaderHandOffTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final ServiceSettings COLD = ServiceSettings.DEFAULT.withWarmAfter(Duration.ofHours(1));

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
