package com.acertainbookstore.workload.sampling;

/**
 * What a JVM says of itself at one instant, every counter since it started: time in garbage
 * collection (the sum over its {@code GarbageCollectorMXBean}s), time its just-in-time compilers
 * spent compiling (its {@code CompilationMXBean}) and the HTTP/1.1 bytes it received and sent (a
 * server: on its connectors; the harness: through its client proxies). {@code -1} where the JVM
 * does not tell. Immutable.
 *
 * @param gcTimeMs      time in garbage collection, ms
 * @param jitTimeMs     time compiling, ms: the compilations' elapsed times summed over the compiler threads
 * @param httpBytesIn   HTTP bytes received
 * @param httpBytesOut  HTTP bytes sent
 */
public record JvmCounters(long gcTimeMs, long jitTimeMs, long httpBytesIn, long httpBytesOut) {
}
