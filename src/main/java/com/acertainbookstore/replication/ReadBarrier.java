package com.acertainbookstore.replication;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongConsumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.apache.ratis.protocol.RaftClientReply;

/**
 * Lets many linearizable reads share one read index: a read waits here until a read-only request
 * sent <em>after it arrived</em> has come back through Ratis' read index, then reads this replica's
 * state directly. Safe for any number of threads to {@link #await} at once.
 *
 * <p><b>Why that is linearizable.</b> A read that arrives at time {@code t0} is answered only after
 * a barrier request sent at {@code t1 >= t0} has been answered by this replica's Ratis server.
 * With {@code raft.server.read.option=LINEARIZABLE}, the server answers it only once it has applied
 * everything up to the leader's commit index taken at some {@code t2 >= t1} (after the leader has
 * confirmed, with a heartbeat round, that it still leads). Every write acknowledged before
 * {@code t0} was committed before {@code t2}, so it has been applied here when the read then looks
 * at the state: the read sees it. This is the same guarantee as one read-index request per read,
 * at the cost of one per batch.
 *
 * <p><b>Why a round is nudged.</b> Ratis' leader (3.3.0) takes its commit index as the read index
 * and answers once a majority has acknowledged an append request sent <em>after</em> the read
 * arrived, in a reply whose follower commit index has reached the read index. It triggers a
 * heartbeat at once, but a heartbeat sent while an append to that follower is unanswered carries
 * no commit index the follower may use (Ratis leaves out its previous entry), so the reply reports
 * the follower's older commit index and does not count; the next request then goes out only with
 * the next write or the next periodic heartbeat, half an election timeout later (150 ms here).
 * So when a round is still unanswered after {@link ServiceSettings#readNudge}, this barrier
 * calls {@code nudge} ({@link WriteBatcher#nudge}: an empty entry, unless an entry has been
 * submitted since the round was sent or writes are queued), whose append round answers it.
 * The nudge only hastens the round: what makes the read linearizable is still Ratis' read index.
 * Why rounds are shared and nudged, and the measurements that decided both:
 * docs/decisions/shared-read-round.md.
 *
 * <p><b>Concurrency.</b> As {@link WriteBatcher}: callers only queue a future; one thread
 * ({@code replica-reads}) takes the first waiting read, waits for one of {@code maxInFlight}
 * barrier slots, drains every read queued by then into the batch, and sends one barrier; the round
 * is settled once (by its first successful copy, its last failed one, or {@link #abandon}), which
 * releases the slot and completes the batch's futures, normally or with the
 * failure. A read queued after the drain waits for the next barrier.
 */
final class ReadBarrier implements AutoCloseable {

    private final Supplier<CompletableFuture<RaftClientReply>> barrier;
    private final LinkedBlockingQueue<CompletableFuture<Void>> queue = new LinkedBlockingQueue<>();
    private final Semaphore slots;
    private final Thread thread;
    private final ScheduledExecutorService timers;
    private final long nudgeAfterNanos;
    private final LongSupplier entriesSent;
    private final LongConsumer nudge;
    private final LongAdder rounds = new LongAdder();
    private final LongAdder resent = new LongAdder();
    private final Set<Round> inFlight = ConcurrentHashMap.newKeySet();
    private volatile boolean closed;

    /**
     * @param barrier sends one read-only request through the read index to this replica's server
     * @param timers runs the nudges (owned by the caller)
     * @param nudgeAfterNanos how long a round may go unanswered before {@code nudge} runs; 0: never
     * @param entriesSent how many entries this replica has submitted so far
     * @param nudge given {@code entriesSent} as it was when the round was sent, makes the leader
     *     send one more append round unless an entry submitted since will
     */
    ReadBarrier(String name, Supplier<CompletableFuture<RaftClientReply>> barrier, int maxInFlight,
            ScheduledExecutorService timers, long nudgeAfterNanos, LongSupplier entriesSent, LongConsumer nudge) {
        this.barrier = barrier;
        this.timers = timers;
        this.nudgeAfterNanos = nudgeAfterNanos;
        this.entriesSent = entriesSent;
        this.nudge = nudge;
        this.slots = new Semaphore(maxInFlight);
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /** A future completed once this replica's state may be read linearizably, or with why not. */
    CompletableFuture<Void> await() {
        CompletableFuture<Void> ready = new CompletableFuture<>();
        if (closed) {
            ready.completeExceptionally(new IllegalStateException("the replica is closing"));
            return ready;
        }
        queue.add(ready);
        return ready;
    }

    private void run() {
        List<CompletableFuture<Void>> batch = new ArrayList<>();
        try {
            while (!closed) {
                batch.add(queue.take());
                slots.acquire();
                queue.drainTo(batch);
                send(batch);
                batch = new ArrayList<>();
            }
        } catch (InterruptedException e) {
            fail(batch, new IllegalStateException("the replica is closing"));
        }
    }

    private void send(List<CompletableFuture<Void>> batch) {
        long sentBefore = entriesSent.getAsLong();
        rounds.increment();
        Round round = new Round(batch);
        inFlight.add(round);
        CompletableFuture<RaftClientReply> reply = round.sendCopy();
        ScheduledFuture<?> nudging = nudgeLater(reply, sentBefore);
        if (nudging != null) {
            round.nudging = nudging;
            if (round.settled.get()) {
                nudging.cancel(false);
            }
        }
    }

    /**
     * One round in flight: its reads, and how many copies of its barrier request are unanswered
     * (a new leader gets a copy of its own, {@link #leaderChanged}). Settled once: by the first
     * copy that succeeds, by the last copy failing, or by {@link #abandon}; that one gives the
     * slot back and completes the reads.
     */
    private final class Round {
        private final List<CompletableFuture<Void>> batch;
        private final AtomicBoolean settled = new AtomicBoolean();
        private final AtomicInteger unanswered = new AtomicInteger();
        private volatile ScheduledFuture<?> nudging;

        Round(List<CompletableFuture<Void>> batch) {
            this.batch = batch;
        }

        /** Sends one more copy of the barrier request; every copy is sent after the reads arrived. */
        CompletableFuture<RaftClientReply> sendCopy() {
            unanswered.incrementAndGet();
            CompletableFuture<RaftClientReply> reply;
            try {
                reply = barrier.get();
            } catch (RuntimeException e) {
                reply = CompletableFuture.failedFuture(e);
            }
            reply.whenComplete((answer, failure) -> {
                if (failure == null && answer.isSuccess()) {
                    if (settle()) {
                        for (CompletableFuture<Void> ready : batch) {
                            ready.complete(null);
                        }
                    }
                } else if (unanswered.decrementAndGet() == 0 && settle()) {
                    fail(batch, failure != null ? failure : answer.getException());
                }
            });
            return reply;
        }

        boolean settle() {
            if (!settled.compareAndSet(false, true)) {
                return false;
            }
            inFlight.remove(this);
            ScheduledFuture<?> timer = nudging;
            if (timer != null) {
                timer.cancel(false);
            }
            slots.release();
            return true;
        }
    }

    /**
     * This replica learned of a new leader: every round still in flight sends its barrier once
     * more (through this replica's server, which now asks the new leader), and takes whichever
     * copy answers first; a round whose request went to a leader that is gone no longer waits for
     * that request to time out. A copy sent now is sent after every read of its round arrived, so
     * it gives the same guarantee as the first one (the class comment). Any thread may call it.
     */
    void leaderChanged() {
        for (Round round : inFlight) {
            if (!round.settled.get()) {
                resent.increment();
                round.sendCopy();
            }
        }
    }

    /**
     * Gives up on every read waiting here, queued or in a round in flight, with {@code reason}
     * (as when this replica has lost contact with a majority), and frees the rounds' slots at once;
     * a barrier answered after is ignored. Any thread may call it.
     *
     * @return how many rounds in flight were given up
     */
    int abandon(Throwable reason) {
        List<CompletableFuture<Void>> queued = new ArrayList<>();
        queue.drainTo(queued);
        fail(queued, reason);
        int given = 0;
        for (Round round : inFlight) {
            if (round.settle()) {
                given++;
                fail(round.batch, reason);
            }
        }
        return given;
    }

    /** Rounds whose barrier was sent again to a new leader. */
    long resent() {
        return resent.sum();
    }

    private ScheduledFuture<?> nudgeLater(CompletableFuture<RaftClientReply> reply, long sentBefore) {
        if (nudgeAfterNanos <= 0 || reply.isDone()) {
            return null;
        }
        try {
            return timers.schedule(() -> {
                if (!reply.isDone()) {
                    nudge.accept(sentBefore);
                }
            }, nudgeAfterNanos, TimeUnit.NANOSECONDS);
        } catch (RejectedExecutionException closing) {
            return null;
        }
    }

    private static void fail(List<CompletableFuture<Void>> batch, Throwable failure) {
        Throwable reason = failure != null ? failure : new IllegalStateException("the read index failed");
        for (CompletableFuture<Void> ready : batch) {
            ready.completeExceptionally(reason);
        }
    }

    /** Read-index rounds sent so far. */
    long rounds() {
        return rounds.sum();
    }

    /** Stops the thread and fails the reads still queued. */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<CompletableFuture<Void>> left = new ArrayList<>();
        queue.drainTo(left);
        fail(left, new IllegalStateException("the replica is closing"));
    }
}
