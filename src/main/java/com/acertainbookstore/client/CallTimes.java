package com.acertainbookstore.client;

/**
 * Where a proxy's calls spent their time, client side, since the proxy was made: sums in
 * nanoseconds (subtract two readings for an interval; divide by the change of {@code calls} for a
 * mean). {@code network} runs from the first byte written to the last byte of the answer read, so
 * it holds the server's whole work and the waits for the CPU. Immutable.
 *
 * @param calls calls that got an answer (any status)
 * @param encodeNanos encoding the requests
 * @param networkNanos sending them and waiting for and reading the answers
 * @param decodeNanos decoding the answers
 */
public record CallTimes(long calls, long encodeNanos, long networkNanos, long decodeNanos) {

    /** What happened between {@code before} and this reading. */
    public CallTimes since(CallTimes before) {
        return new CallTimes(calls - before.calls, encodeNanos - before.encodeNanos,
                networkNanos - before.networkNanos, decodeNanos - before.decodeNanos);
    }
}
