package com.acertainbookstore.workload.sampling;

/**
 * One JVM of a run as the sampler sees it: a name that stays while its process may be replaced
 * (a replica restarted after a kill keeps its name under a new pid), the pid of its process now,
 * and its own counters. Called by the sampler's thread only, once per sample; implementations
 * must return promptly (a call over the network has a short deadline) and never throw for a
 * process that is paused, dead or starting: they answer that they cannot tell.
 */
public interface SampledProcess {

    /** The name shown in the results: {@code harness}, {@code server}, {@code r0}. */
    String name();

    /** The pid of its process now, or {@code -1} when it has none running (killed, not yet restarted). */
    long pid();

    /**
     * Its own counters now, or {@code null} when it cannot answer (not running, starting, not
     * answering within the deadline). The sampler does not ask a process it found stopped.
     */
    JvmCounters counters();
}
