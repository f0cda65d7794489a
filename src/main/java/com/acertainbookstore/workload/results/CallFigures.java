package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * The measured calls of one remote method that returned. Immutable and safe to share.
 *
 * @param count   how many returned (a call that threw is not timed)
 * @param latency how long they took
 */
public record CallFigures(long count, Latency latency) {

    /** No call of this method. */
    public static final CallFigures NONE = new CallFigures(0, Latency.NONE);

    public CallFigures {
        Objects.requireNonNull(latency, "latency");
    }
}
