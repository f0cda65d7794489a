package com.acertainbookstore.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.LongAdder;
import javax.net.ssl.SSLEngine;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.ssl.SslConnection;
import org.eclipse.jetty.io.ssl.SslHandshakeListener;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Bounds the time a TLS handshake may take, which Jetty does not (a connection that opens and
 * then sends nothing, or half a ClientHello, would otherwise wait for the idle timeout, two
 * minutes). Every TLS connection is watched from its opening until its handshake succeeds; a sweep
 * closes the ones still handshaking after the timeout. A waiting handshake holds no thread (Jetty's
 * selectors wait for its bytes), so a thousand stalled connections cost a thousand entries here
 * and their sockets, within {@code bookstore.maxConnections}. Thread-safe: Jetty's threads report
 * openings, handshakes and closings while the scheduler's thread sweeps.
 */
final class HandshakeDeadlines extends PeriodicSweep implements Connection.Listener, SslHandshakeListener {

    private final long timeoutNanos;
    /** Connections whose handshake has not finished, by engine, with when they opened (nanoTime). */
    private final Map<SSLEngine, Pending> pending = new ConcurrentHashMap<>();
    /** Handshakes that succeeded, full or resumed. */
    private final LongAdder handshakes = new LongAdder();

    private record Pending(SslConnection connection, long openedAt) {
    }

    HandshakeDeadlines(Scheduler scheduler, long timeoutMs) {
        // Closed at most a fifth of the timeout late (a tenth of a second at least, a second at most).
        super(scheduler, Math.max(100, Math.min(1_000, timeoutMs / 5)));
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection instanceof SslConnection) {
            SslConnection ssl = (SslConnection) connection;
            pending.put(ssl.getSSLEngine(), new Pending(ssl, System.nanoTime()));
        }
    }

    @Override
    public void onClosed(Connection connection) {
        if (connection instanceof SslConnection) {
            pending.remove(((SslConnection) connection).getSSLEngine());
        }
    }

    @Override
    public void handshakeSucceeded(Event event) {
        handshakes.increment();
        pending.remove(event.getSSLEngine());
    }

    @Override
    public void handshakeFailed(Event event, Throwable failure) {
        pending.remove(event.getSSLEngine());
    }

    /** Handshakes that succeeded since the start. */
    long handshakes() {
        return handshakes.sum();
    }

    /** Only the scheduler's thread runs this, one sweep at a time. */
    @Override
    void sweep() {
        long now = System.nanoTime();
        pending.values().removeIf(waiting -> {
            if (now - waiting.openedAt() < timeoutNanos) {
                return false;
            }
            // The socket itself: nothing is owed to a peer that never finished saying hello.
            waiting.connection().getEndPoint().close();
            return true;
        });
    }
}
