package com.acertainbookstore.history;

import java.time.Duration;
import java.util.Locale;

/**
 * How much a check may spend before its verdict is {@link Verdict#UNKNOWN}: wall time, and memory
 * for the search's cache of (calls linearized, state) pairs (estimated from the arrays it keeps).
 * Immutable and safe to share.
 *
 * @param time        the wall time of the whole check, the search of every part and the report
 * @param memoryBytes the cache of one search at most, bytes
 */
public record Budget(Duration time, long memoryBytes) {

    public Budget {
        if (time == null || time.isNegative() || time.isZero()) {
            throw new IllegalArgumentException("a check's time budget (" + time + ") must be > 0");
        }
        if (memoryBytes < 1) {
            throw new IllegalArgumentException("a check's memory budget (" + memoryBytes + " bytes) must be >= 1");
        }
    }

    /** {@code seconds} of wall time and {@code megabytes} of cache. */
    public static Budget of(double seconds, long megabytes) {
        return new Budget(Duration.ofNanos((long) (seconds * 1e9)), megabytes << 20);
    }

    /** For reports: {@code 10 s, 512 MiB}. */
    public String describe() {
        return String.format(Locale.ROOT, "%.3g s, %d MiB", time.toNanos() / 1e9, memoryBytes >> 20);
    }
}
