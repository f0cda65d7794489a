package com.acertainbookstore.replication;

import java.lang.management.ManagementFactory;
import java.util.function.LongSupplier;

/**
 * Whether this replica's JVM counts as warm, that is whether its hot paths are likely compiled:
 * it ran the warm-up before it started ({@code replica.warmupSeconds}), or it has run for
 * {@code warmAfterMs} or longer. Compiled code belongs to the JVM, not to a replica, so the age
 * is the JVM's. Immutable; safe to share.
 *
 * <p>An age, not a measure of the compiler's work: a replica restarted under load compiles its
 * follower's paths as it catches up, and its leader's only once it leads. The bound, and the
 * cold-start measurements it comes from: docs/decisions/cold-leader.md.
 */
public final class Warmth {

    private final boolean warmedUp;
    private final long warmAfterMs;
    private final LongSupplier uptimeMs;

    /**
     * @param warmedUp whether the warm-up ran in this JVM
     * @param warmAfterMs the age from which the JVM counts as warm; 0: warm from the start
     * @param uptimeMs the JVM's age in milliseconds
     */
    public Warmth(boolean warmedUp, long warmAfterMs, LongSupplier uptimeMs) {
        if (warmAfterMs < 0) {
            throw new IllegalArgumentException("warmAfterMs (" + warmAfterMs + ") must be >= 0");
        }
        this.warmedUp = warmedUp;
        this.warmAfterMs = warmAfterMs;
        this.uptimeMs = uptimeMs;
    }

    /** This JVM's warmth, its age read from the runtime. */
    public static Warmth ofThisJvm(boolean warmedUp, long warmAfterMs) {
        return new Warmth(warmedUp, warmAfterMs, ManagementFactory.getRuntimeMXBean()::getUptime);
    }

    public boolean warm() {
        return warmedUp || warmAfterMs == 0 || uptimeMs() >= warmAfterMs;
    }

    /** How long this JVM has run, in milliseconds. */
    public long uptimeMs() {
        return uptimeMs.getAsLong();
    }
}
