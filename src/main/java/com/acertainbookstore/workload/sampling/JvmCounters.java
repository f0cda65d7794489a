package com.acertainbookstore.workload.sampling;

/**
 * What a JVM says of itself at one instant, every counter since it started: time in garbage
 * collection (the sum over its {@code GarbageCollectorMXBean}s) and the HTTP/1.1 bytes it received
 * and sent (a server: on its connectors; the harness: through its client proxies). {@code -1}
 * where the JVM does not tell. Immutable.
 *
 * @param gcTimeMs      time in garbage collection, ms
 * @param httpBytesIn   HTTP bytes received
 * @param httpBytesOut  HTTP bytes sent
 */
public record JvmCounters(long gcTimeMs, long httpBytesIn, long httpBytesOut) {
}
