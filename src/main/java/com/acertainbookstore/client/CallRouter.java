package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.ReplicaHeaders;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.wire.WireCodec;
import java.time.Duration;
import java.util.List;

/**
 * Where a proxy's calls go, and what their failures mean: the request ids of mutating calls
 * ({@link ClientIds}), then either one server or the replicas of one group ({@link Failover}).
 * Safe to share between any number of threads; it starts no thread.
 *
 * <p><b>One server</b> ({@link #single}): one exchange per call (the transport's own re-send on
 * another connection aside), within the call's timeout. A mutating call whose request was written
 * and got no answer raises {@link OutcomeUnknownException} and is never sent again, as before
 * request ids existed: a single server keeps no exactly-once table, so a re-sent id could be
 * applied twice. So do an answer of {@code 410}, and a {@code 503} whose message begins
 * {@value #UNKNOWN_PREFIX}, to a mutating call (what a replica answers; the single server never
 * does).
 *
 * <p><b>A replica group</b> ({@link #replicas}): {@link Failover} moves between them, re-sending
 * the same request id.
 */
final class CallRouter implements AutoCloseable {

    /** The start of a replica's message for a call whose outcome is unknown ({@code 503}, {@code 410}). */
    static final String UNKNOWN_PREFIX = ReplicaHeaders.OUTCOME_UNKNOWN;
    /** Default time per call (with a list of replicas, every attempt and pause included). */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);

    /** The one server; {@code null} for a replica group. */
    private final HttpTransport server;
    /** The replica group; {@code null} for one server. */
    private final Failover failover;
    private final long timeoutNanos;
    private final long timeoutMs;
    private final ClientIds ids = new ClientIds();

    private CallRouter(HttpTransport server, Failover failover, Duration timeout) {
        this.server = server;
        this.failover = failover;
        this.timeoutNanos = timeout.toNanos();
        this.timeoutMs = Math.max(1, timeout.toMillis());
    }

    /**
     * Calls one server at {@code baseUrl}, never re-sending a mutating call it may have applied.
     *
     * @param timeout per call, {@code > 0}
     * @param token bearer token to send, or {@code null}
     * @param tls TLS for an {@code https} URL, or {@code null}
     */
    static CallRouter single(String baseUrl, Duration timeout, String token, ClientTls tls) {
        checkTimeout(timeout);
        return new CallRouter(new HttpTransport(baseUrl, token, tls), null, timeout);
    }

    /**
     * Calls the replicas of one group, failing over between them ({@link Failover}).
     *
     * @param urls the replicas' base URLs (at least one, same path, no server twice)
     * @param name the parameter's name, for messages
     * @param timeout per call, every attempt and pause included, {@code > 0}
     * @param token bearer token to send, or {@code null}
     * @param tls TLS for {@code https} URLs, or {@code null}
     */
    static CallRouter replicas(List<String> urls, String name, Duration timeout, String token, ClientTls tls) {
        checkTimeout(timeout);
        return new CallRouter(null, new Failover(new ReplicaUrls(urls, name), timeout, token, tls), timeout);
    }

    private static void checkTimeout(Duration timeout) {
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout (" + timeout + ") must be > 0");
        }
    }

    /**
     * One attempt of a call on one server, before a deadline ({@link System#nanoTime()}), asking
     * {@code patience} while it waits for the answer.
     */
    @FunctionalInterface
    interface Attempt<T> {
        Reply<T> send(HttpTransport transport, long deadline, Patience patience) throws BookStoreException, Unanswered;
    }

    /** POSTs {@code request} as {@code operation} and returns the checked answer. */
    WireResponse call(Operation operation, WireRequest request) throws BookStoreException {
        byte[] body = WireCodec.encode(request);
        if (!operation.mutates()) {
            return route("POST ", operation.path(), false,
                    (transport, deadline, patience) -> transport.post(operation, body, null, deadline, patience));
        }
        ClientIds.Slot slot = ids.take();
        try {
            RequestId id = slot.id();
            return route("POST ", operation.path(), true,
                    (transport, deadline, patience) -> transport.post(operation, body, id, deadline, patience));
        } finally {
            ids.give(slot);
        }
    }

    /** GETs {@code path} and returns the body as text; any status but 200 fails. */
    String get(String path) throws BookStoreException {
        return route("GET ", path, false, (transport, deadline, patience) -> transport.get(path, deadline, patience));
    }

    /**
     * @param method {@code "POST "} or {@code "GET "}, for messages
     * @param path the call's path after the base URL's
     */
    private <T> T route(String method, String path, boolean mutates, Attempt<T> attempt) throws BookStoreException {
        if (failover != null) {
            return failover.send(method + failover.path() + path, mutates, attempt);
        }
        Reply<T> reply;
        try {
            reply = attempt.send(server, System.nanoTime() + timeoutNanos, Patience.UNTIL_DEADLINE);
        } catch (Unanswered e) {
            String what = method + server.baseUrl() + path;
            if (!e.connected()) {
                throw new BookStoreHTTPException(what + " was not sent: " + e.brief(), e.getCause());
            }
            String failure = e.timedOut() ? "no answer within " + timeoutMs + " ms" : e.brief();
            if (mutates && e.written()) {
                throw new OutcomeUnknownException(what + ": outcome unknown, the request was sent and then " + failure
                        + " (the server may or may not have applied it; it was not sent again)", e.getCause());
            }
            throw new BookStoreHTTPException(what + " failed: " + failure, e.getCause());
        }
        if (reply.status() == 200) {
            return reply.value();
        }
        String message = reply.failure().getMessage();
        if (mutates && (reply.status() == 410 || reply.status() == 503 && message.startsWith(UNKNOWN_PREFIX))) {
            throw new OutcomeUnknownException(method + server.baseUrl() + path + ": " + message, reply.failure());
        }
        throw reply.failure();
    }

    /**
     * Opens connections until {@code wanted} are pooled: to the server, or to the first replica
     * that accepts them, before that many threads start calling at once.
     *
     * @throws BookStoreHTTPException they could not be opened within the call timeout
     */
    void openConnections(int wanted) throws BookStoreException {
        if (wanted < 0) {
            throw new IllegalArgumentException("wanted connections (" + wanted + ") must be >= 0");
        }
        if (failover != null) {
            failover.openConnections(wanted);
        } else {
            server.openConnections(wanted, timeoutMs);
        }
    }

    /** The server's URL, or the replicas' list. */
    String describe() {
        return failover != null ? failover.describe() : server.baseUrl();
    }

    /** Closes every pooled connection; calls in progress finish, later ones fail. */
    @Override
    public void close() {
        if (failover != null) {
            failover.close();
        } else {
            server.close();
        }
    }
}
