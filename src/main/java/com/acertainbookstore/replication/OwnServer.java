package com.acertainbookstore.replication;

import java.io.IOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;
import org.apache.ratis.protocol.ClientId;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientAsynchronousProtocol;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.RaftClientRequest;
import org.apache.ratis.server.RaftServer;

/**
 * This replica's own Ratis server, handed requests in-process: the entries it submits while it
 * leads, and every read-index round. The same requests would otherwise go through this replica's
 * {@code RaftClient} over gRPC to this same process and back (what Ozone's manager does too: it
 * submits to its own server). A request this path cannot finish goes through the client
 * ({@link #orElse}). Safe for any number of threads.
 *
 * <p><b>Why it is worth its lines.</b> Through the client, much of the leader's gRPC and netty
 * work was this replica talking to itself (each entry and read round crossed a loopback
 * connection twice, encoded, decoded and handed between five threads), and every read round's
 * answer started a new thread (Ratis' client completes it with {@code whenCompleteAsync} and no
 * executor, which on two cores means a thread per task). The profile and the measurement that
 * decided it: docs/decisions/own-server.md.
 *
 * <p><b>Why falling back is safe.</b> A write entry holds only commands with request ids, applied
 * once each (a repeat gets the stored outcome), so an entry this path gave up on may be sent
 * again through the client whether or not the group committed it; an empty entry changes
 * nothing; a read round only reads. Ratis answers "not leader" (and "leader not ready") before
 * appending anything, so the usual fallback does not even repeat an entry.
 *
 * <p><b>Threads.</b> The server completes a write's reply on its state machine's apply thread,
 * and a read's on the thread that advanced the read index; neither may be held up by answering
 * HTTP calls, so every reply is handed to {@code answers} before anything else runs on it.
 */
final class OwnServer {

    private final RaftServer.Division division;
    private final Executor answers;
    private final RaftClientAsynchronousProtocol server;
    private final ClientId clientId = ClientId.randomId();
    private final AtomicLong callIds = new AtomicLong();
    private final LongAdder writes = new LongAdder();
    private final LongAdder reads = new LongAdder();
    private final LongAdder fallbacks = new LongAdder();

    /**
     * @param division this replica's Ratis division (started)
     * @param answers runs whatever waits for a reply (the HTTP answers)
     */
    OwnServer(RaftServer.Division division, Executor answers) {
        this.division = division;
        this.answers = answers;
        // Ratis 3.3.0's division takes client requests itself; its server would hand each one to a
        // thread of its own and wait for it (two more hand-offs per entry and read round).
        this.server = division instanceof RaftClientAsynchronousProtocol own ? own : division.getRaftServer();
    }

    /** Whether this replica leads and may take entries (Ratis' leader-ready: its term's first entry applied). */
    boolean leads() {
        return division.getInfo().isLeader() && division.getInfo().isLeaderReady();
    }

    /** Submits one log entry to this replica's server (which must lead, or it answers "not leader"). */
    CompletableFuture<RaftClientReply> write(Message entry) {
        writes.increment();
        return submit(entry, RaftClientRequest.writeRequestType());
    }

    /** One read-only request through this replica's server: a read index when reads are linearizable. */
    CompletableFuture<RaftClientReply> read(Message query) {
        reads.increment();
        return submit(query, RaftClientRequest.readRequestType());
    }

    private CompletableFuture<RaftClientReply> submit(Message message, RaftClientRequest.Type type) {
        RaftClientRequest request = RaftClientRequest.newBuilder()
                .setClientId(clientId)
                .setServerId(division.getId())
                .setGroupId(division.getMemberId().getGroupId())
                .setCallId(callIds.incrementAndGet())
                .setMessage(message)
                .setType(type)
                .build();
        CompletableFuture<RaftClientReply> reply;
        try {
            reply = server.submitClientRequestAsync(request);
        } catch (IOException | RuntimeException e) {
            reply = CompletableFuture.failedFuture(e);
        }
        return reply.whenCompleteAsync((answer, failure) -> { }, answers);
    }

    /**
     * {@code first}'s reply if it succeeded, else (a failure, or a reply carrying Ratis' exception)
     * the reply of {@code fallback}, started only then.
     */
    CompletableFuture<RaftClientReply> orElse(CompletableFuture<RaftClientReply> first,
            Supplier<CompletableFuture<RaftClientReply>> fallback) {
        return first.handle((reply, failure) -> {
            if (failure == null && reply.isSuccess()) {
                return first;
            }
            fallbacks.increment();
            return fallback.get();
        }).thenCompose(reply -> reply);
    }

    /** Entries submitted in-process. */
    long writes() {
        return writes.sum();
    }

    /** Read rounds sent in-process. */
    long reads() {
        return reads.sum();
    }

    /** Requests that went through the client after all. */
    long fallbacks() {
        return fallbacks.sum();
    }
}
