package com.acertainbookstore.client;

import java.io.IOException;
import java.net.SocketTimeoutException;

/**
 * One exchange with one server that got no whole answer, and how far its request got: whether a
 * connection was had at all, and whether the request was written whole (only then may the server
 * have acted on it). Thrown by {@link HttpTransport}, judged by {@link CallRouter}. Immutable.
 */
final class Unanswered extends Exception {

    private static final long serialVersionUID = 1L;

    private final boolean connected;
    private final boolean written;

    /**
     * @param connected a connection to the server was had (else: refused, unreachable, the pool
     *     stayed busy, or the proxy is closed)
     * @param written the whole request was handed to the kernel
     * @param cause what broke
     */
    Unanswered(boolean connected, boolean written, IOException cause) {
        super(cause.getMessage(), cause, false, false);
        this.connected = connected;
        this.written = written;
    }

    boolean connected() {
        return connected;
    }

    /** Whether the request was written whole, so the server may have acted on it. */
    boolean written() {
        return written;
    }

    /** Whether the deadline passed while waiting for the answer (or for the connection). */
    boolean timedOut() {
        return getCause() instanceof SocketTimeoutException;
    }

    /** What broke, briefly: the cause's class and the start of its message. */
    String brief() {
        return HttpTransport.brief(getCause());
    }
}
