package com.acertainbookstore.replication;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.buy;
import static com.acertainbookstore.statemachine.Commands.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.statemachine.CommandFormat;
import com.acertainbookstore.statemachine.Outcome;
import com.acertainbookstore.statemachine.QueryFormat;
import java.io.IOException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.protocol.exceptions.NotLeaderException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * {@link OwnServer} against a group of three real replicas (gRPC on loopback, one JVM). Verdicts:
 * the leader's own server commits an entry in-process and every replica applies it; a follower's
 * own server answers "not leader" without appending, and {@link OwnServer#orElse} then sends the
 * entry through the client, applied once; a read round through a follower's own server is
 * linearizable (its state then holds the last acknowledged write); every reply is handed to the
 * answers executor, never run on Ratis' apply thread.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class OwnServerTest {

    private static LocalGroup group;
    private static ExecutorService pool;
    /** Counts the replies handed to the answers executor. */
    private static final AtomicInteger handed = new AtomicInteger();
    private static final Executor answers = task -> {
        handed.incrementAndGet();
        pool.execute(task);
    };

    @BeforeAll
    static void startGroup() throws Exception {
        pool = Executors.newSingleThreadExecutor();
        group = LocalGroup.start(3, ReplicaSettings.DEFAULT);
        group.awaitLeader(Duration.ofSeconds(20));
    }

    @AfterAll
    static void closeGroup() throws IOException {
        try {
            if (group != null) {
                group.close();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void write_onTheLeader_committedInProcess_appliedEverywhere() throws Exception {
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        OwnServer own = new OwnServer(group.division(leader), answers);
        UUID proxy = UUID.randomUUID();
        int before = handed.get();

        assertTrue(own.leads(), "the leader's own server leads");
        RaftClientReply reply = own.write(Message.valueOf(LocalGroup.bytes(addBooks(id(proxy, 0), book(5001, 9)))))
                .get(20, TimeUnit.SECONDS);

        assertTrue(reply.isSuccess(), reply::toString);
        assertEquals(List.of(Outcome.DONE), CommandFormat.decodeOutcomes(reply.getMessage().getContent()));
        assertEquals(1, own.writes());
        assertEquals(1, handed.get() - before, "the reply was handed to the answers executor");
        group.awaitConverged(Duration.ofSeconds(20));
        for (int r = 0; r < 3; r++) {
            assertEquals(9, copies(r, 5001), "replica r" + r);
        }
    }

    @Test
    void write_onAFollower_notLeader_thenThroughTheClient_appliedOnce() throws Exception {
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        int follower = (leader + 1) % 3;
        OwnServer own = new OwnServer(group.division(follower), answers);
        RaftClient client = group.newClient();
        UUID proxy = UUID.randomUUID();
        LocalGroup.send(client, addBooks(id(proxy, 0), book(5002, 10)));
        group.awaitConverged(Duration.ofSeconds(20));
        long lastIndex = group.division(follower).getRaftLog().getLastEntryTermIndex().getIndex();
        Message entry = Message.valueOf(LocalGroup.bytes(buy(id(proxy, 1), 5002, 4)));

        assertFalse(own.leads(), "a follower does not lead");
        RaftClientReply refused = own.write(entry).get(20, TimeUnit.SECONDS);
        assertFalse(refused.isSuccess(), refused::toString);
        assertInstanceOf(NotLeaderException.class, refused.getException());
        assertEquals(lastIndex, group.division(follower).getRaftLog().getLastEntryTermIndex().getIndex(),
                "nothing appended by the refused request");

        AtomicInteger fallbacks = new AtomicInteger();
        RaftClientReply reply = own.orElse(own.write(entry), () -> {
            fallbacks.incrementAndGet();
            return client.async().send(entry);
        }).get(20, TimeUnit.SECONDS);

        assertTrue(reply.isSuccess(), reply::toString);
        assertEquals(List.of(Outcome.DONE), CommandFormat.decodeOutcomes(reply.getMessage().getContent()));
        assertEquals(1, fallbacks.get());
        assertEquals(1, own.fallbacks());
        group.awaitConverged(Duration.ofSeconds(20));
        for (int r = 0; r < 3; r++) {
            assertEquals(6, copies(r, 5002), "replica r" + r + ": bought once");
        }
    }

    @Test
    void orElse_aSuccessfulReply_neverStartsTheFallback() throws Exception {
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        OwnServer own = new OwnServer(group.division(leader), answers);
        UUID proxy = UUID.randomUUID();
        Message entry = Message.valueOf(LocalGroup.bytes(addBooks(id(proxy, 0), book(5004, 1))));

        RaftClientReply reply = own.orElse(own.write(entry), () -> {
            throw new AssertionError("the fallback ran after a committed entry");
        }).get(20, TimeUnit.SECONDS);

        assertTrue(reply.isSuccess(), reply::toString);
        assertEquals(0, own.fallbacks());
    }

    @Test
    void readRound_onAFollower_seesTheLastAcknowledgedWrite() throws Exception {
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        int follower = (leader + 2) % 3;
        OwnServer own = new OwnServer(group.division(follower), answers);
        RaftClient client = group.newClient();
        UUID proxy = UUID.randomUUID();
        LocalGroup.send(client, addBooks(id(proxy, 0), book(5003, 10)));
        Message query = Message.valueOf(QueryFormat.encodeQuery(Operation.GETBOOKS, WireRequest.of(new HashSet<>())));

        for (int i = 1; i <= 5; i++) {
            LocalGroup.send(client, buy(id(proxy, i), 5003, 1));
            CompletableFuture<RaftClientReply> round = own.read(query);
            RaftClientReply reply = round.get(20, TimeUnit.SECONDS);
            assertTrue(reply.isSuccess(), reply::toString);
            assertEquals(10 - i, copies(follower, 5003), "follower r" + follower + "'s own state after buy " + i);
        }
        assertEquals(5, own.reads());
    }

    private static int copies(int replica, int isbn) {
        return group.machine(replica).books().stream().filter(b -> b.getISBN() == isbn).findFirst()
                .map(StockBook::getNumCopies).orElse(-1);
    }
}
