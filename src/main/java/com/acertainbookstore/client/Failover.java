package com.acertainbookstore.client;

import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The routing of calls over the replicas of <em>one</em> group, any of which serves any call: one
 * {@link HttpTransport} per replica, and which replica each attempt of a call goes to. Safe to
 * share between any number of threads; it starts no thread (a call's attempts and pauses run in
 * the calling thread).
 *
 * <p>A call goes to the replica that last answered, or that an answer named as the leader
 * ({@code Bookstore-Leader}, followed only when it names a replica of the list,
 * {@link ReplicaUrls#indexOf}). It moves to another replica, after a pause, on: a refused or
 * failed connection; a {@code 503}; no answer within the attempt timeout; a connection broken
 * after the request was written, or mid-answer. It goes to the replica a {@code 503} named as
 * leader, else to the next in the list. Every attempt of a mutating call carries the same request
 * id (the caller's), so the group applies it at most once however many replicas saw it. All of it
 * happens within the call's timeout, its overall deadline:
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
 * {@link #MAX_ATTEMPT} (5 s; so 5 s with the default timeout of 30 s): a paused replica (SIGSTOP,
 * a long GC) holds a call for one attempt, not for its whole deadline, and at least three attempts
 * fit in it. A replica waiting on its group answers {@code 503} after its own deadline (3 s by
 * default, {@code replica.deadlineMs}); 5 s exceeds that with room for the answer to arrive, so at
 * timeouts of 15 s and more the proxy hears a waiting replica's {@code 503} rather than
 * abandoning it. With a shorter timeout an attempt may end first, which is safe, since the next
 * attempt carries the same request id. Pauses between attempts grow from {@link #FIRST_PAUSE} and
 * double up to {@link #MAX_PAUSE}, each drawn uniformly from the upper half of its bound so that
 * clients that failed together do not come back together; a pause that would reach the deadline
 * ends the call instead.
 *
 * <p><b>Suspicion.</b> With more than one replica, an attempt held longer than
 * {@link Suspicion#SUSPECT_AFTER} (500 ms) asks {@link Suspicion} every
 * {@link Suspicion#LOOK_AGAIN} whether a majority of the group has moved to another leader's
 * term (a paused or cut-off replica answers nothing meanwhile); if so the attempt is given up and
 * the call re-sent there at once, with the same request id. A replica that is slow while the
 * others still name it leader keeps the call until the attempt ends.
 *
 * <p><b>Sharing.</b> The replica the next call starts with is one {@link AtomicInteger}: an answer
 * sets it (written only when it changes), a failure on the current replica moves it on with a
 * compare-and-set, so threads failing on the same replica together move it once. Races only choose
 * which valid replica a call starts with.
 */
final class Failover implements AutoCloseable {

    /** The longest one attempt on a replica lasts (it is otherwise a third of the call's timeout). */
    static final Duration MAX_ATTEMPT = Duration.ofSeconds(5);
    /** The bound of the pause before the second attempt (each pause is drawn from its bound's upper half). */
    static final Duration FIRST_PAUSE = Duration.ofMillis(10);
    /** The largest bound of a pause between two attempts. */
    static final Duration MAX_PAUSE = Duration.ofMillis(500);
    /** The most attempts a failure message lists one by one. */
    private static final int LISTED_ATTEMPTS = 6;

    private final ReplicaUrls replicas;
    private final HttpTransport[] transports;
    private final long timeoutNanos;
    private final long timeoutMs;
    private final long attemptNanos;
    /** Asked about a call held too long by one replica; null with a single replica. */
    private final Suspicion suspicion;
    /** The replica the next call starts with. */
    private final AtomicInteger current = new AtomicInteger();
    private volatile boolean closed;

    /**
     * @param replicas the checked replica list
     * @param timeout per call, every attempt and pause included, {@code > 0}
     * @param token bearer token to send, or {@code null}
     * @param tls how to speak TLS to {@code https} replicas (one context for all: sessions resume), or {@code null}
     */
    Failover(ReplicaUrls replicas, Duration timeout, String token, ClientTls tls) {
        this.replicas = replicas;
        this.transports = new HttpTransport[replicas.size()];
        for (int i = 0; i < transports.length; i++) {
            try {
                transports[i] = new HttpTransport(replicas.url(i), token, tls);
            } catch (IllegalArgumentException e) {
                // A scheme that does not fit the TLS settings: nothing opened yet (transports connect lazily).
                throw new IllegalArgumentException(replicas.entryName(i) + ": " + e.getMessage(), e);
            }
        }
        this.timeoutNanos = timeout.toNanos();
        this.timeoutMs = Math.max(1, timeout.toMillis());
        this.attemptNanos = Math.max(1, Math.min(timeoutNanos / 3, MAX_ATTEMPT.toNanos()));
        this.suspicion = transports.length > 1 ? new Suspicion(replicas, transports) : null;
    }

    /**
     * One attempt's patience: from {@link Suspicion#SUSPECT_AFTER} after it began, asks the
     * suspicion every {@link Suspicion#LOOK_AGAIN} whether the group has moved on from its replica,
     * and remembers where to.
     */
    private final class Held implements Patience {
        private final int index;
        private long next;
        private int moveTo = -1;

        Held(int index, long start) {
            this.index = index;
            this.next = start + Suspicion.SUSPECT_AFTER.toNanos();
        }

        @Override
        public long nextCheck() {
            return next;
        }

        @Override
        public boolean keepWaiting() {
            int target = suspicion.moveFrom(index);
            if (target >= 0 && target != index) {
                moveTo = target;
                return false;
            }
            next = System.nanoTime() + Suspicion.LOOK_AGAIN.toNanos();
            return true;
        }
    }

    /**
     * Makes attempts on one replica after another until an answer or the deadline, as the class
     * comment says.
     *
     * @param what the call, for messages: {@code POST /stock/ADDBOOKS}
     * @param mutates whether the call may change the store
     */
    <T> T send(String what, boolean mutates, CallRouter.Attempt<T> attempt) throws BookStoreException {
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
                    throw ended(what, mutates, reached, met, start, null);
                }
                try {
                    TimeUnit.NANOSECONDS.sleep(pause);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    met.add("interrupted");
                    throw ended(what, mutates, reached, met, start, e);
                }
                now = System.nanoTime();
            }
            long attemptDeadline = Math.min(deadline, now + attemptNanos);
            Held held = suspicion == null ? null : new Held(index, now);
            int next;
            try {
                Reply<T> reply = attempt.send(transports[index], attemptDeadline,
                        held == null ? Patience.UNTIL_DEADLINE : held);
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
                    met.add("interrupted");
                    throw ended(what, true, true, met, start, e);
                }
                throw e;
            } catch (Unanswered e) {
                reached |= mutates && e.written();
                if (held != null && held.moveTo >= 0 && e.getCause() instanceof Patience.MovedOn) {
                    met.add(replicas.server(index) + " held it " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - now)
                            + " ms while a majority moved on to " + replicas.server(held.moveTo));
                    current.compareAndSet(index, held.moveTo);
                    index = held.moveTo;
                    continue;
                }
                met.add(replicas.server(index) + " " + (e.timedOut() && e.connected()
                        ? "no answer within " + TimeUnit.NANOSECONDS.toMillis(attemptDeadline - now) + " ms"
                        : brief(e.brief())) + (mutates && e.written() ? " (request written)" : ""));
                next = (index + 1) % transports.length;
            }
            current.compareAndSet(index, next);
            index = next;
        }
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

    /**
     * The exception of a call that got no answer by its deadline (or was interrupted): unknown
     * when it may have reached a replica, else a plain failure; {@code met} lists its attempts.
     */
    private BookStoreException ended(String what, boolean mutates, boolean reached, List<String> met, long start,
            Throwable cause) {
        boolean unknown = mutates && reached;
        StringBuilder text = new StringBuilder(what).append(unknown ? ": outcome unknown" : ": no answer")
                .append(" after ").append(met.size()).append(met.size() == 1 ? " attempt" : " attempts").append(" in ")
                .append(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start)).append(" ms (timeout ")
                .append(timeoutMs).append(" ms): ");
        for (int i = 0; i < met.size(); i++) {
            if (i == LISTED_ATTEMPTS - 1 && met.size() > LISTED_ATTEMPTS) {
                text.append("... ").append(met.size() - LISTED_ATTEMPTS).append(" more; ");
                i = met.size() - 1;
            }
            text.append(met.get(i)).append(i + 1 < met.size() ? "; " : "");
        }
        text.append(unknown ? " (a replica may have applied it)" : mutates ? " (no replica received it)" : "");
        return unknown ? new OutcomeUnknownException(text.toString(), cause)
                : new BookStoreHTTPException(text.toString(), cause);
    }

    /**
     * Opens connections until {@code wanted} are pooled, to the replica the next calls will go
     * to: first a {@code GET /health} (a read, routed like any call) learns the leader from the
     * replica that answers; then the current replica, or the next that accepts them within the
     * call timeout, gets the connections and becomes the current one.
     *
     * @throws BookStoreException no replica answered, or none accepted the connections in time
     */
    void openConnections(int wanted) throws BookStoreException {
        send("GET /health", false, (transport, probeDeadline, patience) -> transport.getFromRoot("/health",
                probeDeadline, patience));
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
        throw failure != null ? failure
                : new BookStoreHTTPException("opening " + wanted + " connections to " + replicas.urls() + " timed out", null);
    }

    /** The path every replica URL has ({@code ""} or e.g. {@code /stock}). */
    String path() {
        return replicas.path();
    }

    /** The replicas' URLs. */
    String describe() {
        return replicas.urls().toString();
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
