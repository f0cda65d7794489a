package com.acertainbookstore.workload.running;

import com.acertainbookstore.business.Locking;

/**
 * One point of the sweep: a series (mode and locking, or the health probe) at a thread count.
 * Immutable and safe to share.
 *
 * @param mode    {@code local} or {@code http}
 * @param locking the store's locking mode
 * @param health  true for the transport ceiling ({@code GET /health}) instead of the mix
 * @param threads worker threads
 */
record Point(String mode, Locking locking, boolean health, int threads) {

    /** {@code local SINGLE}, {@code http TWO_LEVEL}, {@code http health}. */
    String series() {
        return mode + " " + (health ? "health" : locking.name());
    }
}
