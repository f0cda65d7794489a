package com.acertainbookstore.server;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Reads one request body without ever blocking a thread on the network, within a size limit and
 * a deadline, then hands it on. Used by one request; Jetty calls it from one thread at a time.
 *
 * <p>The usual body arrives with its headers and is read at once, on the handler's thread, with
 * no timer set. Otherwise the reader asks Jetty to call it back when more has arrived
 * ({@code demand}) and returns: a connection that sent headers and then nothing holds no thread
 * while it waits. A timer then bounds the wait; when it fires first, the request's content is
 * failed and the call answered 408. A plain {@code Runnable} is a blocking task to Jetty, so the
 * callback, and the store call made from it, run on a pool thread, never on a selector.
 */
final class BodyReader implements Runnable {

    /** What becomes of the body. */
    interface Listener {

        /** The whole body arrived, within the limit and in time. */
        void onBody(byte[] body);

        /** It did not: larger than the limit (413) or not in time (408); the rest is unread. */
        void onRefused(int status, String message);

        /**
         * The connection failed (the caller went away), or reading did (out of memory): nothing
         * can be answered.
         */
        void onFailed(Throwable failure);
    }

    private static final int READING = 0;
    private static final int DONE = 1;
    private static final int TIMED_OUT = 2;
    private static final int INITIAL_CAPACITY = 1024;
    /**
     * The most allocated on a declared length alone: beyond it the buffer grows only with bytes
     * received, so a caller declaring large bodies it never sends costs no memory.
     */
    private static final int MAX_PREALLOCATED = 64 << 10;

    private final Request request;
    private final int maxBytes;
    private final long timeoutMs;
    private final Listener listener;
    private final AtomicInteger state = new AtomicInteger(READING);
    private byte[] buffer;
    private int size;
    private Scheduler.Task deadline;

    private BodyReader(Request request, int maxBytes, long timeoutMs, Listener listener) {
        this.request = request;
        this.maxBytes = maxBytes;
        this.timeoutMs = timeoutMs;
        this.listener = listener;
        long declared = request.getLength();
        this.buffer = new byte[(int) Math.min(maxBytes, declared > 0 ? Math.min(declared, MAX_PREALLOCATED) : INITIAL_CAPACITY)];
    }

    /** Starts reading; {@code listener} hears exactly once how it ended. */
    static void read(Request request, int maxBytes, long timeoutMs, Listener listener) {
        new BodyReader(request, maxBytes, timeoutMs, listener).run();
    }

    @Override
    public void run() {
        try {
            readAvailable();
        } catch (Error e) {
            if (finish()) {
                listener.onFailed(e);
            }
            throw e;
        }
    }

    private void readAvailable() {
        while (true) {
            Content.Chunk chunk = request.read();
            if (chunk == null) {
                if (deadline == null) {
                    deadline = request.getComponents().getScheduler().schedule(this::expire, timeoutMs, TimeUnit.MILLISECONDS);
                }
                request.demand(this);
                return;
            }
            if (Content.Chunk.isFailure(chunk)) {
                failed(chunk.getFailure());
                return;
            }
            ByteBuffer bytes = chunk.getByteBuffer();
            int length = bytes.remaining();
            if (length > maxBytes - size) {
                chunk.release();
                end(413, "body is larger than " + maxBytes + " bytes");
                return;
            }
            if (size + length > buffer.length) {
                buffer = Arrays.copyOf(buffer, (int) Math.min(maxBytes, Math.max(size + length, 2L * buffer.length)));
            }
            bytes.get(buffer, size, length);
            size += length;
            boolean last = chunk.isLast();
            chunk.release();
            if (last) {
                if (finish()) {
                    listener.onBody(size == buffer.length ? buffer : Arrays.copyOf(buffer, size));
                } else {
                    timedOut();
                }
                return;
            }
        }
    }

    private void expire() {
        if (state.compareAndSet(READING, TIMED_OUT)) {
            request.fail(new TimeoutException("body not received within " + timeoutMs + " ms"));
        }
    }

    /** Marks the read as done; false when the deadline passed first (its failure is on its way). */
    private boolean finish() {
        if (deadline != null) {
            deadline.cancel();
        }
        return state.compareAndSet(READING, DONE);
    }

    private void end(int status, String message) {
        if (finish()) {
            listener.onRefused(status, message);
        } else {
            timedOut();
        }
    }

    private void failed(Throwable failure) {
        if (finish()) {
            listener.onFailed(failure);
        } else {
            timedOut();
        }
    }

    private void timedOut() {
        listener.onRefused(408, "the body did not arrive within " + timeoutMs + " ms (" + size + " bytes came)");
    }
}
