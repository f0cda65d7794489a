package com.acertainbookstore.workload.faults;

/**
 * One fault as it happened in one repetition. Times are seconds since the repetition's workers were
 * let go (the origin of its intervals). Immutable.
 *
 * @param fault        the fault of the plan
 * @param replica      the replica it hit ({@code r1})
 * @param startSeconds when it began: the signal sent, the restart forked
 * @param endSeconds   when it ended: the killed process gone, the paused one resumed, the restarted
 *                     one serving
 * @param termBefore   the highest Raft term the replicas reported just before it (-1 if none answered)
 */
public record FaultEvent(Fault fault, String replica, double startSeconds, double endSeconds, long termBefore) {

    /** {@code kill-leader@4 (r0)}. */
    public String name() {
        return fault + " (" + replica + ")";
    }
}
