package com.acertainbookstore.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.ReplicaHealth;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.protocol.RaftPeerId;
import org.junit.jupiter.api.Test;

/** The choice of the follower a cold leader hands leadership to, and what counts as warm. */
class LeaderHandOffTest {

    private static ReplicaHealth peer(String id, String role, String leader, long term, long commit, boolean warm,
            long uptimeMs) {
        return new ReplicaHealth(id, role, leader, "", term, commit, commit, warm, uptimeMs);
    }

    @Test
    void choosesAWarmCaughtUpFollowerOfThisLeaderInThisTerm() {
        assertEquals(RaftPeerId.valueOf("r2"), LeaderHandOff.choose("r0", 7, 1_000, List.of(
                peer("r1", "FOLLOWER", "r0", 7, 1_000, false, 5_000),
                peer("r2", "FOLLOWER", "r0", 7, 1_000, true, 90_000))));
    }

    @Test
    void refusesColdBehindForeignAndNonFollowerPeers() {
        long behind = 1_000 - LeaderHandOff.CAUGHT_UP_ENTRIES - 1;
        assertNull(LeaderHandOff.choose("r0", 7, 1_000, List.of(
                peer("r1", "FOLLOWER", "r0", 7, 1_000, false, 5_000),
                peer("r2", "FOLLOWER", "r0", 7, behind, true, 90_000),
                peer("r3", "FOLLOWER", "r9", 7, 1_000, true, 90_000),
                peer("r4", "FOLLOWER", "r0", 8, 1_000, true, 90_000),
                peer("r5", "CANDIDATE", "", 7, 1_000, true, 90_000),
                peer("r6", "LEADER", "r6", 7, 1_000, true, 90_000))));
        assertNull(LeaderHandOff.choose("r0", 7, 1_000, List.of()));
    }

    @Test
    void justCaughtUpIsEnoughAndTheMostAdvancedThenTheOldestWins() {
        long edge = 1_000 - LeaderHandOff.CAUGHT_UP_ENTRIES;
        assertEquals(RaftPeerId.valueOf("r1"), LeaderHandOff.choose("r0", 7, 1_000, List.of(
                peer("r1", "FOLLOWER", "r0", 7, edge, true, 1_000))));
        assertEquals(RaftPeerId.valueOf("r2"), LeaderHandOff.choose("r0", 7, 1_000, List.of(
                peer("r1", "FOLLOWER", "r0", 7, 990, true, 500_000),
                peer("r2", "FOLLOWER", "r0", 7, 1_000, true, 70_000))));
        assertEquals(RaftPeerId.valueOf("r1"), LeaderHandOff.choose("r0", 7, 1_000, List.of(
                peer("r1", "FOLLOWER", "r0", 7, 1_000, true, 500_000),
                peer("r2", "FOLLOWER", "r0", 7, 1_000, true, 70_000))));
    }

    @Test
    void aJvmIsWarmWhenWarmedUpOrOldEnough() {
        AtomicLong uptime = new AtomicLong(59_999);
        Warmth young = new Warmth(false, 60_000, uptime::get);
        assertFalse(young.warm());
        uptime.set(60_000);
        assertTrue(young.warm());
        assertTrue(new Warmth(true, 60_000, () -> 0).warm());
        assertTrue(new Warmth(false, 0, () -> 0).warm(), "0 counts every JVM warm");
        assertThrows(IllegalArgumentException.class, () -> new Warmth(false, -1, () -> 0));
    }

    @Test
    void theHealthTextCarriesWarmthAndAge() {
        ReplicaHealth health = peer("r1", "FOLLOWER", "r0", 3, 42, true, 12_345);
        assertEquals(health, ReplicaHealth.parse(health.text()));
        IllegalArgumentException garbled = assertThrows(IllegalArgumentException.class,
                () -> ReplicaHealth.parse(health.text().replace("warm=true", "warm=yes")));
        assertTrue(garbled.getMessage().contains("warm"), garbled.getMessage());
    }
}
