package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.RequestId;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireRequest;
import com.acertainbookstore.wire.WireResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Where a proxy's calls go, and what their failures mean: one {@link HttpTransport} per server
 * URL, the request ids of mutating calls ({@link ClientIds}), and, for a list of replicas, the
 * failover. Safe to share between any number of threads; it starts no thread (a call's attempts
 * and pauses all run in the calling thread).
 *
 * <p><b>A single server</b> ({@link #single}): one exchange per call (the transport's own re-send
 * on another connection aside), within the call's timeout. A mutating call whose request was
 * written and got no answer raises {@link OutcomeUnknownException} and is never sent again, as
 * before request ids existed: a single server keeps no exactly-once table. So do an answer of
 * {@code 410}, and a {@code 503} whose message begins {@value #UNKNOWN_PREFIX}, to a mutating call
 * (what a replica answers; the single server never does).
 *
 * <p><b>A replica group</b> ({@link #replicas}): the URLs of the replicas of <em>one</em> group,
 * any of which serves any call. A call goes to the replica that last answered (or that an answer
 * named as the leader, {@code Bookstore-Leader}, when it is in the list). It moves to another
 * replica, after a pause, on: a refused or failed connection; a {@code 503}; no answer within the
 * attempt timeout; a connection broken after the request was written, or mid-answer. It goes to
 * the replica a {@code 503} named as leader, else to the next in the list. Every attempt of a
 * mutating call carries the same request id, so the group applies it at most once however many
 * replicas saw it. All of it happens within the call's timeout (its overall deadline):
 * <ul>
 * <li>A {@code 200} is the answer. Any other status but {@code 503} is final, as from a single
 *     server ({@code 422} the store's refusal, {@code 400}, {@code 401}, {@code 404}, ...), except
 *     {@code 410} to a mutating call: the group says its outcome is unknown for good (a later call
 *     under the same client id overtook it), so {@link OutcomeUnknownException} at once, not sent
 *     again.
 * <li>When the deadline passes, a mutating call that may have reached a replica (a request
 *     written whole, or a {@code 503}) raises {@link OutcomeUnknownException}, whose message lists
 *     what each attempt met; one that reached none, and every read, raise
 *     {@link BookStoreHTTPException} (status 0).
 * </ul>
 *
 * <p><b>Timeouts.</b> One attempt waits at most a third of the call's timeout, and at most
 * {@link #MAX_ATTEMPT} (10 s with the default timeout of 30 s): a paused replica (SIGSTOP, a long
 * GC) holds a call for one attempt, not for its whole deadline, and at least three attempts fit in
 * it. A replica waiting on its group answers {@code 503} after its own commit deadline (a few
 * seconds), which this exceeds at the default timeout, so the proxy hears the replica's answer
 * rather than abandoning it; with a shorter timeout the attempt may end first, which is safe, since
 * the next attempt carries the same request id. Pauses between attempts grow from
 * {@link #FIRST_PAUSE} and double up to {@link #MAX_PAUSE}, each drawn uniformly from its upper
 * half so that clients that failed together do not come back together; a pause that would reach
 * the deadline ends the call instead.
 *
 * <p><b>Sharing.</b> The replica that last answered is one {@link AtomicInteger}: a success sets
 * it (a write only when it changes), a failure on the current replica moves it on with a
 * compare-and-set, so threads that fail on the same replica together move it once. Races only
 * choose which valid replica the next call starts with.
 */
final class CallRouter implements AutoCloseable {

    /** The start of a replica's message for a call whose outcome is unknown ({@code 503}, {@code 410}). */
    static final String UNKNOWN_PREFIX = "outcome unknown:";
    /** Default time per call, its overall deadline. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /** The longest one attempt on a replica lasts (it is otherwise a third of the call's timeout). */
    static final Duration MAX_ATTEMPT = Duration.ofSeconds(10);
    /** The pause before the second attempt (drawn from its upper half, like every pause). */
    static final Duration FIRST_PAUSE = Duration.ofMillis(10);
    /** The longest pause between two attempts. */
    static final Duration MAX_PAUSE = Duration.ofMillis(500);
    /** The most attempts a failure message lists one by one. */
    private static final int LISTED_ATTEMPTS = 6;

    private final HttpTransport[] transports;
    /** The replica list; {@code null} for a single server. */
    private final ReplicaUrls replicas;
    private final long timeoutNanos;
    private final long timeoutMs;
    private final long attemptNanos;
    private final ClientIds ids = new ClientIds();
    /** The replica the next call starts with. */
    private final AtomicInteger current = new AtomicInteger();
    private volatile boolean closed;

    private CallRouter(HttpTransport[] transports, ReplicaUrls replicas, Duration timeout) {
        this.transports = transports;
        this.replicas = replicas;
        this.timeoutNanos = timeout.toNanos();
        this.timeoutMs = Math.max(1, timeout.toMillis());
        this.attemptNanos = Math.max(1, Math.min(timeoutNanos / 3, MAX_ATTEMPT.toNanos()));
    }

    /**
     * Calls one server at {@code baseUrl}, never re-sending a mutating call it may have applied.
     *
     * @param timeout per call, {@code > 0}
     * @param token bearer token to send, or {@code null}
     */
    static CallRouter single(String baseUrl, Duration timeout, String token) {
        checkTimeout(timeout);
        return new CallRouter(new HttpTransport[] {new HttpTransport(baseUrl, token)}, null, timeout);
    }

    /**
     * Calls the replicas of one group, failing over between them as the class comment says.
     *
     * @param urls the replicas' base URLs (at least one, same path, no server twice)
     * @param name the parameter's name, for messages
     * @param timeout per call, all attempts included, {@code > 0}
     * @param token bearer token to send, or {@code null}
     */
    static CallRouter replicas(List<String> urls, String name, Duration timeout, String token) {
        checkTimeout(timeout);
        ReplicaUrls replicas = new ReplicaUrls(urls, name);
        HttpTransport[] transports = new HttpTransport[replicas.size()];
        for (int i = 0; i < transports.length; i++) {
            transports[i] = new HttpTransport(replicas.url(i), token);
        }
        return new CallRouter(transports, replicas, timeout);
    }

    private static void checkTimeout(Duration timeout) {
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout (" + timeout + ") must be > 0");
        }
    }

    /** One attempt of a call on one server. */
    @FunctionalInterface
    private interface Attempt<T> {
        Reply<T> send(HttpTransport transport, long deadline) throws BookStoreException, Unanswered;
    }

    /** POSTs {@code request} as {@code operation} and returns the checked answer. */
    WireResponse call(Operation operation, WireRequest request) throws BookStoreException {
        byte[] body = WireCodec.encode(request);
        if (!operation.mutates()) {
            return route("POST ", operation.path(), false,
                    (transport, deadline) -> transport.post(operation, body, null, deadline));
        }
        ClientIds.Slot slot = ids.take();
        try {
            RequestId id = slot.id();
            return route("POST ", operation.path(), true,
                    (transport, deadline) -> transport.post(operation, body, id, deadline));
        } finally {
            ids.give(slot);
        }
    }

    /** GETs {@code path} and returns the body as text; any status but 200 fails. */
    String get(String path) throws BookStoreException {
        return route("GET ", path, false, (transport, deadline) -> transport.get(path, deadline));
    }

    /**
     * @param method {@code "POST "} or {@code "GET "}, for messages
     * @param path the call's path after the base URL's
     */
    private <T> T route(String method, String path, boolean mutates, Attempt<T> attempt) throws BookStoreException {
        if (replicas == null) {
            return once(method, path, mutates, attempt);
        }
        return failover(method + replicas.path() + path, mutates, attempt);
    }

    /** A single server: one attempt within the whole timeout, its failure mapped as before. */
    private <T> T once(String method, String path, boolean mutates, Attempt<T> attempt) throws BookStoreException {
        HttpTransport transport = transports[0];
        Reply<T> reply;
        try {
            reply = attempt.send(transport, System.nanoTime() + timeoutNanos);
        } catch (Unanswered e) {
            String what = method + transport.baseUrl() + path;
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
            throw new OutcomeUnknownException(method + transport.baseUrl() + path + ": " + message, reply.failure());
        }
        throw reply.failure();
    }

    /** A replica group: attempts on one replica after another until an answer or the deadline. */
    private <T> T failover(String what, boolean mutates, Attempt<T> attempt) throws BookStoreException {
        long start = System.nanoTime();
        long deadline = start + timeoutNanos;
        int index = current.get();
        List<String> met = new ArrayList<>();
        boolean reached = false;
        for (int attempts = 0; ; attempts++) {
            if (closed) {
                throw new BookStoreHTTPException(what + " was not sent: the proxy is closed", null);
            }
            long now = System.nanoTime();
            if (attempts > 0) {
                long pause = pauseNanos(attempts);
                if (now + pause >= deadline) {
                    break;
                }
                try {
                    TimeUnit.NANOSECONDS.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    met.add("interrupted");
                    throw ended(what, mutates && reached, met, attempts, start, e);
                }
                now = System.nanoTime();
            }
            long attemptDeadline = Math.min(deadline, now + attemptNanos);
            int next;
            try {
                Reply<T> reply = attempt.send(transports[index], attemptDeadline);
                int leader = replicas.indexOf(reply.leader());
                if (reply.status() != 503) {
                    stayWith(leader >= 0 ? leader : index);
                    if (reply.status() == 200) {
                        return reply.value();
                    }
                    if (mutates && reply.status() == 410) {
                        throw new OutcomeUnknownException(what + " on " + replicas.server(index) + ": "
                                + reply.failure().getMessage(), reply.failure());
                    }
                    throw reply.failure();
                }
                reached |= mutates;
                met.add(replicas.server(index) + " 503 " + brief(reply.failure().getMessage()));
                next = leader >= 0 && leader != index ? leader : (index + 1) % transports.length;
            } catch (BookStoreHTTPException e) {
                if (e.status() == 0 && mutates && reached) {
                    // Interrupted before this attempt was sent, after an earlier one may have reached a replica.
                    met.add(brief(e.getMessage()));
                    throw ended(what, true, met, attempts, start, e);
                }
                throw e;
            } catch (Unanswered e) {
                reached |= mutates && e.written();
                met.add(replicas.server(index) + " " + (e.timedOut() && e.connected()
                        ? "no answer within " + TimeUnit.NANOSECONDS.toMillis(attemptDeadline - now) + " ms"
                        : brief(e.brief())) + (mutates && e.written() ? " (request written)" : ""));
                next = (index + 1) % transports.length;
            }
            current.compareAndSet(index, next);
            index = next;
        }
        throw ended(what, mutates && reached, met, met.size(), start, null);
    }

    private void stayWith(int index) {
        if (current.get() != index) {
            current.set(index);
        }
    }

    /** The pause before attempt {@code attempts} (from 1): uniform in the upper half of a doubling bound. */
    private static long pauseNanos(int attempts) {
        long bound = Math.min(MAX_PAUSE.toNanos(), FIRST_PAUSE.toNanos() << Math.min(attempts - 1, 20));
        return bound / 2 + ThreadLocalRandom.current().nextLong(bound / 2 + 1);
    }

    private static String brief(String message) {
        return message.length() <= 100 ? message : message.substring(0, 100) + "...";
    }

    /** The exception of a call whose deadline passed (or that was interrupted) without an answer. */
    private BookStoreException ended(String what, boolean unknown, List<String> met, int attempts, long start,
            Throwable cause) {
        StringBuilder text = new StringBuilder(what);
        long ms = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
        text.append(unknown ? ": outcome unknown (it may have been applied; it was not sent again) after "
                : ": no answer after ").append(attempts).append(attempts == 1 ? " attempt" : " attempts")
                .append(" in ").append(ms).append(" ms (timeout ").append(timeoutMs).append(" ms): ");
        for (int i = 0; i < met.size(); i++) {
            if (i == LISTED_ATTEMPTS - 1 && met.size() > LISTED_ATTEMPTS) {
                text.append("... ").append(met.size() - LISTED_ATTEMPTS).append(" more; ");
                i = met.size() - 1;
            }
            text.append(met.get(i)).append(i + 1 < met.size() ? "; " : "");
        }
        return unknown ? new OutcomeUnknownException(text.toString(), cause)
                : new BookStoreHTTPException(text.toString(), cause);
    }

    /**
     * Opens connections until {@code wanted} are pooled: to the server, or to the first replica
     * (the current one first) that accepts them, which becomes the current one.
     *
     * @throws BookStoreHTTPException no server accepted them within the call timeout
     */
    void openConnections(int wanted) throws BookStoreException {
        if (wanted < 0) {
            throw new IllegalArgumentException("wanted connections (" + wanted + ") must be >= 0");
        }
        long deadline = System.nanoTime() + timeoutNanos;
        int first = current.get();
        BookStoreException failure = null;
        for (int i = 0; i < transports.length; i++) {
            int index = (first + i) % transports.length;
            long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
            if (left <= 0) {
                break;
            }
            try {
                transports[index].openConnections(wanted, left);
                stayWith(index);
                return;
            } catch (BookStoreException e) {
                if (failure != null) {
                    e.addSuppressed(failure);
                }
                failure = e;
            }
        }
        throw failure != null ? failure : new BookStoreHTTPException("opening " + wanted + " connections timed out", null);
    }

    /** The server's URL, or the replicas' list. */
    String describe() {
        return replicas == null ? transports[0].baseUrl() : replicas.urls().toString();
    }

    /** Closes every pooled connection; calls in progress finish, later ones fail. */
    @Override
    public void close() {
        closed = true;
        for (HttpTransport transport : transports) {
            transport.close();
        }
    }
}
