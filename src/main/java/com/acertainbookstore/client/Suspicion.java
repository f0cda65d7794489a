package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.protocol.ReplicaHealth;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Decides whether a call held by one replica should be sent to another: the rest of the group is
 * asked ({@code GET /health}, a short timeout each) and the call moves only when a majority of the
 * group is in the term of another replica's leadership, so that the held replica can no longer
 * commit anything. A replica that is slow while it still leads keeps its calls. Safe for any
 * number of threads; at most one probe runs at a time per object (one per {@link Failover}), in
 * the thread of a held call that asked; the others read its verdict.
 *
 * <p><b>Why.</b> A paused leader (SIGSTOP, a long GC) answers nothing: a call it holds would wait
 * for its whole attempt (up to {@link Failover#MAX_ATTEMPT}), while the others elect a new leader
 * about a second after it stopped. Asking them costs two small calls, and only for calls already
 * held longer than {@link #SUSPECT_AFTER}, far above the group's usual latency. The measurement:
 * docs/decisions/proxy-suspicion.md.
 *
 * <p><b>Why moving is safe.</b> A write carries its request id, which every replica applies at most
 * once; the call re-sent elsewhere is the same call. A read only reads.
 */
final class Suspicion {

    /** How long a call may wait on one replica before the others are asked. */
    static final Duration SUSPECT_AFTER = Duration.ofMillis(500);
    /** How often a held call asks again while the verdict is to wait. */
    static final Duration LOOK_AGAIN = Duration.ofMillis(100);
    /** How long a probe waits for each replica's {@code /health}. */
    static final Duration PROBE_TIMEOUT = Duration.ofMillis(300);
    /** How long a verdict is used by other held calls before a new probe. */
    static final Duration VERDICT_LIFE = Duration.ofMillis(100);

    /** What a probe decided for one held replica, and when. */
    private record Verdict(int suspect, int moveTo, long at) {
    }

    private final ReplicaUrls replicas;
    private final HttpTransport[] transports;
    private final AtomicBoolean probing = new AtomicBoolean();
    private volatile Verdict last;

    /**
     * @param replicas the group's URLs
     * @param transports one per replica, in the same order (shared with the calls)
     */
    Suspicion(ReplicaUrls replicas, HttpTransport[] transports) {
        this.replicas = replicas;
        this.transports = transports;
    }

    /**
     * For a call held by replica {@code suspect}: the replica to send it to instead, or -1 to go
     * on waiting. Probes the others unless a probe for the same replica is running (then: -1, or
     * its last verdict) or was made less than {@link #VERDICT_LIFE} ago (then: its verdict).
     */
    int moveFrom(int suspect) {
        Verdict known = last;
        long now = System.nanoTime();
        boolean mine = known != null && known.suspect() == suspect;
        if (mine && now - known.at() < VERDICT_LIFE.toNanos()) {
            return known.moveTo();
        }
        if (!probing.compareAndSet(false, true)) {
            return -1;
        }
        try {
            Verdict fresh = new Verdict(suspect, decide(suspect, probe(suspect), replicas), System.nanoTime());
            last = fresh;
            return fresh.moveTo();
        } finally {
            probing.set(false);
        }
    }

    /** Each replica's health but the suspect's, null where none came within {@link #PROBE_TIMEOUT}. */
    private ReplicaHealth[] probe(int suspect) {
        ReplicaHealth[] seen = new ReplicaHealth[transports.length];
        for (int i = 0; i < transports.length; i++) {
            if (i == suspect) {
                continue;
            }
            try {
                Reply<String> reply = transports[i].getFromRoot("/health",
                        System.nanoTime() + PROBE_TIMEOUT.toNanos(), Patience.UNTIL_DEADLINE);
                if (reply.status() == 200) {
                    seen[i] = ReplicaHealth.parse(reply.value());
                }
            } catch (Unanswered | BookStoreException | IllegalArgumentException e) {
                // No answer in time, a proxy closing, or not a replica's health: this one tells nothing.
            }
        }
        return seen;
    }

    /**
     * Where a call held by {@code suspect} should go, given what the others said ({@code seen[i]},
     * null for no answer; the suspect's entry is ignored): the leader named with the highest term
     * by any of them, provided it is not the suspect and a majority of the whole group reports
     * that term or a later one (the suspect, in an older term, can then commit nothing more);
     * else -1.
     */
    static int decide(int suspect, ReplicaHealth[] seen, ReplicaUrls replicas) {
        int target = -1;
        long targetTerm = -1;
        for (int i = 0; i < seen.length; i++) {
            ReplicaHealth health = seen[i];
            if (i == suspect || health == null || health.leaderUrl().isEmpty()) {
                continue;
            }
            int named = replicas.indexOf(health.leaderUrl());
            if (named >= 0 && named != suspect && health.term() > targetTerm) {
                target = named;
                targetTerm = health.term();
            }
        }
        if (target < 0) {
            return -1;
        }
        int inTerm = 0;
        for (int i = 0; i < seen.length; i++) {
            if (i != suspect && seen[i] != null && seen[i].term() >= targetTerm) {
                inTerm++;
            }
        }
        return inTerm >= seen.length / 2 + 1 ? target : -1;
    }
}
