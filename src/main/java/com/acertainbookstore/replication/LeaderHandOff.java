package com.acertainbookstore.replication;

import com.acertainbookstore.protocol.HttpGet;
import com.acertainbookstore.protocol.ReplicaHealth;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.BooleanSupplier;
import javax.net.ssl.SSLContext;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.RaftPeerId;
import org.apache.ratis.protocol.TransferLeadershipRequest;
import org.apache.ratis.server.DivisionInfo;
import org.apache.ratis.server.RaftServer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A leader whose JVM is still cold ({@link Warmth}) hands leadership to a warm follower that is
 * caught up, through Ratis' own leadership transfer: Raft elects whichever replica times out first,
 * and a replica restarted a few seconds ago (its JVM compiling under load) led a group well below
 * a warm leader's throughput until the next fault. Ratis decides the election; this only asks it
 * to hold one more, towards a replica that will serve faster. Why, and the measurement that
 * decided it: docs/decisions/cold-leader.md.
 *
 * <p><b>The rule.</b> Every {@value #CHECK_MS} ms while this JVM is cold: if this replica leads and
 * is in contact with a majority, it asks each peer's {@code /health} ({@value #PROBE_TIMEOUT_MS}
 * ms timeout each; over HTTPS with this replica's certificate when the peers serve TLS) and chooses ({@link #choose}) a follower of this leader in the same term that
 * is warm and whose commit index is within {@value #CAUGHT_UP_ENTRIES} entries of this one's (the
 * most advanced, then the oldest JVM); Ratis then sends it the election's start once its log
 * matches, within {@value #TRANSFER_TIMEOUT_MS} ms, during which the leader refuses new entries
 * (they go through the replica's client, which waits for the new leader). At most one attempt
 * every {@value #RETRY_GAP_MS} ms, and a probe round at most every {@value #PROBE_GAP_MS} ms when
 * none qualified. A warm replica never hands off, so leadership cannot bounce between two: it
 * moves only from cold to warm. Once this JVM is warm the checks end.
 *
 * <p><b>Thread.</b> One daemon thread of its own, only while cold (the probes block it up to
 * their timeout); {@link #close} ends it. Counters are {@link LongAdder}s.
 */
final class LeaderHandOff implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LeaderHandOff.class);
    static final long CHECK_MS = 250;
    static final long PROBE_TIMEOUT_MS = 250;
    static final long PROBE_GAP_MS = 1_000;
    static final long RETRY_GAP_MS = 2_000;
    static final long TRANSFER_TIMEOUT_MS = 1_000;
    /** How far behind this leader's commit index a follower may be and still be asked to lead. */
    static final long CAUGHT_UP_ENTRIES = 64;

    private final RaftServer.Division division;
    private final Warmth warmth;
    private final List<URI> peerUrls;
    /** The client side of the probes when the peers serve HTTPS, else null. */
    private final SSLContext peerTls;
    private final BooleanSupplier inContact;
    private final ScheduledExecutorService thread;
    private final ClientId clientId = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();
    private final LongAdder asked = new LongAdder();
    private final LongAdder done = new LongAdder();
    /** No probe round before this ({@link System#nanoTime}; the thread's only): a gap after each round or transfer. */
    private long notBefore = System.nanoTime();

    /**
     * @param division this replica's Ratis division (started)
     * @param warmth whether this JVM is warm
     * @param peerUrls the other replicas' HTTP base URLs as this replica reaches them
     * @param peerTls the TLS context of the probes to {@code https} peers (this replica's
     *     certificate, the group's authorities), or null when they serve plain HTTP
     * @param inContact whether this replica is in contact with a majority ({@link QuorumWatch})
     */
    LeaderHandOff(RaftServer.Division division, Warmth warmth, List<URI> peerUrls, SSLContext peerTls,
            BooleanSupplier inContact) {
        this.division = division;
        this.warmth = warmth;
        this.peerUrls = List.copyOf(peerUrls);
        this.peerTls = peerTls;
        this.inContact = inContact;
        this.thread = Executors.newSingleThreadScheduledExecutor(DaemonThreads.named("replica-handoff-"
                + division.getId()));
    }

    /** Starts the checks, unless this JVM is warm already or there is no one to hand to. */
    void start() {
        if (warmth.warm() || peerUrls.isEmpty()) {
            thread.shutdown();
            return;
        }
        thread.scheduleWithFixedDelay(this::check, CHECK_MS, CHECK_MS, TimeUnit.MILLISECONDS);
    }

    private void check() {
        try {
            if (warmth.warm()) {
                thread.shutdown();
                return;
            }
            long now = System.nanoTime();
            DivisionInfo info = division.getInfo();
            if (!info.isLeader() || !inContact.getAsBoolean() || now - notBefore < 0) {
                return;
            }
            notBefore = now + TimeUnit.MILLISECONDS.toNanos(PROBE_GAP_MS);
            long term = info.getCurrentTerm();
            long commit = division.getRaftLog().getLastCommittedIndex();
            RaftPeerId target = choose(division.getId().toString(), term, commit, probe());
            if (target == null || !division.getInfo().isLeader() || division.getInfo().getCurrentTerm() != term) {
                return;
            }
            notBefore = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(RETRY_GAP_MS);
            asked.increment();
            LOG.info("{}: cold leader (JVM up {} ms) hands leadership to the warm follower {} (term {})",
                    division.getId(), warmth.uptimeMs(), target, term);
            division.getRaftServer().transferLeadershipAsync(new TransferLeadershipRequest(clientId, division.getId(),
                    division.getGroup().getGroupId(), callIds.incrementAndGet(), target, TRANSFER_TIMEOUT_MS))
                    .whenComplete((reply, failure) -> {
                        if (reply != null && reply.isSuccess()) {
                            done.increment();
                        } else {
                            LOG.info("{}: handing leadership to {} failed: {}", division.getId(), target,
                                    failure != null ? failure.toString() : String.valueOf(reply.getException()));
                        }
                    });
        } catch (IOException | RuntimeException e) {
            // A division closing under us, or Ratis refusing the transfer: the next check decides again.
            LOG.debug("{}: leadership hand-off check failed: {}", division.getId(), e.toString());
        }
    }

    /** Each peer's {@code /health}, those that answered in time. */
    private List<ReplicaHealth> probe() {
        List<ReplicaHealth> answers = new ArrayList<>(peerUrls.size());
        for (URI url : peerUrls) {
            try {
                HttpGet.Answer answer = HttpGet.get(url.resolve("/health"), Duration.ofMillis(PROBE_TIMEOUT_MS),
                        peerTls);
                if (answer.status() == 200) {
                    answers.add(ReplicaHealth.parse(answer.body()));
                }
            } catch (IOException | IllegalArgumentException silentOrGarbled) {
                // a paused, cut-off or stopping peer: not a candidate
            }
        }
        return answers;
    }

    /**
     * The peer to hand leadership to, or null: among {@code peers}, those that follow
     * {@code leader} in {@code term}, are warm, and have committed at least
     * {@code commit - }{@value #CAUGHT_UP_ENTRIES}; the one with the highest commit index, then the
     * oldest JVM.
     */
    static RaftPeerId choose(String leader, long term, long commit, List<ReplicaHealth> peers) {
        return peers.stream()
                .filter(peer -> peer.role().equals("FOLLOWER") && peer.leader().equals(leader) && peer.term() == term
                        && peer.warm() && peer.commit() >= commit - CAUGHT_UP_ENTRIES)
                .max(Comparator.comparingLong(ReplicaHealth::commit).thenComparingLong(ReplicaHealth::uptimeMs))
                .map(peer -> RaftPeerId.valueOf(peer.replica()))
                .orElse(null);
    }

    /** Transfers asked for by this replica as a cold leader. */
    long asked() {
        return asked.sum();
    }

    /** Transfers that ended with the chosen follower leading. */
    long done() {
        return done.sum();
    }

    @Override
    public void close() {
        thread.shutdownNow();
    }
}
