package com.acertainbookstore.replication;

import java.time.Duration;

/**
 * How a replica serves HTTP calls through the group ({@link ReplicatedStore}): one immutable,
 * validated value with every default here.
 *
 * @param reads how reads are served ({@link ReadMode}); linearizable
 * @param batchMax the most writes one log entry carries (1 turns batching off); 256
 * @param batchWait how long a batch that is not full waits for more writes, while earlier batches
 *     are still being committed (an idle replica never waits: the first write goes at once); 1 ms
 * @param deadline how long a call may take on the replica before it is answered {@code 503}: a
 *     write not committed by then has an unknown outcome, a read is not served; 3 s (time for an
 *     election, about 1 s here, and a retry)
 */
public record ServiceSettings(ReadMode reads, int batchMax, Duration batchWait, Duration deadline) {

    /** The defaults above. */
    public static final ServiceSettings DEFAULT = new ServiceSettings(ReadMode.LINEARIZABLE, 256,
            Duration.ofMillis(1), Duration.ofSeconds(3));

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
        if (deadline == null || deadline.toMillis() < 100) {
            throw new IllegalArgumentException("deadline (" + deadline + ") must be >= 100 ms");
        }
    }

    public ServiceSettings withReads(ReadMode mode) {
        return new ServiceSettings(mode, batchMax, batchWait, deadline);
    }

    public ServiceSettings withBatchMax(int max) {
        return new ServiceSettings(reads, max, batchWait, deadline);
    }

    public ServiceSettings withBatchWait(Duration wait) {
        return new ServiceSettings(reads, batchMax, wait, deadline);
    }

    public ServiceSettings withDeadline(Duration newDeadline) {
        return new ServiceSettings(reads, batchMax, batchWait, newDeadline);
    }
}
