package com.acertainbookstore.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.junit.jupiter.api.Test;

/**
 * The settings every replica runs with are the ones the design relies on, set explicitly (not left
 * to Ratis defaults that its documentation and code disagree on), and invalid settings are refused
 * with a message naming the value.
 */
class ReplicaBuilderTest {

    @Test
    void serverProperties_default_linearizableReadsLeaseOffDurableLogAutomaticSnapshots() {
        RaftProperties properties = ReplicaBuilder.serverProperties(ReplicaSettings.DEFAULT);

        assertEquals(RaftServerConfigKeys.Read.Option.LINEARIZABLE, RaftServerConfigKeys.Read.option(properties));
        assertEquals("false", properties.get(RaftServerConfigKeys.Read.LEADER_LEASE_ENABLED_KEY), "set explicitly");
        assertFalse(RaftServerConfigKeys.Log.unsafeFlushEnabled(properties), "log forced before acknowledging");
        assertEquals("false", properties.get(RaftServerConfigKeys.Log.UNSAFE_FLUSH_ENABLED_KEY), "set explicitly");
        assertTrue(RaftServerConfigKeys.Snapshot.autoTriggerEnabled(properties));
        assertEquals(10_000, RaftServerConfigKeys.Snapshot.autoTriggerThreshold(properties));
        assertEquals(300, RaftServerConfigKeys.Rpc.timeoutMin(properties).toLong(TimeUnit.MILLISECONDS));
        assertEquals(600, RaftServerConfigKeys.Rpc.timeoutMax(properties).toLong(TimeUnit.MILLISECONDS));
    }

    @Test
    void serverProperties_default_appenderRetriesCapped() {
        RaftProperties properties = ReplicaBuilder.serverProperties(ReplicaSettings.DEFAULT);

        assertEquals(ReplicaBuilder.APPENDER_RETRIES,
                properties.get(RaftServerConfigKeys.Log.Appender.RETRY_POLICY_KEY));
    }

    @Test
    void serverProperties_default_followerAppendsNotComposed() {
        RaftProperties properties = ReplicaBuilder.serverProperties(ReplicaSettings.DEFAULT);

        assertFalse(RaftServerConfigKeys.Log.appendEntriesComposeEnabled(properties));
    }

    @Test
    void serverProperties_nonDurable_turnsUnsafeFlushOn() {
        RaftProperties properties = ReplicaBuilder.serverProperties(ReplicaSettings.DEFAULT.withDurableLog(false));
        assertTrue(RaftServerConfigKeys.Log.unsafeFlushEnabled(properties));
    }

    @Test
    void settingsAndGroup_invalid_refusedNamingTheValue() {
        IllegalArgumentException timeouts = assertThrows(IllegalArgumentException.class,
                () -> new ReplicaSettings(Duration.ofMillis(300), Duration.ofMillis(300), 1, true,
                        ReplicaSettings.DEFAULT.locking(), 1, Duration.ZERO, Duration.ofSeconds(1), 1 << 20, null));
        assertTrue(timeouts.getMessage().contains("electionTimeoutMax (PT0.3S) must be > electionTimeoutMin"),
                timeouts.getMessage());
        IllegalArgumentException snapshots = assertThrows(IllegalArgumentException.class,
                () -> ReplicaSettings.DEFAULT.withSnapshotEvery(0));
        assertTrue(snapshots.getMessage().contains("snapshotEvery (0) must be >= 1"), snapshots.getMessage());
        ReplicaGroup group = new ReplicaGroup(RaftGroupId.randomId(), List.of(new InetSocketAddress("127.0.0.1", 1)));
        IllegalArgumentException replica = assertThrows(IllegalArgumentException.class, () -> group.peerId(1));
        assertTrue(replica.getMessage().contains("replica 1 is not in 0..0"), replica.getMessage());
    }
}
