package com.acertainbookstore.replication;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.proto.RaftProtos.RoleInfoProto;
import org.apache.ratis.proto.RaftProtos.ServerRpcProto;

/**
 * Tells whether this replica is still in contact with a majority of its group, from Ratis' own
 * view of its role, checked periodically: a leader was in contact when the latest majority of
 * replies reached it (Ratis keeps the time since each follower's last reply), a follower when its
 * leader last reached it; a candidate, or a follower that knows no leader, tells nothing new, so
 * the last contact known stands (roles that change at each election round do not reset it). A
 * replica silent for {@code timeout} since its last contact is out of contact. A replica
 * that is not in contact is no place for a call to wait: {@link ReplicatedStore} answers its
 * waiting calls and new ones at once with {@code 503} instead of holding them until its deadline.
 * Safe for any number of threads: the verdict is one volatile field, written by the check only.
 *
 * <p><b>Why not Ratis' own step-down.</b> Ratis 3.3.0's leader steps down when it has not heard
 * from a majority for an election timeout, but only when its event queue polls empty
 * ({@code LeaderStateImpl.checkLeadership}); under load it went on leading a partition of one for
 * the whole cut, holding its callers until their deadline. This watch reads the same times and
 * changes no Raft state: it only decides where calls may wait. The measurement:
 * docs/decisions/quorum-watch.md.
 *
 * <p><b>The threshold.</b> Default: the longest election timeout (600 ms). A leader hears from
 * its followers about every heartbeat period (a third to a half of the shortest election timeout)
 * or at every append, so a replica that has been silent that long has lost a majority by Raft's
 * own measure, or is about to: the others have elected or are electing another leader. A GC
 * pause of 300 ms on the leader leaves its followers' times at about 300 ms plus one heartbeat
 * period, below the threshold.
 *
 * <p><b>Thread.</b> {@link #start} schedules {@link #check} every {@code period} on the given
 * timer thread; {@code onLost} runs there each time a check finds the replica out of contact (so
 * repeatedly while it stays so), with the reason and whether contact was had at the check before.
 */
final class QuorumWatch implements AutoCloseable {

    private final Supplier<RoleInfoProto> roleInfo;
    private final int groupSize;
    private final long timeoutMs;
    private final Listener onLost;
    private final LongAdder losses = new LongAdder();
    private final LongSupplier clock;
    /** When this replica was last known in contact ({@link System#nanoTime} scale; the check's thread only). */
    private long lastContact;
    /** Null while in contact, else why not. */
    private volatile String lost;
    private volatile ScheduledFuture<?> task;

    /**
     * @param roleInfo this replica's role as Ratis reports it ({@code DivisionInfo.getRoleInfoProto})
     * @param groupSize how many replicas the group has
     * @param timeoutMs how long without contact makes a replica out of contact; 0 never does
     * @param onLost told each check that finds the replica out of contact, with the reason
     */
    QuorumWatch(Supplier<RoleInfoProto> roleInfo, int groupSize, long timeoutMs, Listener onLost) {
        this(roleInfo, groupSize, timeoutMs, onLost, System::nanoTime);
    }

    /** As above, with {@code clock} for {@link System#nanoTime} (tests); the watch counts as in contact at creation. */
    QuorumWatch(Supplier<RoleInfoProto> roleInfo, int groupSize, long timeoutMs, Listener onLost, LongSupplier clock) {
        if (groupSize < 1) {
            throw new IllegalArgumentException("groupSize (" + groupSize + ") must be >= 1");
        }
        if (timeoutMs < 0) {
            throw new IllegalArgumentException("timeoutMs (" + timeoutMs + ") must be >= 0");
        }
        this.roleInfo = roleInfo;
        this.groupSize = groupSize;
        this.timeoutMs = timeoutMs;
        this.onLost = onLost;
        this.clock = clock;
        this.lastContact = clock.getAsLong();
    }

    /** Checks every {@code periodMs} on {@code timers} from now on (never when the timeout is 0). */
    void start(ScheduledExecutorService timers, long periodMs) {
        if (timeoutMs == 0) {
            return;
        }
        try {
            task = timers.scheduleWithFixedDelay(this::check, periodMs, periodMs, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closing) {
            // the replica is stopping
        }
    }

    /** Looks at the role now; tells {@code onLost} when out of contact. */
    void check() {
        long now = clock.getAsLong();
        String reason = null;
        try {
            RoleInfoProto role = roleInfo.get();
            long age = contactAgeMs(role, groupSize);
            if (age >= 0) {
                lastContact = Math.max(lastContact, now - TimeUnit.MILLISECONDS.toNanos(age));
            }
            long silentMs = TimeUnit.NANOSECONDS.toMillis(now - lastContact);
            if (silentMs >= timeoutMs) {
                reason = describe(role, groupSize, silentMs);
            }
        } catch (RuntimeException e) {
            // A division closing under us: say nothing rather than refuse calls on a guess.
            reason = null;
        }
        boolean first = reason != null && lost == null;
        if (first) {
            losses.increment();
        }
        lost = reason;
        if (reason != null) {
            onLost.lost(reason, first);
        }
    }

    /** Told by each check that finds the replica out of contact with a majority. */
    @FunctionalInterface
    interface Listener {
        /**
         * @param reason why, for messages
         * @param first whether the check before found it in contact (or this is the first check)
         */
        void lost(String reason, boolean first);
    }

    /** Why this replica is out of contact with a majority, as of the last check; null while in contact. */
    String lost() {
        return lost;
    }

    /** How many times a check found contact lost after finding it had. */
    long losses() {
        return losses.sum();
    }

    /**
     * How long ago, by {@code role}, this replica was last in contact with a majority of a group of
     * {@code groupSize}: for a leader, the time since the reply that made the latest majority
     * (itself and the followers that answered most recently); for a follower, the time since its
     * leader last reached it; -1 when the role tells nothing (a candidate, a follower that knows no
     * leader, any other role), in which case the last contact known stands.
     */
    static long contactAgeMs(RoleInfoProto role, int groupSize) {
        RaftPeerRole current = role.getRole();
        if (current == RaftPeerRole.LEADER) {
            int needed = groupSize / 2;
            if (needed == 0) {
                return 0;
            }
            List<ServerRpcProto> followers = role.getLeaderInfo().getFollowerInfoList();
            if (followers.size() < needed) {
                return -1;
            }
            long[] elapsed = new long[followers.size()];
            for (int i = 0; i < elapsed.length; i++) {
                elapsed[i] = Math.max(0, followers.get(i).getLastRpcElapsedTimeMs());
            }
            Arrays.sort(elapsed);
            return elapsed[needed - 1];
        }
        if (current == RaftPeerRole.FOLLOWER && role.hasFollowerInfo() && role.getFollowerInfo().hasLeaderInfo()
                && !role.getFollowerInfo().getLeaderInfo().getId().getId().isEmpty()) {
            return Math.max(0, role.getFollowerInfo().getLeaderInfo().getLastRpcElapsedTimeMs());
        }
        return -1;
    }

    private static String describe(RoleInfoProto role, int groupSize, long silentMs) {
        String self = role.getSelf().getId().toStringUtf8();
        RaftPeerRole current = role.getRole();
        if (current == RaftPeerRole.LEADER) {
            return String.format(Locale.ROOT, "leader %s has not heard from a majority of its %d replicas for %d ms",
                    self, groupSize, silentMs);
        }
        if (current == RaftPeerRole.FOLLOWER) {
            return String.format(Locale.ROOT, "follower %s has not heard from a leader for %d ms", self, silentMs);
        }
        return String.format(Locale.ROOT, "%s (%s) has not been in contact with a majority for %d ms", self,
                current.name().toLowerCase(Locale.ROOT), silentMs);
    }

    /** Stops the checks (the timer thread is its owner's). */
    @Override
    public void close() {
        ScheduledFuture<?> scheduled = task;
        if (scheduled != null) {
            scheduled.cancel(false);
        }
    }
}
