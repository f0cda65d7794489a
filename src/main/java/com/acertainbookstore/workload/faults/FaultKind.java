package com.acertainbookstore.workload.faults;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The kinds of fault a replicated run can suffer, as written in {@code workload.fault}
 * ({@code kill-leader@S}, {@code pause-leader@S:D}, ...). Immutable.
 */
public enum FaultKind {

    /** SIGKILL of the replica leading when the fault fires. */
    KILL_LEADER("kill-leader", false),
    /** SIGKILL of a running replica that does not lead (the lowest-numbered one). */
    KILL_FOLLOWER("kill-follower", false),
    /** The replica killed last started again on its ports and storage. */
    RESTART("restart", false),
    /** SIGSTOP of the leader for D seconds, then SIGCONT: a long GC pause. */
    PAUSE_LEADER("pause-leader", true),
    /** SIGSTOP of a running follower (the lowest-numbered one) for D seconds, then SIGCONT. */
    PAUSE_FOLLOWER("pause-follower", true),
    /** The leader cut off from the other replicas, both ways, for D seconds; clients still reach it. */
    ISOLATE_LEADER("isolate-leader", true),
    /** A follower cut off from the other replicas, both ways, for D seconds. */
    ISOLATE_FOLLOWER("isolate-follower", true);

    private final String label;
    private final boolean lasts;

    FaultKind(String label, boolean lasts) {
        this.label = label;
        this.lasts = lasts;
    }

    /** The name in {@code workload.fault}. */
    public String label() {
        return label;
    }

    /** Whether the fault lasts D seconds ({@code @S:D}) rather than happening once ({@code @S}). */
    public boolean lasts() {
        return lasts;
    }

    /** Whether the fault is a network partition (it needs network namespaces). */
    public boolean partitions() {
        return this == ISOLATE_LEADER || this == ISOLATE_FOLLOWER;
    }

    /** Whether the fault is a SIGKILL (its replica is down until a {@link #RESTART}). */
    public boolean kills() {
        return this == KILL_LEADER || this == KILL_FOLLOWER;
    }

    /** How the kind is written: {@code kill-leader@S} or {@code pause-leader@S:D}. */
    public String syntax() {
        return label + (lasts ? "@S:D" : "@S");
    }

    /** The kind labelled so, or null. */
    static FaultKind byLabel(String label) {
        for (FaultKind kind : values()) {
            if (kind.label.equals(label)) {
                return kind;
            }
        }
        return null;
    }

    /** Every kind's syntax, for messages. */
    static String known() {
        return Arrays.stream(values()).map(FaultKind::syntax).collect(Collectors.joining(", "));
    }
}
