package com.acertainbookstore.server;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Bounds the time a request's headers may take to arrive, which Jetty does not: its idle timeout
 * starts again with every byte, so a client sending one header byte at a time would keep a
 * connection for hours. Once a second this looks at every open HTTP/1.1 connection; one whose
 * parser has been inside a request's headers, with no request completed meanwhile, for longer
 * than the timeout is closed. (Bodies have their own deadline, in {@link BodyReader}, answered
 * with 408.) Thread-safe: Jetty's threads report connections opening and closing while the
 * scheduler's thread sweeps; the parser's state is a volatile field.
 */
final class RequestDeadlines extends PeriodicSweep implements Connection.Listener {

    private static final long SWEEP_MS = 1_000;

    /** Since when (nanoTime) a connection has been seen inside headers, and its count of requests then. */
    private static final class Watch {
        long since;
        long requests;
    }

    private final long timeoutNanos;
    private final Map<HttpConnection, Watch> connections = new ConcurrentHashMap<>();

    RequestDeadlines(Scheduler scheduler, long timeoutMs) {
        super(scheduler, SWEEP_MS);
        this.timeoutNanos = TimeUnit.MILLISECONDS.toNanos(timeoutMs);
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection instanceof HttpConnection) {
            connections.put((HttpConnection) connection, new Watch());
        }
    }

    @Override
    public void onClosed(Connection connection) {
        connections.remove(connection);
    }

    /** Only the scheduler's thread runs this, one sweep at a time. */
    @Override
    void sweep() {
        long now = System.nanoTime();
        connections.forEach((connection, watch) -> {
            HttpParser parser = connection.getParser();
            if (!parser.inHeaderState() || parser.isStart()) {
                watch.since = 0;
                return;
            }
            long requests = connection.getMessagesIn();
            if (watch.since == 0 || requests != watch.requests) {
                watch.since = now;
                watch.requests = requests;
            } else if (now - watch.since >= timeoutNanos) {
                connection.getEndPoint().close();
            }
        });
    }
}
