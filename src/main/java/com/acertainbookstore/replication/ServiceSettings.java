package com.acertainbookstore.replication;

import com.acertainbookstore.statemachine.CommandFormat;
import java.time.Duration;

/**
 * How a replica serves HTTP calls through the group ({@link ReplicatedStore}): one immutable,
 * validated value with every default here.
 *
 * @param reads how reads are served ({@link ReadMode}); linearizable
 * @param batchMax the most writes one log entry carries (1 turns batching off); 256
 * @param batchWait how long a batch that is not full waits for more writes, while earlier batches
 *     are still being committed (an idle replica never waits: the first write goes at once); 1 ms
 * @param batchesInFlight the most entries this replica has submitted and not yet seen answered;
 *     while that many are in flight, writes wait in the queue and go out together in the next
 *     batch (the cost is per entry, so fewer, fuller entries go further); the same bound applies
 *     to the read-index rounds linearizable reads share ({@link ReadBarrier}); 2
 * @param deadline how long a call may take on the replica before it is answered {@code 503}: a
 *     write not committed by then has an unknown outcome, a read is not served; 3 s (time for an
 *     election, about 1 s here, and a retry)
 * @param readNudge how long a read-index round may go unanswered before this replica submits an
 *     empty entry so that the leader sends one more append round ({@link ReadBarrier} explains why
 *     a round can otherwise wait a whole heartbeat period); {@code 0} never nudges; 10 ms
 * @param quorumTimeout how long this replica may go without contact with a majority of its group
 *     (a leader: replies from its followers; a follower: messages from its leader; a candidate:
 *     since it stood) before it stops holding calls: its waiting calls and new ones are answered
 *     {@code 503} at once, and what it had sent into the group is abandoned ({@link QuorumWatch});
 *     {@code 0} never; 600 ms (the longest election timeout)
 * @param warmAfter how long after its JVM started a replica that did not run the warm-up counts as
 *     cold: a cold leader hands leadership to a warm follower ({@link LeaderHandOff}); {@code 0}
 *     counts every replica warm (no hand-off); 60 s (why: docs/decisions/cold-leader.md)
 */
public record ServiceSettings(ReadMode reads, int batchMax, Duration batchWait, int batchesInFlight, Duration deadline,
        Duration readNudge, Duration quorumTimeout, Duration warmAfter) {

    /** The defaults above. */
    public static final ServiceSettings DEFAULT = new ServiceSettings(ReadMode.LINEARIZABLE, 256,
            Duration.ofMillis(1), 2, Duration.ofSeconds(3), Duration.ofMillis(10), Duration.ofMillis(600),
            Duration.ofSeconds(60));

    public ServiceSettings {
        if (reads == null) {
            throw new IllegalArgumentException("reads is null");
        }
        if (batchMax < 1 || batchMax > CommandFormat.MAX_COMMANDS) {
            throw new IllegalArgumentException("batchMax (" + batchMax + ") must be in 1.." + CommandFormat.MAX_COMMANDS);
        }
        if (batchWait == null || batchWait.isNegative() || batchWait.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("batchWait (" + batchWait + ") must be in 0..1 s");
        }
        if (batchesInFlight < 1 || batchesInFlight > 1024) {
            throw new IllegalArgumentException("batchesInFlight (" + batchesInFlight + ") must be in 1..1024");
        }
        if (deadline == null || deadline.toMillis() < 100) {
            throw new IllegalArgumentException("deadline (" + deadline + ") must be >= 100 ms");
        }
        if (readNudge == null || readNudge.isNegative() || readNudge.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new IllegalArgumentException("readNudge (" + readNudge + ") must be in 0..1 s");
        }
        if (quorumTimeout == null || quorumTimeout.isNegative() || quorumTimeout.compareTo(Duration.ofMinutes(1)) > 0
                || !quorumTimeout.isZero() && quorumTimeout.toMillis() < 100) {
            throw new IllegalArgumentException("quorumTimeout (" + quorumTimeout + ") must be 0 (off) or in 100 ms..1 min");
        }
        if (warmAfter == null || warmAfter.isNegative() || warmAfter.compareTo(Duration.ofHours(1)) > 0) {
            throw new IllegalArgumentException("warmAfter (" + warmAfter + ") must be in 0..1 h");
        }
    }

    public ServiceSettings withReads(ReadMode mode) {
        return new ServiceSettings(mode, batchMax, batchWait, batchesInFlight, deadline, readNudge, quorumTimeout, warmAfter);
    }

    public ServiceSettings withBatchMax(int max) {
        return new ServiceSettings(reads, max, batchWait, batchesInFlight, deadline, readNudge, quorumTimeout, warmAfter);
    }

    public ServiceSettings withBatchWait(Duration wait) {
        return new ServiceSettings(reads, batchMax, wait, batchesInFlight, deadline, readNudge, quorumTimeout, warmAfter);
    }

    public ServiceSettings withBatchesInFlight(int entries) {
        return new ServiceSettings(reads, batchMax, batchWait, entries, deadline, readNudge, quorumTimeout, warmAfter);
    }

    public ServiceSettings withDeadline(Duration newDeadline) {
        return new ServiceSettings(reads, batchMax, batchWait, batchesInFlight, newDeadline, readNudge, quorumTimeout, warmAfter);
    }

    public ServiceSettings withReadNudge(Duration nudge) {
        return new ServiceSettings(reads, batchMax, batchWait, batchesInFlight, deadline, nudge, quorumTimeout, warmAfter);
    }

    public ServiceSettings withQuorumTimeout(Duration timeout) {
        return new ServiceSettings(reads, batchMax, batchWait, batchesInFlight, deadline, readNudge, timeout, warmAfter);
    }

    public ServiceSettings withWarmAfter(Duration after) {
        return new ServiceSettings(reads, batchMax, batchWait, batchesInFlight, deadline, readNudge, quorumTimeout, after);
    }
}
