package com.acertainbookstore.statemachine;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.addCopies;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.buy;
import static com.acertainbookstore.statemachine.Commands.fieldsOf;
import static com.acertainbookstore.statemachine.Commands.id;
import static com.acertainbookstore.statemachine.Commands.pick;
import static com.acertainbookstore.statemachine.Commands.rate;
import static com.acertainbookstore.statemachine.Commands.remove;
import static com.acertainbookstore.statemachine.Commands.removeAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.store.CertainBookStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The state machine applied directly, entry by entry, as a follower's apply thread would (no
 * server): each operation changes the store as the store itself would; refusals are results, never
 * exceptions; a malformed entry is refused command by command; a repeated request id is applied
 * once; two machines (one per locking mode) fed the same entries end field for field equal.
 */
class BookStoreStateMachineTest {

    private static final UUID ALICE = new UUID(1, 1);
    private static final UUID BOB = new UUID(2, 2);

    private long index;

    /** Applies one entry holding {@code commands} and returns its outcomes. */
    private List<Outcome> apply(BookStoreStateMachine machine, Command... commands) throws Exception {
        return applyBytes(machine, CommandFormat.encodeEntry(List.of(commands)));
    }

    private List<Outcome> applyBytes(BookStoreStateMachine machine, ByteString data) throws Exception {
        index++;
        CompletableFuture<Message> reply = machine.applyTransaction(Commands.entry(machine, 1, index, data));
        assertTrue(reply.isDone(), "apply answers at once");
        assertEquals(TermIndex.valueOf(1, index), machine.getLastAppliedTermIndex(), "last applied");
        return CommandFormat.decodeOutcomes(reply.get().getContent());
    }

    @ParameterizedTest
    @EnumSource(Locking.class)
    void apply_eachMutatingOperation_changesTheStoreAsTheStoreItselfWould(Locking locking) throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(locking);
        CertainBookStore reference = new CertainBookStore(locking);
        long seq = 0;

        assertEquals(List.of(Outcome.DONE), apply(machine, addBooks(id(ALICE, seq++), book(1, 5), book(2, 3))));
        reference.addBooks(Set.of(book(1, 5), book(2, 3)));
        assertEquals(fieldsOf(reference.getBooks()), fieldsOf(machine.books()), "after addBooks");

        assertEquals(List.of(Outcome.DONE), apply(machine, buy(id(ALICE, seq++), 1, 2)));
        reference.buyBooks(Set.of(new BookCopy(1, 2)));
        assertEquals(List.of(Outcome.DONE), apply(machine, rate(id(ALICE, seq++), 2, 4)));
        reference.rateBooks(Set.of(new BookRating(2, 4)));
        assertEquals(List.of(Outcome.DONE), apply(machine, addCopies(id(ALICE, seq++), 2, 10)));
        reference.addCopies(Set.of(new BookCopy(2, 10)));
        assertEquals(List.of(Outcome.DONE), apply(machine, pick(id(ALICE, seq++), 1, true)));
        reference.updateEditorPicks(Set.of(new BookEditorPick(1, true)));
        assertEquals(fieldsOf(reference.getBooks()), fieldsOf(machine.books()), "after buy, rate, restock, pick");

        assertEquals(List.of(Outcome.DONE), apply(machine, remove(id(ALICE, seq++), 2)));
        reference.removeBooks(Set.of(2));
        assertEquals(fieldsOf(reference.getBooks()), fieldsOf(machine.books()), "after removeBooks");

        assertEquals(List.of(Outcome.DONE), apply(machine, removeAll(id(ALICE, seq))));
        assertEquals(List.of(), machine.books(), "after removeAllBooks");
    }

    @Test
    void apply_theEmptyEntry_changesNothingAndAnswersNoOutcome() throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        apply(machine, addBooks(id(ALICE, 0), book(1, 2)));
        var before = fieldsOf(machine.books());

        assertEquals(List.of(), applyBytes(machine, CommandFormat.EMPTY_ENTRY));

        assertEquals(before, fieldsOf(machine.books()), "the store is unchanged");
        assertEquals(List.of(Outcome.DONE), apply(machine, addBooks(id(ALICE, 0), book(2, 1))),
                "the request-id table is unchanged: a repeated id still gets its stored outcome");
        assertEquals(before, fieldsOf(machine.books()), "and is not applied again");
    }

    @Test
    void apply_buyingMoreThanInStock_returnsTheRefusalAndRecordsSaleMisses() throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        apply(machine, addBooks(id(ALICE, 0), book(1, 2), book(2, 1)));

        List<Outcome> outcomes = apply(machine, new Command(id(ALICE, 1), Operation.BUYBOOKS,
                WireRequest.of(Commands.set(new BookCopy(1, 6), new BookCopy(2, 1)))));

        assertEquals(List.of(new Outcome.Refused("ISBN 1: 6 copies requested, 2 available")), outcomes);
        StockBook one = machine.books().get(0);
        assertEquals(2, one.getNumCopies(), "nothing bought");
        assertEquals(4, one.getNumSaleMisses(), "the shortfall is recorded");
        assertEquals(1, machine.books().get(1).getNumCopies(), "nothing bought of the other book either");
    }

    @Test
    void apply_batchWithARefusalInside_answersEachCommandInOrder() throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        apply(machine, addBooks(id(ALICE, 0), book(1, 2)));

        List<Outcome> outcomes = apply(machine, buy(id(ALICE, 1), 1, 1), buy(id(BOB, 0), 1, 5),
                addCopies(id(BOB, 1), 7, 1), buy(new RequestId(new UUID(3, 3), 0), 1, 1));

        assertEquals(List.of(Outcome.DONE, new Outcome.Refused("ISBN 1: 5 copies requested, 1 available"),
                new Outcome.Refused("ISBN 7 is not in the store"), Outcome.DONE), outcomes);
        assertEquals(0, machine.books().get(0).getNumCopies());
        assertEquals(4, machine.books().get(0).getNumSaleMisses());
    }

    @Test
    void apply_malformedEntry_refusesEachDeclaredCommandChangesNothingAndAdvances() throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        apply(machine, addBooks(id(ALICE, 0), book(1, 2)));
        List<Commands.BookFields> before = fieldsOf(machine.books());
        byte[] valid = CommandFormat.encodeEntry(List.of(buy(id(ALICE, 1), 1, 1), buy(id(ALICE, 2), 1, 1),
                buy(id(ALICE, 3), 1, 1))).toByteArray();

        List<Outcome> cut = applyBytes(machine, ByteString.copyFrom(valid, 0, valid.length - 3));
        List<Outcome> garbage = applyBytes(machine, ByteString.copyFromUtf8("<BUYBOOKS/>"));
        List<Outcome> empty = applyBytes(machine, ByteString.EMPTY);

        assertEquals(3, cut.size(), "one refusal per declared command");
        for (Outcome outcome : cut) {
            assertTrue(((Outcome.Refused) outcome).message().startsWith("log entry is malformed: "), outcome::toString);
        }
        assertEquals(1, garbage.size());
        assertTrue(((Outcome.Refused) garbage.get(0)).message().contains("version"), garbage::toString);
        assertEquals(1, empty.size());
        assertEquals(before, fieldsOf(machine.books()), "nothing applied");
        assertEquals(1, machine.clientEntries().size(), "no request id recorded");
    }

    @Test
    void apply_sameRequestIdAgain_answersTheStoredOutcomeWithoutApplyingTwice() throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        apply(machine, addBooks(id(ALICE, 0), book(1, 10)));

        assertEquals(List.of(Outcome.DONE), apply(machine, buy(id(BOB, 5), 1, 3)));
        assertEquals(List.of(Outcome.DONE), apply(machine, buy(id(BOB, 5), 1, 3)), "a re-send, in its own entry");
        assertEquals(List.of(Outcome.DONE, Outcome.DONE), apply(machine, buy(id(BOB, 5), 1, 3), buy(id(BOB, 5), 1, 3)),
                "re-sends batched together");
        assertEquals(7, machine.books().get(0).getNumCopies(), "bought once");

        Outcome refused = apply(machine, buy(id(BOB, 6), 1, 8)).get(0);
        assertEquals(List.of(refused), apply(machine, buy(id(BOB, 6), 1, 8)), "a refusal is replayed too");
        assertEquals(8 - 7, machine.books().get(0).getNumSaleMisses(), "misses recorded once");

        assertEquals(List.of(new Outcome.Superseded(6)), apply(machine, buy(id(BOB, 5), 1, 3)),
                "older than the client's last call");
        assertEquals(List.of(Outcome.DONE), apply(machine, buy(id(BOB, 9), 1, 2)), "a later call applies");
        assertEquals(5, machine.books().get(0).getNumCopies());
    }

    @Test
    void query_readsTheLocalState_refusalsAreAnswers_malformedQueryFails() throws Exception {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        apply(machine, addBooks(id(ALICE, 0), book(1, 2), book(2, 3)));

        QueryFormat.Answer listing = query(machine, Operation.LISTBOOKS, WireRequest.none());
        QueryFormat.Answer missing = query(machine, Operation.GETBOOKS, WireRequest.of(Commands.set(9)));

        assertEquals(fieldsOf(machine.books()), fieldsOf(stockBooks(listing.books())));
        assertEquals("ISBN 9 is not in the store", missing.refusal());
        ExecutionException malformed = assertThrows(ExecutionException.class,
                () -> machine.query(Message.valueOf("LISTBOOKS")).get());
        assertTrue(malformed.getCause() instanceof IllegalArgumentException, malformed::toString);
    }

    /**
     * A seeded random schedule of 300 entries (1 to 8 commands each, from 5 clients, with re-sent
     * and superseded ids, refusals and unknown ISBNs) fed to one machine per locking mode: the
     * outcomes, the books (every field), the exactly-once tables and the last applied position
     * are equal.
     */
    @Test
    void apply_sameEntriesOnTwoMachines_endFieldForFieldEqual() throws Exception {
        BookStoreStateMachine single = new BookStoreStateMachine(Locking.SINGLE);
        BookStoreStateMachine twoLevel = new BookStoreStateMachine(Locking.TWO_LEVEL);
        Random random = new Random(19);
        UUID[] clients = {new UUID(9, 0), new UUID(9, 1), new UUID(9, 2), new UUID(9, 3), new UUID(9, 4)};
        long[] next = new long[clients.length];
        List<ByteString> entries = new ArrayList<>();
        entries.add(CommandFormat.encodeEntry(List.of(addBooks(id(clients[0], next[0]++), book(1, 20), book(2, 20),
                book(3, 20)))));
        for (int e = 0; e < 300; e++) {
            List<Command> batch = new ArrayList<>();
            for (int c = random.nextInt(8); c >= 0; c--) {
                int who = random.nextInt(clients.length);
                long seq = random.nextInt(10) == 0 && next[who] > 1 ? next[who] - 1 - random.nextInt(2) : next[who]++;
                RequestId rid = id(clients[who], seq);
                int isbn = 1 + random.nextInt(4);
                batch.add(switch (random.nextInt(6)) {
                    case 0, 1 -> buy(rid, isbn, 1 + random.nextInt(6));
                    case 2 -> addCopies(rid, isbn, 1 + random.nextInt(3));
                    case 3 -> rate(rid, isbn, random.nextInt(6));
                    case 4 -> pick(rid, isbn, random.nextBoolean());
                    default -> random.nextInt(10) == 0 ? remove(rid, isbn) : addBooks(rid, book(isbn, 5));
                });
            }
            entries.add(CommandFormat.encodeEntry(batch));
        }

        long start = index;
        List<List<Outcome>> singleOutcomes = new ArrayList<>();
        for (ByteString entry : entries) {
            singleOutcomes.add(applyBytes(single, entry));
        }
        index = start;
        List<List<Outcome>> twoLevelOutcomes = new ArrayList<>();
        for (ByteString entry : entries) {
            twoLevelOutcomes.add(applyBytes(twoLevel, entry));
        }

        assertEquals(singleOutcomes, twoLevelOutcomes, "outcomes");
        assertEquals(fieldsOf(single.books()), fieldsOf(twoLevel.books()), "books");
        assertEquals(single.clientEntries(), twoLevel.clientEntries(), "exactly-once tables");
        assertEquals(single.getLastAppliedTermIndex(), twoLevel.getLastAppliedTermIndex());
        assertTrue(singleOutcomes.stream().flatMap(List::stream).anyMatch(o -> o instanceof Outcome.Refused),
                "the schedule includes refusals");
        assertTrue(singleOutcomes.stream().flatMap(List::stream).anyMatch(o -> o instanceof Outcome.Superseded),
                "the schedule includes superseded re-sends");
    }

    private static QueryFormat.Answer query(BookStoreStateMachine machine, Operation operation, WireRequest request)
            throws Exception {
        Message reply = machine.query(Message.valueOf(QueryFormat.encodeQuery(operation, request))).get();
        return QueryFormat.decodeAnswer(reply.getContent());
    }

    private static List<StockBook> stockBooks(List<Book> books) {
        List<StockBook> stock = new ArrayList<>();
        for (Book book : books) {
            stock.add((StockBook) book);
        }
        return stock;
    }

}
