package com.acertainbookstore.server;

import java.util.HashSet;
import java.util.Set;
import java.util.function.ToLongFunction;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.ssl.SslConnection;

/**
 * The HTTP/1.1 bytes a server received and sent since it started, for {@code /metrics}: a Jetty
 * {@link Connection.Listener} bean on every connector. It counts the HTTP connections, not the TLS
 * layer under them, so over TLS the figures are the decrypted bytes. Jetty's own
 * {@code ConnectionStatistics} adds a connection's bytes only when it closes, so over kept-alive
 * connections it would show nearly nothing during a run; this adds the open connections' counts
 * to those of the closed ones whenever asked.
 *
 * <p>Concurrency: safe to share. {@code lock} guards the set of open connections and the totals
 * of the closed ones, so a connection closing while the figures are read is counted once, either
 * as open or as closed. Jetty calls {@link #onOpened} and {@link #onClosed} once per connection
 * (not per request); {@link #bytesIn()} and {@link #bytesOut()} walk the open connections, which
 * is cheap at the rate {@code /metrics} is asked.
 */
final class HttpTraffic implements Connection.Listener {

    private final Object lock = new Object();
    /** Guarded by {@code lock}. */
    private final Set<Connection> open = new HashSet<>();
    /** Guarded by {@code lock}: bytes of the connections that closed. */
    private long closedIn;
    /** Guarded by {@code lock}. */
    private long closedOut;

    @Override
    public void onOpened(Connection connection) {
        if (counted(connection)) {
            synchronized (lock) {
                open.add(connection);
            }
        }
    }

    @Override
    public void onClosed(Connection connection) {
        if (counted(connection)) {
            synchronized (lock) {
                if (open.remove(connection)) {
                    closedIn += Math.max(0, connection.getBytesIn());
                    closedOut += Math.max(0, connection.getBytesOut());
                }
            }
        }
    }

    /** HTTP bytes received since the start, open connections included. */
    long bytesIn() {
        return total(Connection::getBytesIn, true);
    }

    /** HTTP bytes sent since the start, open connections included. */
    long bytesOut() {
        return total(Connection::getBytesOut, false);
    }

    private long total(ToLongFunction<Connection> bytes, boolean in) {
        synchronized (lock) {
            long total = in ? closedIn : closedOut;
            for (Connection connection : open) {
                total += Math.max(0, bytes.applyAsLong(connection));
            }
            return total;
        }
    }

    /** The HTTP connections: a TLS connection carries one, whose bytes are the ones counted. */
    private static boolean counted(Connection connection) {
        return !(connection instanceof SslConnection);
    }
}
