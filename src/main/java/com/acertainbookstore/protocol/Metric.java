package com.acertainbookstore.protocol;

import java.util.Map;

/**
 * The figures {@code GET /metrics} answers, one {@code key=value} line of integers each: the
 * server JVM's resources and the number of operation calls it has answered since it started. The
 * server writes these keys and the clients read them: the names live here once. Immutable.
 */
public enum Metric {

    PROCESS_CPU_TIME_NS("process_cpu_time_ns"),
    GC_COUNT("gc_count"),
    GC_TIME_MS("gc_time_ms"),
    /**
     * Time the JVM's just-in-time compilers spent compiling since the start, ms: its {@code
     * CompilationMXBean}'s total, the compilations' elapsed times summed over its compiler threads
     * ({@code -1} where the JVM does not keep it).
     */
    JIT_TIME_MS("jit_time_ms"),
    HEAP_USED_BYTES("heap_used_bytes"),
    THREADS("threads"),
    UPTIME_MS("uptime_ms"),
    AVAILABLE_PROCESSORS("available_processors"),
    /**
     * Operation calls whose body was read and decoded, whatever the store answered (refusals made
     * before, on the path, the headers or the body, are not counted).
     */
    CALLS("calls"),
    /**
     * TLS handshakes that succeeded since the start, full or resumed ({@code 0} for a server that
     * serves plain HTTP). Over kept-alive connections, far fewer than {@link #CALLS}.
     */
    TLS_HANDSHAKES("tls_handshakes"),
    /**
     * Bytes of HTTP/1.1 the server received on all its connectors since the start: requests with
     * their headers and bodies, counted at the HTTP layer (over TLS, the decrypted bytes; the TLS
     * records' own bytes are not counted), connections still open included.
     */
    HTTP_BYTES_IN("http_bytes_in"),
    /** Bytes of HTTP/1.1 the server sent on all its connectors since the start, counted as {@link #HTTP_BYTES_IN}. */
    HTTP_BYTES_OUT("http_bytes_out");

    private final String key;

    Metric(String key) {
        this.key = key;
    }

    /** The key as written in {@code /metrics}. */
    public String key() {
        return key;
    }

    /** One line of the {@code /metrics} text. */
    public String line(long value) {
        return key + "=" + value + "\n";
    }

    /**
     * Reads a {@code /metrics} text; keys it does not know (a newer server's) are skipped.
     *
     * @throws IllegalArgumentException a line is not {@code key=integer}, quoted in the message
     */
    public static Map<Metric, Long> parse(String text) {
        return MetricsText.parse(text, Metric.class, Metric::key, true);
    }
}
