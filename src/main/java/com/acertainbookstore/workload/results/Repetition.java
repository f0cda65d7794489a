package com.acertainbookstore.workload.results;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What one repetition of one point measured: a row of the runs file ({@link RunColumns} says how
 * each field becomes a column). Immutable and safe to share.
 *
 * @param point               the point
 * @param repetition          1, 2, ... (0: a discarded priming repetition)
 * @param measure             how it was measured
 * @param windowSeconds       the measured window (count mode: first measured start to last measured end)
 * @param throughput          successful interactions per second: closed loop, those started in the window;
 *                            open loop, those that ended in it
 * @param referenceThroughput count mode only (else NaN): the reference's definition, the sum over workers of
 *                            their successes over their own elapsed time
 * @param latency             every measured interaction, failed ones too: closed loop, from its start;
 *                            open loop, from its intended start
 * @param interactions        measured interactions
 * @param successes           those that did not throw
 * @param idleWorkers         workers that finished no interaction in the window
 * @param types               per interaction type (empty figures for the transport ceiling)
 * @param calls               per remote method
 * @param open                what only an open loop measures; null for a closed loop
 * @param resources           what the process under test used in the window
 * @param failures            the measured failures by cause
 * @param auditProblems       the audit's mismatches, one per ISBN; empty when it passed or did not apply
 * @param check               what the check of its recorded history said ({@link CheckOutcome#NOT_CHECKED}: none)
 */
public record Repetition(Point point, int repetition, Measure measure, double windowSeconds, double throughput,
        double referenceThroughput, Latency latency, long interactions, long successes, long idleWorkers,
        Map<InteractionType, TypeFigures> types, Map<Call, CallFigures> calls, OpenFigures open,
        Resources resources, Failures failures, List<String> auditProblems, CheckOutcome check) {

    public Repetition {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(measure, "measure");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(resources, "resources");
        Objects.requireNonNull(failures, "failures");
        Objects.requireNonNull(check, "check");
        if ((open != null) != point.series().isOpen()) {
            throw new IllegalArgumentException("open-loop figures must be given exactly for an open-loop point ("
                    + point.describe() + ")");
        }
        EnumMap<InteractionType, TypeFigures> allTypes = new EnumMap<>(InteractionType.class);
        for (InteractionType type : InteractionType.values()) {
            allTypes.put(type, types.getOrDefault(type, TypeFigures.NONE));
        }
        types = Collections.unmodifiableMap(allTypes);
        EnumMap<Call, CallFigures> allCalls = new EnumMap<>(Call.class);
        for (Call call : Call.values()) {
            allCalls.put(call, calls.getOrDefault(call, CallFigures.NONE));
        }
        calls = Collections.unmodifiableMap(allCalls);
        auditProblems = List.copyOf(auditProblems);
    }

    /** The same repetition with what the check of its history said. */
    public Repetition withCheck(CheckOutcome outcome) {
        return new Repetition(point, repetition, measure, windowSeconds, throughput, referenceThroughput, latency,
                interactions, successes, idleWorkers, types, calls, open, resources, failures, auditProblems, outcome);
    }

    /** Measured interactions that threw. */
    public long failed() {
        return interactions - successes;
    }

    /** Successes / interactions; NaN without interactions. */
    public double successRate() {
        return ratio(successes, interactions);
    }

    /** The share of one type among the measured interactions; NaN for the transport ceiling. */
    public double share(InteractionType type) {
        return point.series().isCeiling() ? Double.NaN : ratio(types.get(type).attempts(), interactions);
    }

    /**
     * Closed loop only (else NaN): threads / throughput in microseconds, the time a client spends
     * per successful interaction, waiting for a CPU or a lock included (Little's law). Derived from
     * two figures, never recorded.
     */
    public double timePerInteractionMicros() {
        return point.series().isOpen() || !(throughput > 0) ? Double.NaN : point.threads() / throughput * 1e6;
    }

    /** What the audit found. */
    public AuditOutcome audit() {
        if (point.series().isCeiling()) {
            return AuditOutcome.NOT_APPLICABLE;
        }
        return auditProblems.isEmpty() ? AuditOutcome.PASSED : AuditOutcome.FAILED;
    }

    static double ratio(long part, long whole) {
        return whole == 0 ? Double.NaN : (double) part / whole;
    }
}
