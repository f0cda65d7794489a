package com.acertainbookstore.replication;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.addCopies;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.buy;
import static com.acertainbookstore.statemachine.Commands.fieldsOf;
import static com.acertainbookstore.statemachine.Commands.id;
import static com.acertainbookstore.statemachine.Commands.rate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.statemachine.Command;
import com.acertainbookstore.statemachine.CommandFormat;
import com.acertainbookstore.statemachine.Commands;
import com.acertainbookstore.statemachine.Outcome;
import com.acertainbookstore.statemachine.QueryFormat;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A group of three real replicas (gRPC on loopback, one JVM), no faults. Schedule: start the
 * group, wait for a leader, then each test writes through {@code RaftClient}s. Verdicts: every
 * replica ends with the same books field by field, equal to what the acknowledged outcomes imply;
 * a request id sent twice through two different clients is applied once; a linearizable read on a
 * follower sees the last acknowledged write; a malformed entry is refused by the leader and never
 * reaches the log.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ReplicaGroupTest {

    private static LocalGroup group;

    @BeforeAll
    static void startGroup() throws Exception {
        group = LocalGroup.start(3, ReplicaSettings.DEFAULT);
        group.awaitLeader(Duration.ofSeconds(20));
    }

    @AfterAll
    static void closeGroup() throws IOException {
        if (group != null) {
            group.close();
        }
    }

    @Test
    void asyncWrites_manyInFlight_everyReplicaEndsWithTheSameBooks() throws Exception {
        RaftClient client = group.newClient();
        UUID writer = UUID.randomUUID();
        assertEquals(List.of(Outcome.DONE), LocalGroup.send(client, addBooks(id(writer, 0), book(1001, 50),
                book(1002, 50))));
        List<CompletableFuture<RaftClientReply>> replies = new ArrayList<>();
        List<Command> sent = new ArrayList<>();
        for (int i = 1; i <= 200; i++) {
            int isbn = 1001 + i % 2;
            Command command = switch (i % 3) {
                case 0 -> buy(id(writer, i), isbn, 1);
                case 1 -> addCopies(id(writer, i), isbn, 2);
                default -> rate(id(writer, i), isbn, i % 6);
            };
            sent.add(command);
            replies.add(client.async().send(Message.valueOf(LocalGroup.bytes(command))));
        }
        int[] copies = {50, 50};
        long[] ratings = {0, 0};
        for (int i = 0; i < replies.size(); i++) {
            RaftClientReply reply = replies.get(i).get(30, TimeUnit.SECONDS);
            assertTrue(reply.isSuccess(), () -> "write " + sent + " not committed: " + reply);
            assertEquals(List.of(Outcome.DONE), CommandFormat.decodeOutcomes(reply.getMessage().getContent()));
            Command command = sent.get(i);
            switch (command.operation()) {
                case BUYBOOKS -> copies[isbnIndex(command)] -= 1;
                case ADDCOPIES -> copies[isbnIndex(command)] += 2;
                default -> ratings[isbnIndex(command)] += 1;
            }
        }

        group.awaitConverged(Duration.ofSeconds(20));
        for (int r = 0; r < 3; r++) {
            List<Commands.BookFields> books = fieldsOf(group.machine(r).books()).stream()
                    .filter(b -> b.isbn() > 1000 && b.isbn() < 1003).toList();
            assertEquals(2, books.size(), "replica r" + r);
            for (int b = 0; b < 2; b++) {
                assertEquals(copies[b], books.get(b).copies(), "replica r" + r + " ISBN " + books.get(b).isbn()
                        + " copies");
                assertEquals(ratings[b], books.get(b).timesRated(), "replica r" + r + " ISBN " + books.get(b).isbn()
                        + " times rated");
            }
            assertEquals(fieldsOf(group.machine(0).books()), fieldsOf(group.machine(r).books()),
                    "replica r" + r + " against r0, field by field");
        }
    }

    /** 0 or 1: which of ISBNs 1001 and 1002 a one-element command names. */
    private static int isbnIndex(Command command) {
        Object element = ((HashSet<?>) command.request().argument()).iterator().next();
        int isbn = element instanceof BookCopy copy ? copy.getISBN() : ((BookRating) element).getISBN();
        return isbn - 1001;
    }

    @Test
    void sameRequestId_throughTwoClients_appliedOnce() throws Exception {
        RaftClient first = group.newClient();
        RaftClient second = group.newClient();
        UUID proxy = UUID.randomUUID();
        LocalGroup.send(first, addBooks(id(proxy, 0), book(2001, 10)));

        List<Outcome> once = LocalGroup.send(first, buy(id(proxy, 1), 2001, 3));
        List<Outcome> again = LocalGroup.send(second, buy(id(proxy, 1), 2001, 3));

        assertEquals(List.of(Outcome.DONE), once);
        assertEquals(List.of(Outcome.DONE), again, "the stored outcome");
        group.awaitConverged(Duration.ofSeconds(20));
        for (int r = 0; r < 3; r++) {
            int copies = group.machine(r).books().stream().filter(b -> b.getISBN() == 2001).findFirst()
                    .orElseThrow().getNumCopies();
            assertEquals(7, copies, "replica r" + r + ": bought once, not twice");
        }
    }

    @Test
    void linearizableReadOnAFollower_seesTheLastAcknowledgedWrite() throws Exception {
        RaftClient client = group.newClient();
        UUID proxy = UUID.randomUUID();
        LocalGroup.send(client, addBooks(id(proxy, 0), book(3001, 10)));
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        int follower = (leader + 1) % 3;

        for (int i = 1; i <= 5; i++) {
            LocalGroup.send(client, buy(id(proxy, i), 3001, 1));
            RaftClientReply reply = client.io().sendReadOnly(Message.valueOf(QueryFormat.encodeQuery(
                    Operation.GETSTOCKBOOKSBYISBN, WireRequest.of(Commands.set(3001)))), group.group().peerId(follower));
            QueryFormat.Answer answer = QueryFormat.decodeAnswer(reply.getMessage().getContent());
            assertEquals(10 - i, ((StockBook) answer.books().get(0)).getNumCopies(),
                    "read on follower r" + follower + " after buy " + i);
        }
    }

    @Test
    void malformedEntry_refusedByTheLeader_neverLogged() throws Exception {
        RaftClient client = group.newClient();
        group.awaitConverged(Duration.ofSeconds(20));
        int leader = group.awaitLeader(Duration.ofSeconds(10));
        long before = group.division(leader).getRaftLog().getLastEntryTermIndex().getIndex();

        IOException refused = assertThrows(IOException.class,
                () -> client.io().send(Message.valueOf(ByteString.copyFromUtf8("<BUYBOOKS/>"))));

        assertTrue(String.valueOf(refused).contains("not a bookstore log entry"), refused::toString);
        assertEquals(before, group.division(leader).getRaftLog().getLastEntryTermIndex().getIndex(),
                "nothing appended to the log");
    }
}
