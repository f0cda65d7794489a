package com.acertainbookstore.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.ReplicaHeaders;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.server.StoreAnswer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.proto.RaftProtos.CandidateInfoProto;
import org.apache.ratis.proto.RaftProtos.FollowerInfoProto;
import org.apache.ratis.proto.RaftProtos.LeaderInfoProto;
import org.apache.ratis.proto.RaftProtos.RaftPeerProto;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.proto.RaftProtos.ServerRpcProto;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;

/**
 * The quorum watch: its verdict at and around the threshold for each role, and, on a real group
 * of three in this JVM, a leader whose two followers are gone answers its waiting call within
 * 100 ms of the threshold and refuses new ones at once.
 */
class QuorumWatchTest {

    private static final long TIMEOUT = 600;
    private static final UUID CLIENT = UUID.randomUUID();

    private static RaftPeerProto peer(String id) {
        return RaftPeerProto.newBuilder().setId(ByteString.copyFromUtf8(id)).build();
    }

    private static ServerRpcProto rpc(String id, long elapsedMs) {
        return ServerRpcProto.newBuilder().setId(peer(id)).setLastRpcElapsedTimeMs(elapsedMs).build();
    }

    private static RoleInfoProto leader(long roleMs, long... followerElapsedMs) {
        LeaderInfoProto.Builder info = LeaderInfoProto.newBuilder().setTerm(3);
        for (int i = 0; i < followerElapsedMs.length; i++) {
            info.addFollowerInfo(rpc("r" + (i + 1), followerElapsedMs[i]));
        }
        return RoleInfoProto.newBuilder().setSelf(peer("r0")).setRole(RaftPeerRole.LEADER).setRoleElapsedTimeMs(roleMs)
                .setLeaderInfo(info).build();
    }

    private static RoleInfoProto follower(long roleMs, long leaderElapsedMs) {
        return RoleInfoProto.newBuilder().setSelf(peer("r1")).setRole(RaftPeerRole.FOLLOWER).setRoleElapsedTimeMs(roleMs)
                .setFollowerInfo(FollowerInfoProto.newBuilder().setLeaderInfo(rpc("r0", leaderElapsedMs))).build();
    }

    /** A watch on {@code role[0]} whose clock is {@code now[0]} ms; records what it was told. */
    private static QuorumWatch watch(int size, RoleInfoProto[] role, long[] now, List<Boolean> told) {
        long created = now[0];
        now[0] = 0;
        QuorumWatch watch = new QuorumWatch(() -> role[0], size, TIMEOUT, (reason, first) -> told.add(first),
                () -> TimeUnit.MILLISECONDS.toNanos(now[0]));
        now[0] = created;
        return watch;
    }

    @Test
    void contactAge_leader_isTheMajoritysNewestReply() {
        assertEquals(40, QuorumWatch.contactAgeMs(leader(10_000, 40, 900), 3));
        assertEquals(900, QuorumWatch.contactAgeMs(leader(10_000, 1_000, 900), 3));
        assertEquals(70, QuorumWatch.contactAgeMs(leader(10_000, 5, 70, 900, 2_000), 5), "two followers of five");
        assertEquals(0, QuorumWatch.contactAgeMs(leader(10_000), 1), "a group of one is its own majority");
    }

    @Test
    void contactAge_follower_isItsLeadersLastMessage_candidateTellsNothing() {
        assertEquals(120, QuorumWatch.contactAgeMs(follower(10_000, 120), 3));
        RoleInfoProto noLeader = RoleInfoProto.newBuilder().setSelf(peer("r1")).setRole(RaftPeerRole.FOLLOWER)
                .setFollowerInfo(FollowerInfoProto.newBuilder().setLeaderInfo(ServerRpcProto.getDefaultInstance()))
                .build();
        assertEquals(-1, QuorumWatch.contactAgeMs(noLeader, 3), "Ratis reports no leader as an empty peer");
        RoleInfoProto candidate = RoleInfoProto.newBuilder().setSelf(peer("r2")).setRole(RaftPeerRole.CANDIDATE)
                .setCandidateInfo(CandidateInfoProto.getDefaultInstance()).build();
        assertEquals(-1, QuorumWatch.contactAgeMs(candidate, 3));
    }

    @Test
    void leader_justUnderTheThreshold_inContact_justOver_lost() {
        RoleInfoProto[] role = {leader(10_000, TIMEOUT - 1, 60_000)};
        long[] now = {100_000};
        List<Boolean> told = new ArrayList<>();
        QuorumWatch watch = watch(3, role, now, told);
        watch.check();
        assertNull(watch.lost(), "one follower heard from within the threshold makes a majority of three");
        role[0] = leader(10_000, TIMEOUT, 60_000);
        now[0] += 1;
        watch.check();
        assertNotNull(watch.lost());
        assertTrue(watch.lost().contains("leader r0 has not heard from a majority"), watch.lost());
        assertEquals(List.of(true), told);
    }

    @Test
    void follower_justUnderAndJustOver() {
        RoleInfoProto[] role = {follower(10_000, TIMEOUT - 1)};
        long[] now = {100_000};
        List<Boolean> told = new ArrayList<>();
        QuorumWatch watch = watch(3, role, now, told);
        watch.check();
        assertNull(watch.lost());
        role[0] = follower(10_000, TIMEOUT);
        now[0] += 1;
        watch.check();
        assertTrue(watch.lost().contains("follower r1 has not heard from a leader"), watch.lost());
    }

    @Test
    void rolesThatFlapDuringElections_doNotResetTheLastContact() {
        RoleInfoProto[] role = {follower(10_000, 0)};
        long[] now = {100_000};
        List<Boolean> told = new ArrayList<>();
        QuorumWatch watch = watch(3, role, now, told);
        watch.check();
        RoleInfoProto candidate = RoleInfoProto.newBuilder().setSelf(peer("r1")).setRole(RaftPeerRole.CANDIDATE)
                .setRoleElapsedTimeMs(10).setCandidateInfo(CandidateInfoProto.getDefaultInstance()).build();
        RoleInfoProto leaderless = RoleInfoProto.newBuilder().setSelf(peer("r1")).setRole(RaftPeerRole.FOLLOWER)
                .setRoleElapsedTimeMs(10).build();
        for (int step = 1; step <= 6; step++) {
            role[0] = step % 2 == 0 ? candidate : leaderless;
            now[0] = 100_000 + step * 100;
            watch.check();
            if (step * 100 < TIMEOUT) {
                assertNull(watch.lost(), "after " + step * 100 + " ms");
            } else {
                assertNotNull(watch.lost(), "after " + step * 100 + " ms");
            }
        }
        assertEquals(List.of(true), told);
    }

    @Test
    void aNewWatch_countsAsInContact_andATimeoutOfZeroNeverLoses() {
        RoleInfoProto[] role = {leader(60_000, 60_000, 60_000)};
        long[] now = {100_000};
        List<Boolean> told = new ArrayList<>();
        QuorumWatch watch = new QuorumWatch(() -> role[0], 3, TIMEOUT, (reason, first) -> told.add(first),
                () -> TimeUnit.MILLISECONDS.toNanos(now[0]));
        now[0] += TIMEOUT - 1;
        watch.check();
        assertNull(watch.lost(), "a replica just started is given the threshold to find its group");
        QuorumWatch off = new QuorumWatch(() -> role[0], 3, 0, (reason, first) -> told.add(first));
        off.start(null, 25);
        assertTrue(told.isEmpty());
    }

    @Test
    void check_tellsTheListenerEachTime_andWhetherItIsTheFirst() {
        RoleInfoProto[] role = {leader(10_000, 5, 5)};
        long[] now = {100_000};
        List<Boolean> told = new ArrayList<>();
        QuorumWatch watch = watch(3, role, now, told);
        watch.check();
        assertNull(watch.lost());
        role[0] = leader(10_000, TIMEOUT + 5, TIMEOUT + 5);
        now[0] += TIMEOUT;
        watch.check();
        now[0] += 25;
        watch.check();
        role[0] = leader(10_000, 5, TIMEOUT);
        watch.check();
        assertNull(watch.lost());
        role[0] = leader(10_000, TIMEOUT + 5, TIMEOUT);
        now[0] += TIMEOUT;
        watch.check();
        assertEquals(List.of(true, false, true), told);
        assertEquals(2, watch.losses());
        assertNotNull(watch.lost());
    }

    @Test
    void aLeaderWhoseFollowersAreGone_answersItsWaitingCallWithin100msOfTheThreshold() throws Exception {
        Duration timeout = Duration.ofMillis(TIMEOUT);
        try (LocalGroup group = LocalGroup.start(3, ReplicaSettings.DEFAULT)) {
            int leader = group.awaitLeader(Duration.ofSeconds(30));
            Map<RaftPeerId, String> urls = new HashMap<>();
            for (int i = 0; i < 3; i++) {
                urls.put(group.group().peerId(i), "http://127.0.0.1:" + (20_000 + i));
            }
            // A long deadline, so that only the watch can answer the waiting call early.
            ServiceSettings settings = ServiceSettings.DEFAULT.withDeadline(Duration.ofSeconds(20))
                    .withQuorumTimeout(timeout);
            try (ReplicatedStore store = new ReplicatedStore(group.division(leader),
                    id -> ReplicaBuilder.newClient(group.group(), ReplicaSettings.DEFAULT, id), urls, List.of(), null,
                    new Warmth(true, 0, () -> 0), settings)) {
                StoreAnswer first = store.call(Operation.ADDBOOKS, WireRequest.of(new HashSet<>(
                        List.<StockBook>of(new ImmutableStockBook(1, "t", "a", 1f, 5, 0, 0, 0, false)))),
                        new RequestId(CLIENT, 1)).get(20, TimeUnit.SECONDS);
                assertEquals(StoreAnswer.Kind.OK, first.kind(), String.valueOf(first));
                assertNotNull(store.leaderUrl());

                // The followers are closed on another thread; once the leader has gone 200 ms
                // without a reply (more than a heartbeat period), a call is submitted: it waits,
                // and must be answered within 100 ms of the moment the silence reaches the threshold.
                RaftServer.Division division = group.division(leader);
                Thread killer = new Thread(() -> {
                    for (int i = 0; i < 3; i++) {
                        if (i != leader) {
                            try {
                                group.kill(i);
                            } catch (IOException e) {
                                throw new UncheckedIOException(e);
                            }
                        }
                    }
                }, "quorum-watch-test-killer");
                killer.start();
                long silentMs = 0;
                long watchFrom = System.nanoTime();
                while (silentMs < 200 && System.nanoTime() - watchFrom < TimeUnit.SECONDS.toNanos(20)) {
                    Thread.sleep(2);
                    long age = QuorumWatch.contactAgeMs(division.getInfo().getRoleInfoProto(), 3);
                    silentMs = age < 0 ? silentMs : age;
                }
                long thresholdAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(TIMEOUT - silentMs);
                CompletableFuture<StoreAnswer> waiting = store.call(Operation.ADDBOOKS, WireRequest.of(new HashSet<>(
                        List.<StockBook>of(new ImmutableStockBook(2, "t", "a", 1f, 5, 0, 0, 0, false)))),
                        new RequestId(CLIENT, 2));
                StoreAnswer answer = waiting.get(20, TimeUnit.SECONDS);
                long lateMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - thresholdAt);
                killer.join(30_000);
                assertEquals(StoreAnswer.Kind.UNAVAILABLE, answer.kind(), String.valueOf(answer));
                assertTrue(answer.message().startsWith(ReplicaHeaders.OUTCOME_UNKNOWN), answer.message());
                assertTrue(answer.message().contains("lost contact with a majority"), answer.message());
                assertTrue(silentMs >= 200 && silentMs < TIMEOUT, "the leader's silence when the call was made: "
                        + silentMs + " ms");
                assertTrue(lateMs <= 100 && lateMs >= -60, "answered " + lateMs + " ms after the threshold was reached");

                StoreAnswer refused = store.call(Operation.GETBOOKS, WireRequest.of(new HashSet<>(List.of(1))), null)
                        .get(1, TimeUnit.SECONDS);
                assertEquals(StoreAnswer.Kind.UNAVAILABLE, refused.kind());
                assertTrue(refused.message().startsWith(ReplicaHeaders.NOT_SERVED), refused.message());
                assertNull(store.leaderUrl(), "a leader without its majority names no leader");
            }
        }
    }
}
