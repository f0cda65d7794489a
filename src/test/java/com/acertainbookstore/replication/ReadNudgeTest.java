package com.acertainbookstore.replication;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.statemachine.CommandFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The read nudge's two halves without a group: a {@link ReadBarrier} round left unanswered calls
 * its nudge once its delay has passed (with the count of entries sent before the round), never
 * when the delay is 0 or the round was answered; a {@link WriteBatcher} nudges with the empty
 * entry only when no entry went out since and none is waiting, and keeps at most one in flight.
 */
class ReadNudgeTest {

    private final ScheduledThreadPoolExecutor timers = new ScheduledThreadPoolExecutor(1);

    @AfterEach
    void stopTimers() throws InterruptedException {
        timers.shutdownNow();
        assertTrue(timers.awaitTermination(5, TimeUnit.SECONDS));
    }

    @Test
    void barrier_roundUnansweredPastTheDelay_isNudgedWithTheEntriesSentBeforeIt() throws Exception {
        CompletableFuture<RaftClientReply> round = new CompletableFuture<>();
        CompletableFuture<Long> nudged = new CompletableFuture<>();
        try (ReadBarrier barrier = new ReadBarrier("test-reads", () -> round, 1, timers,
                TimeUnit.MILLISECONDS.toNanos(20), () -> 7L, nudged::complete)) {
            CompletableFuture<Void> read = barrier.await();

            assertEquals(7L, nudged.get(5, TimeUnit.SECONDS), "nudged, with the count noted when the round went out");
            assertFalse(read.isDone(), "the nudge only hastens the round: the read still waits for it");
        }
    }

    @Test
    void barrier_roundAnsweredOrNudgeOff_isNeverNudged() throws Exception {
        AtomicLong nudges = new AtomicLong();
        CompletableFuture<RaftClientReply> never = new CompletableFuture<>();
        try (ReadBarrier off = new ReadBarrier("test-reads-off", () -> never, 1, timers, 0, () -> 0L,
                sent -> nudges.incrementAndGet())) {
            off.await();
            Thread.sleep(100);
        }
        assertEquals(0, nudges.get(), "a delay of 0 never nudges");

        CompletableFuture<RaftClientReply> failedAtOnce = CompletableFuture.failedFuture(new IllegalStateException("no leader"));
        try (ReadBarrier answered = new ReadBarrier("test-reads-answered", () -> failedAtOnce, 1, timers,
                TimeUnit.MILLISECONDS.toNanos(5), () -> 0L, sent -> nudges.incrementAndGet())) {
            CompletableFuture<Void> read = answered.await();
            assertTrue(read.handle((ok, failure) -> failure != null).get(5, TimeUnit.SECONDS), "the read fails with its round");
            Thread.sleep(100);
        }
        assertEquals(0, nudges.get(), "an answered round is not nudged");
    }

    @Test
    void batcher_nudge_sendsTheEmptyEntryOnlyWhenNothingWentOutSince_oneAtATime() throws Exception {
        List<Message> sent = new CopyOnWriteArrayList<>();
        List<CompletableFuture<RaftClientReply>> replies = new CopyOnWriteArrayList<>();
        try (WriteBatcher batcher = new WriteBatcher("test-batcher", message -> {
            sent.add(message);
            CompletableFuture<RaftClientReply> reply = new CompletableFuture<>();
            replies.add(reply);
            return reply;
        }, 16, 0, 2)) {
            long before = batcher.entriesSent();
            batcher.nudge(before);
            assertEquals(1, sent.size(), "nothing went out since: nudged");
            assertEquals(CommandFormat.EMPTY_ENTRY, sent.get(0).getContent());
            assertEquals(1, batcher.nudges());

            batcher.nudge(batcher.entriesSent());
            assertEquals(1, sent.size(), "one nudge in flight at most");

            replies.get(0).completeExceptionally(new IllegalStateException("its answer is ignored"));
            batcher.nudge(before);
            assertEquals(1, sent.size(), "an entry (the nudge itself) went out since the round: no nudge");
            batcher.nudge(batcher.entriesSent());
            assertEquals(2, sent.size(), "the first nudge answered and nothing sent since: nudged again");
        }
    }
}
