package com.acertainbookstore.client;

import java.io.IOException;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The keep-alive connections of one transport, safe to share between any number of threads. A
 * call takes a connection, uses it alone, and gives it back; idle connections wait on a stack, so
 * the most recently used (warmest) is taken first.
 *
 * <p>At most {@link #maxConnections} exist at once: a call beyond that waits, within its deadline,
 * for one to come back. A connection idle for longer than {@link #idleNanos} is closed rather than
 * used: the server closes idle connections too, later (see {@code BookStoreHTTPServer}), so a
 * call never writes on a connection the server has already dropped for idleness.
 */
final class ConnectionPool implements AutoCloseable {

    /** Opens a new connection within a timeout. */
    @FunctionalInterface
    interface Opener {
        Connection open(long timeoutMs) throws IOException;
    }

    private final Opener opener;
    private final int maxConnections;
    private final long idleNanos;
    private final ConcurrentLinkedDeque<Connection> idle = new ConcurrentLinkedDeque<>();
    /** One permit per connection that may still be opened or is idle; a call holds one. */
    private final Semaphore permits;
    private final AtomicInteger open = new AtomicInteger();
    private volatile boolean closed;

    ConnectionPool(Opener opener, int maxConnections, long idleMs) {
        this.opener = opener;
        this.maxConnections = maxConnections;
        this.idleNanos = TimeUnit.MILLISECONDS.toNanos(idleMs);
        this.permits = new Semaphore(maxConnections);
    }

    /** Connections open now, idle or in use. */
    int openCount() {
        return open.get();
    }

    /**
     * A connection for the caller's sole use until {@link #release}: an idle one, or a new one.
     *
     * @throws IOException none could be had before the deadline, or the pool is closed
     */
    Connection take(long deadline) throws IOException, InterruptedException {
        if (closed) {
            throw new IOException("the proxy is closed");
        }
        if (!permits.tryAcquire() && !permits.tryAcquire(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS)) {
            throw new IOException("all " + maxConnections + " connections stayed busy until the deadline");
        }
        try {
            long now = System.nanoTime();
            Connection connection;
            while ((connection = idle.pollFirst()) != null) {
                if (now - connection.idleSince() < idleNanos) {
                    return connection;
                }
                discard(connection);
            }
            connection = opener.open(Math.max(1, TimeUnit.NANOSECONDS.toMillis(deadline - now)));
            open.incrementAndGet();
            return connection;
        } catch (IOException | RuntimeException e) {
            permits.release();
            throw e;
        }
    }

    /** Gives back a connection taken here; {@code reusable} false (or a closed pool) closes it. */
    void release(Connection connection, boolean reusable) {
        try {
            if (reusable && !closed) {
                connection.markIdle(System.nanoTime());
                idle.offerFirst(connection);
                if (closed && idle.remove(connection)) {
                    discard(connection);
                }
            } else {
                discard(connection);
            }
        } finally {
            permits.release();
        }
    }

    /**
     * Opens connections, one by one, until {@code wanted} are open (at most the pool's limit),
     * and pools them; {@code timeoutMs} bounds the whole.
     */
    void openUntil(int wanted, long timeoutMs) throws IOException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        int target = Math.min(wanted, maxConnections);
        while (open.get() < target) {
            if (closed) {
                throw new IOException("the proxy is closed");
            }
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                throw new IOException("timed out");
            }
            Connection connection = opener.open(left);
            open.incrementAndGet();
            connection.markIdle(System.nanoTime());
            idle.offerLast(connection);
        }
    }

    private void discard(Connection connection) {
        connection.close();
        open.decrementAndGet();
    }

    /** Closes every idle connection; connections in use close when given back. */
    @Override
    public void close() {
        closed = true;
        Connection connection;
        while ((connection = idle.pollFirst()) != null) {
            discard(connection);
        }
    }
}
