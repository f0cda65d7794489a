package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * What the measured interactions of one type did. Immutable and safe to share.
 *
 * @param attempts  interactions of this type
 * @param successes those that did not throw
 * @param latency   their latency
 */
public record TypeFigures(long attempts, long successes, Latency latency) {

    /** No interaction of this type (or not applicable, e.g. the transport ceiling). */
    public static final TypeFigures NONE = new TypeFigures(0, 0, Latency.NONE);

    public TypeFigures {
        Objects.requireNonNull(latency, "latency");
    }

    /** Successes / attempts; NaN without attempts. */
    public double successRate() {
        return Repetition.ratio(successes, attempts);
    }
}
