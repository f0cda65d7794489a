package com.acertainbookstore.replication;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftPeerId;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A replica's way into its group: a {@link RaftClient} that is replaced by a fresh one, aimed at
 * the new leader, each time this replica learns of a new leader, with every request still in
 * flight sent again through the new one. Safe for any number of threads.
 *
 * <p><b>Why.</b> Ratis 3.3.0's client, told "not leader" by a peer, closes its channel to that
 * peer on the gRPC thread that delivered the answer, and the close waits for the channel's calls
 * to end, which includes the very call that thread is delivering: it waits out its fixed 3 s
 * ({@code GrpcUtil.shutdownManagedChannel}; thread dumps of the replicas during a leader kill show
 * it). Meanwhile the client's ordered requests wait behind it, so after a leader was killed every
 * write stalled for seconds after a new leader had been elected. The measurement that decided
 * it: docs/decisions/group-client.md.
 *
 * <p><b>Why sending again is safe.</b> A write entry holds only commands with request ids, and
 * the state machine applies each id once (a repeat gets the stored outcome), so whichever copy
 * commits second changes nothing and answers the same; an empty entry changes nothing; a read
 * round only reads. The request's future takes the first answer of any copy, and fails only when
 * every copy failed. Order between entries is not needed: an HTTP caller's next call starts only
 * after its answer, and calls in flight together may take effect in any order.
 *
 * <p><b>Concurrency.</b> The current client is a volatile field, replaced under this object's
 * lock; requests in flight are a concurrent set, each with a count of copies still unanswered.
 * A replaced client is closed on a thread of this object's own (its close may wait seconds),
 * and {@link #close} waits for those closes to end.
 */
final class GroupClient implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GroupClient.class);
    /** How long {@link #close} waits for replaced clients to finish closing. */
    private static final long CLOSE_WAIT_SECONDS = 15;

    /** One request: what it sends, its future, and how many of its copies are unanswered. */
    private final class InFlight {
        private final Function<RaftClient, CompletableFuture<RaftClientReply>> request;
        private final CompletableFuture<RaftClientReply> reply = new CompletableFuture<>();
        private final AtomicInteger unanswered = new AtomicInteger();

        InFlight(Function<RaftClient, CompletableFuture<RaftClientReply>> request) {
            this.request = request;
        }

        void sendThrough(RaftClient client) {
            if (reply.isDone()) {
                return;
            }
            unanswered.incrementAndGet();
            CompletableFuture<RaftClientReply> copy;
            try {
                copy = request.apply(client);
            } catch (RuntimeException e) {
                copy = CompletableFuture.failedFuture(e);
            }
            copy.whenComplete((answer, failure) -> {
                if (failure == null) {
                    reply.complete(answer);
                } else if (unanswered.decrementAndGet() == 0) {
                    reply.completeExceptionally(failure);
                }
            });
        }
    }

    private final Function<RaftPeerId, RaftClient> factory;
    private final Set<InFlight> inFlight = ConcurrentHashMap.newKeySet();
    private final ExecutorService closer;
    private final LongAdder replaced = new LongAdder();
    private final LongAdder resent = new LongAdder();
    private volatile RaftClient current;
    private boolean closed;

    /**
     * @param factory makes a client of the group aimed first at the given leader (none: null);
     *     every client it makes is closed by this object
     */
    GroupClient(String name, Function<RaftPeerId, RaftClient> factory) {
        this.factory = factory;
        this.current = factory.apply(null);
        this.closer = new ThreadPoolExecutor(0, 1, 1, TimeUnit.SECONDS, new LinkedBlockingQueue<>(),
                DaemonThreads.named(name + "-closer"));
    }

    /** Submits one log entry; the future takes the first reply of any of its copies. */
    CompletableFuture<RaftClientReply> send(Message entry) {
        return track(client -> client.async().send(entry));
    }

    /** A read-only request answered by {@code server} (a read index when reads are linearizable). */
    CompletableFuture<RaftClientReply> readOnly(Message query, RaftPeerId server) {
        return track(client -> client.async().sendReadOnlyUnordered(query, server));
    }

    private CompletableFuture<RaftClientReply> track(Function<RaftClient, CompletableFuture<RaftClientReply>> request) {
        InFlight call = new InFlight(request);
        inFlight.add(call);
        call.reply.whenComplete((answer, failure) -> inFlight.remove(call));
        call.sendThrough(current);
        return call.reply;
    }

    /**
     * This replica learned that {@code leader} leads: a fresh client aimed at it takes over, every
     * request in flight is sent again through it, and the old client is closed in the background.
     * Does nothing for an unknown leader (null) or once closed.
     */
    void leaderChanged(RaftPeerId leader) {
        if (leader == null) {
            return;
        }
        RaftClient old;
        RaftClient fresh;
        synchronized (this) {
            if (closed) {
                return;
            }
            old = current;
            fresh = factory.apply(leader);
            current = fresh;
        }
        replaced.increment();
        for (InFlight call : inFlight) {
            resent.increment();
            call.sendThrough(fresh);
        }
        closer.execute(() -> closeQuietly(old));
    }

    /**
     * Gives up on every request in flight (their futures fail with {@code reason}) and replaces
     * the client by a fresh one aimed at no leader, closing the old one in the background, which
     * ends its retries: used when this replica has lost contact with a majority, where retrying
     * would only wait out the retry policy. A request may still have been taken by the group, so
     * a write given up so has an unknown outcome. Does nothing once closed.
     *
     * @return how many requests were given up
     */
    int abandon(Throwable reason) {
        RaftClient old;
        synchronized (this) {
            if (closed) {
                return 0;
            }
            old = current;
            current = factory.apply(null);
        }
        replaced.increment();
        int given = 0;
        for (InFlight call : inFlight) {
            if (call.reply.completeExceptionally(reason)) {
                given++;
            }
        }
        closer.execute(() -> closeQuietly(old));
        return given;
    }

    /** How many times the client was replaced. */
    long replacements() {
        return replaced.sum();
    }

    /** How many requests were sent again through a replacement. */
    long resent() {
        return resent.sum();
    }

    private static void closeQuietly(RaftClient client) {
        try {
            client.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("closing a replaced Ratis client failed: {}", e.toString());
        }
    }

    /**
     * Closes the current client (its requests in flight fail) and waits up to
     * {@value #CLOSE_WAIT_SECONDS} s for replaced clients to finish closing.
     */
    @Override
    public void close() throws IOException {
        RaftClient last;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            last = current;
        }
        try {
            last.close();
        } finally {
            closer.shutdown();
            try {
                if (!closer.awaitTermination(CLOSE_WAIT_SECONDS, TimeUnit.SECONDS)) {
                    LOG.warn("replaced Ratis clients still closing after {} s", CLOSE_WAIT_SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
