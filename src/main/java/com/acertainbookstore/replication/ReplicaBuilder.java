package com.acertainbookstore.replication;

import com.acertainbookstore.statemachine.BookStoreStateMachine;
import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.client.RaftClientConfigKeys;
import org.apache.ratis.conf.RaftProperties;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.retry.RetryPolicies;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.util.SizeInBytes;
import org.apache.ratis.util.TimeDuration;

/**
 * Builds one replica's Ratis server (gRPC transport, a {@link BookStoreStateMachine}, storage under
 * a given directory) and clients of the group, with the settings this project runs Ratis with.
 * Stateless; safe to share.
 *
 * <p>Every setting that matters is set explicitly, including those whose default is what we want,
 * because Ratis' documentation and code disagree on some of them: reads are linearizable through
 * the read index ({@code raft.server.read.option=LINEARIZABLE}) with the leader lease off; the log
 * is forced before a write is acknowledged unless {@link ReplicaSettings#durableLog} says
 * otherwise; snapshots are taken automatically and the two newest kept; at each snapshot the log
 * is purged up to it, and a follower that needs a purged entry gets the snapshot installed. A server binds the port of
 * its own address in the group (Ratis takes the bind port from the server's properties, not from
 * the peer list) and starts with {@code RECOVER}: an existing storage directory is reused (its
 * stored configuration wins over the group given here), an empty one is formatted. With
 * {@link ReplicaSettings#tls} the server and every client it builds speak mutual TLS
 * ({@link RaftTls}).
 */
public final class ReplicaBuilder {

    /** Snapshots kept on disk per replica (older ones are deleted after a new one is written). */
    static final int SNAPSHOTS_KEPT = 2;
    /** Waits before re-sending to a failed follower: 1 ms ten times, then 100 ms fifty times, then 500 ms. */
    static final String APPENDER_RETRIES = "1ms,10, 100ms,50, 500ms,1000";
    /**
     * Asynchronous requests a client keeps outstanding before further ones wait inside it (Ratis'
     * default is 100): a replica that forwards or submits many batches at once needs more.
     */
    static final int CLIENT_OUTSTANDING_MAX = 1024;

    private ReplicaBuilder() {
    }

    /**
     * Builds (does not start) replica {@code replica} of {@code group}, storing under
     * {@code storageRoot/<peer id>}. The caller starts it and must close it, also when
     * {@code start()} fails (a failed start leaves threads running).
     */
    public static RaftServer build(ReplicaGroup group, int replica, File storageRoot, ReplicaSettings settings)
            throws IOException {
        InetSocketAddress address = group.addresses().get(replica);
        RaftProperties properties = serverProperties(settings);
        RaftServerConfigKeys.setStorageDir(properties, List.of(new File(storageRoot, group.peerId(replica).toString())));
        GrpcConfigKeys.Server.setHost(properties, address.getHostString());
        GrpcConfigKeys.Server.setPort(properties, address.getPort());
        RaftServer.Builder builder = RaftServer.newBuilder()
                .setServerId(group.peerId(replica))
                .setGroup(group.raftGroup())
                .setStateMachine(new BookStoreStateMachine(settings.locking()))
                .setProperties(properties)
                .setOption(RaftStorage.StartupOption.RECOVER);
        if (settings.tls() != null) {
            builder.setParameters(settings.tls().parameters());
        }
        return builder.build();
    }

    /** The server properties every replica shares (no address, no storage directory). */
    static RaftProperties serverProperties(ReplicaSettings settings) {
        RaftProperties properties = new RaftProperties();
        RaftServerConfigKeys.Rpc.setTimeoutMin(properties, duration(settings.electionTimeoutMin()));
        RaftServerConfigKeys.Rpc.setTimeoutMax(properties, duration(settings.electionTimeoutMax()));
        RaftServerConfigKeys.Read.setOption(properties, RaftServerConfigKeys.Read.Option.LINEARIZABLE);
        RaftServerConfigKeys.Read.setLeaderLeaseEnabled(properties, false);
        RaftServerConfigKeys.Log.setUnsafeFlushEnabled(properties, !settings.durableLog());
        RaftServerConfigKeys.Snapshot.setAutoTriggerEnabled(properties, true);
        RaftServerConfigKeys.Snapshot.setAutoTriggerThreshold(properties, settings.snapshotEvery());
        RaftServerConfigKeys.Snapshot.setCreationGap(properties, settings.snapshotEvery());
        RaftServerConfigKeys.Snapshot.setRetentionFileNum(properties, SNAPSHOTS_KEPT);
        // The log is purged up to the newest snapshot (closed segments only), at every snapshot: a
        // replica too far behind (or wiped) then gets the leader's snapshot installed.
        RaftServerConfigKeys.Log.setSegmentSizeMax(properties, SizeInBytes.valueOf(settings.logSegmentBytes()));
        RaftServerConfigKeys.Log.setPurgeUptoSnapshotIndex(properties, true);
        RaftServerConfigKeys.Log.setPurgeGap(properties, (int) Math.min(settings.snapshotEvery(), Integer.MAX_VALUE));
        RaftServerConfigKeys.Log.Appender.setInstallSnapshotEnabled(properties, true);
        // The leader's wait before it sends again to a follower that failed: Ratis' default
        // ("1ms,10, 1s,20, 5s,1000") reaches 5 s per attempt after 30 failures, which a follower
        // cut off for 3 s already causes; once the partition healed, each round that brings the
        // old leader's divergent log back in line then waits 5 s, and the old leader stayed behind
        // (docs/decisions/ratis-settings.md). Capped at 0.5 s here: a retry to a dead peer costs
        // little.
        RaftServerConfigKeys.Log.Appender.setRetryPolicy(properties, APPENDER_RETRIES);
        // No metadata entry (Ratis appends one, replicated and forced like any entry, each time the
        // commit index moves, so that a restart knows its commit index at once): on this store's
        // load it was about every other entry. A restarted replica then applies its log up to what
        // the leader says is committed, as Raft itself has it. Why, and the measurement that
        // decided it: docs/decisions/ratis-settings.md.
        RaftServerConfigKeys.Log.setLogMetadataEnabled(properties, false);
        // A follower appends each request's entries itself, in the gRPC thread that received them,
        // instead of through Ratis 3.3.0's chain of composed appends: that chain is extended with
        // AtomicReference.updateAndGet, whose function (thenComposeAsync) registers an append each
        // time it is tried, so two requests arriving at once (after a partition heals, from two of
        // the leader's streams) can run two appends together; the log refuses one ("Already
        // running a method by ..."), that link fails, and every later link composed on it fails
        // with the same exception: the follower never appends again. Off, a refused append fails
        // that request only and the leader sends it again. docs/decisions/ratis-settings.md has the
        // evidence.
        RaftServerConfigKeys.Log.setAppendEntriesComposeEnabled(properties, false);
        return properties;
    }

    /**
     * A client of the group with a bounded retry policy ({@link ReplicaSettings#clientAttempts}
     * attempts, {@link ReplicaSettings#clientRetrySleep} apart, each waiting at most
     * {@link ReplicaSettings#clientRequestTimeout}) and up to {@value #CLIENT_OUTSTANDING_MAX}
     * asynchronous requests outstanding; the caller closes it.
     */
    public static RaftClient newClient(ReplicaGroup group, ReplicaSettings settings) {
        return newClient(group, settings, null);
    }

    /** As {@link #newClient(ReplicaGroup, ReplicaSettings)}, sending first to {@code leader} (if not null). */
    public static RaftClient newClient(ReplicaGroup group, ReplicaSettings settings, RaftPeerId leader) {
        RaftProperties properties = new RaftProperties();
        RaftClientConfigKeys.Rpc.setRequestTimeout(properties, duration(settings.clientRequestTimeout()));
        RaftClientConfigKeys.Async.setOutstandingRequestsMax(properties, CLIENT_OUTSTANDING_MAX);
        RaftClient.Builder builder = RaftClient.newBuilder()
                .setRaftGroup(group.raftGroup())
                .setLeaderId(leader)
                .setProperties(properties)
                .setRetryPolicy(RetryPolicies.retryUpToMaximumCountWithFixedSleep(settings.clientAttempts(),
                        duration(settings.clientRetrySleep())));
        if (settings.tls() != null) {
            // The client port is the server port: a client presents the replica's certificate too.
            builder.setParameters(settings.tls().parameters());
        }
        return builder.build();
    }

    private static TimeDuration duration(Duration duration) {
        return TimeDuration.valueOf(duration.toMillis(), TimeUnit.MILLISECONDS);
    }
}
