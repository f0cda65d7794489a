package com.acertainbookstore.client;

import java.util.concurrent.atomic.LongAdder;

/**
 * The HTTP/1.1 bytes every proxy of this JVM sent and received since it started: requests and
 * answers with their headers, counted where the connections write and read them (over TLS, the
 * bytes before encryption), in every call, retries and probes of the proxies included. A figure
 * of the whole JVM, like its MXBeans: the harness reports it for itself. Safe to share (counters
 * that many callers add to at once).
 */
public final class ClientTraffic {

    private static final LongAdder SENT = new LongAdder();
    private static final LongAdder RECEIVED = new LongAdder();

    private ClientTraffic() {
    }

    /** Bytes the proxies of this JVM sent since it started. */
    public static long bytesSent() {
        return SENT.sum();
    }

    /** Bytes the proxies of this JVM received since it started. */
    public static long bytesReceived() {
        return RECEIVED.sum();
    }

    static void sent(long bytes) {
        SENT.add(bytes);
    }

    static void received(long bytes) {
        RECEIVED.add(bytes);
    }
}
