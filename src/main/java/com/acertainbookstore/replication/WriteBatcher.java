package com.acertainbookstore.replication;

import com.acertainbookstore.statemachine.CommandFormat;
import com.acertainbookstore.statemachine.MalformedDataException;
import com.acertainbookstore.statemachine.Outcome;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Groups the writes arriving at a replica into log entries and submits them asynchronously, many
 * in flight; splits each entry's reply back into one {@link Outcome} per write. Safe for any number
 * of threads to {@link #submit} at once. Why writes are batched and the entries in flight bounded,
 * and the measurement that decided it: docs/decisions/batching.md.
 *
 * <p><b>Concurrency.</b> Callers only add to a {@link LinkedBlockingQueue} and get a future back:
 * they never wait. One thread of this batcher's own ({@code replica-batcher}) takes the first
 * queued write, then waits for one of {@code maxInFlight} slots (an entry submitted and not yet
 * answered holds one): while the pipeline is full, writes pile up in the queue. With a slot, it
 * takes everything queued, up to {@code batchMax}; if that is not a full batch and earlier entries
 * are still in flight, it waits up to {@code batchWait} for more (an idle replica sends the first
 * write at once, so a lone caller pays no wait). It encodes the batch as one entry
 * ({@link CommandFormat#entryOf}: each write was encoded alone, by its caller, so none can fail the
 * batch) and submits it without waiting for the answer.
 * The reply completes every future of the batch, on whichever thread Ratis completes it; the
 * batch's list is not touched by this thread after submission. The entries in flight are a
 * concurrent set, each settled once (by its reply or by {@link #abandon}); counters are
 * {@link LongAdder}s, read at any time.
 */
final class WriteBatcher implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(WriteBatcher.class);

    /** A write waiting for its entry: its encoded command and its caller's future. */
    private record Pending(byte[] command, CompletableFuture<Outcome> outcome) {
    }

    /**
     * An entry submitted and not yet settled: settled once, by its reply or by {@link #abandon},
     * whichever comes first; that one gives its slot back and completes its writes.
     */
    private static final class Sent {
        private final List<Pending> batch;
        private final AtomicBoolean settled = new AtomicBoolean();

        Sent(List<Pending> batch) {
            this.batch = batch;
        }

        boolean settle() {
            return settled.compareAndSet(false, true);
        }
    }

    private final Function<Message, CompletableFuture<RaftClientReply>> submitter;
    private final int batchMax;
    private final long batchWaitNanos;
    /** One permit per entry that may be in flight; a reply gives its permit back. */
    private final Semaphore slots;
    private final LinkedBlockingQueue<Pending> queue = new LinkedBlockingQueue<>();
    private final Thread thread;
    private final Set<Sent> sent = ConcurrentHashMap.newKeySet();
    private final LongAdder batches = new LongAdder();
    private final LongAdder writes = new LongAdder();
    private final LongAdder nudges = new LongAdder();
    /** Whether an empty entry of {@link #nudge} is in flight (at most one is). */
    private final AtomicBoolean nudging = new AtomicBoolean();
    /** Written by the batcher thread only. */
    private volatile int largest;
    private volatile boolean closed;

    /**
     * @param submitter sends one entry to the group and answers its reply (a {@code RaftClient}'s
     *     asynchronous send); its future may fail
     */
    WriteBatcher(String name, Function<Message, CompletableFuture<RaftClientReply>> submitter, int batchMax,
            long batchWaitNanos, int maxInFlight) {
        this.submitter = submitter;
        this.batchMax = batchMax;
        this.batchWaitNanos = batchWaitNanos;
        this.slots = new Semaphore(maxInFlight);
        this.thread = new Thread(this::run, name);
        thread.setDaemon(true);
        thread.start();
    }

    /**
     * Queues one encoded command ({@link CommandFormat#encodeCommand}); the future completes with
     * its outcome, or exceptionally with the reason the group did not commit its entry.
     */
    CompletableFuture<Outcome> submit(byte[] command) {
        CompletableFuture<Outcome> outcome = new CompletableFuture<>();
        if (closed) {
            outcome.completeExceptionally(new IllegalStateException("the replica is closing"));
            return outcome;
        }
        queue.add(new Pending(command, outcome));
        return outcome;
    }

    /**
     * How many entries this batcher has submitted so far, batches and nudges: a barrier notes it
     * when it sends, so that {@link #nudge} can tell whether an entry has gone out since.
     */
    long entriesSent() {
        return batches.sum() + nudges.sum();
    }

    /**
     * Makes the leader send one more append round soon, unless an entry submitted after
     * {@code sentBefore} ({@link #entriesSent} at the time) or a write still queued here will:
     * then submits the empty entry ({@link CommandFormat#EMPTY_ENTRY}), outside the batches and
     * their slots, and ignores its answer; at most one is in flight. Any thread may call it.
     */
    void nudge(long sentBefore) {
        if (closed || entriesSent() > sentBefore || !queue.isEmpty() || !nudging.compareAndSet(false, true)) {
            return;
        }
        nudges.increment();
        try {
            submitter.apply(Message.valueOf(CommandFormat.EMPTY_ENTRY)).whenComplete((reply, failure) -> nudging.set(false));
        } catch (RuntimeException e) {
            nudging.set(false);
        }
    }

    long nudges() {
        return nudges.sum();
    }

    long batches() {
        return batches.sum();
    }

    long writes() {
        return writes.sum();
    }

    int largest() {
        return largest;
    }

    private void run() {
        List<Pending> batch = new ArrayList<>();
        try {
            while (!closed) {
                batch.add(queue.take());
                slots.acquire();
                queue.drainTo(batch, batchMax - 1);
                if (batch.size() < batchMax && batchWaitNanos > 0 && !sent.isEmpty()) {
                    gather(batch);
                }
                send(batch);
                batch = new ArrayList<>();
            }
        } catch (InterruptedException e) {
            // close() stops this thread and fails what is left in the queue; this batch is ours.
            fail(batch, new IllegalStateException("the replica is closing"));
        }
    }

    private void gather(List<Pending> batch) throws InterruptedException {
        long deadline = System.nanoTime() + batchWaitNanos;
        while (batch.size() < batchMax) {
            long left = deadline - System.nanoTime();
            Pending next = left > 0 ? queue.poll(left, TimeUnit.NANOSECONDS) : null;
            if (next == null) {
                return;
            }
            batch.add(next);
            queue.drainTo(batch, batchMax - batch.size());
        }
    }

    private void send(List<Pending> batch) {
        List<byte[]> commands = new ArrayList<>(batch.size());
        for (Pending pending : batch) {
            commands.add(pending.command());
        }
        batches.increment();
        writes.add(batch.size());
        if (batch.size() > largest) {
            largest = batch.size();
        }
        Sent entry = new Sent(batch);
        sent.add(entry);
        CompletableFuture<RaftClientReply> reply;
        try {
            reply = submitter.apply(Message.valueOf(CommandFormat.entryOf(commands)));
        } catch (RuntimeException e) {
            if (settle(entry)) {
                fail(batch, e);
            }
            return;
        }
        reply.whenComplete((answer, failure) -> {
            if (settle(entry)) {
                split(batch, answer, failure);
            }
        });
    }

    /** Settles {@code entry} if nothing has: gives its slot back; true when this call settled it. */
    private boolean settle(Sent entry) {
        if (!entry.settle()) {
            return false;
        }
        sent.remove(entry);
        slots.release();
        return true;
    }

    /**
     * Gives up on everything this batcher holds, as when its replica has lost contact with a
     * majority: the writes still queued and those of every entry in flight fail with
     * {@code reason}, and the entries' slots are free again at once (an abandoned entry may still
     * commit later: its writes' outcome is unknown, as a deadline would leave it). A reply that
     * arrives after is ignored. Any thread may call it.
     *
     * @return how many entries in flight were given up
     */
    int abandon(Throwable reason) {
        List<Pending> queued = new ArrayList<>();
        queue.drainTo(queued);
        fail(queued, reason);
        int given = 0;
        for (Sent entry : sent) {
            if (settle(entry)) {
                given++;
                fail(entry.batch, reason);
            }
        }
        nudging.set(false);
        return given;
    }

    private static void split(List<Pending> batch, RaftClientReply reply, Throwable failure) {
        if (failure != null) {
            fail(batch, failure);
            return;
        }
        if (!reply.isSuccess()) {
            fail(batch, reply.getException() != null ? reply.getException()
                    : new IllegalStateException("the group did not commit the entry"));
            return;
        }
        List<Outcome> outcomes;
        try {
            outcomes = CommandFormat.decodeOutcomes(reply.getMessage().getContent());
        } catch (MalformedDataException e) {
            LOG.error("unreadable reply to an entry of {} writes: {}", batch.size(), e.getMessage());
            fail(batch, e);
            return;
        }
        if (outcomes.size() != batch.size()) {
            fail(batch, new IllegalStateException("the reply holds " + outcomes.size() + " outcomes for "
                    + batch.size() + " writes"));
            return;
        }
        for (int i = 0; i < batch.size(); i++) {
            batch.get(i).outcome().complete(outcomes.get(i));
        }
    }

    private static void fail(List<Pending> batch, Throwable failure) {
        for (Pending pending : batch) {
            pending.outcome().completeExceptionally(failure);
        }
    }

    /** Stops the batcher thread and fails the writes still queued (those in flight are the client's). */
    @Override
    public void close() {
        closed = true;
        thread.interrupt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        List<Pending> left = new ArrayList<>();
        queue.drainTo(left);
        fail(left, new IllegalStateException("the replica is closing"));
    }
}
