package com.acertainbookstore.statemachine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireRequest;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.junit.jupiter.api.Test;

/**
 * The binary formats: every mutating operation round-trips exactly (null arguments and elements,
 * non-ASCII strings, prices bit for bit); every truncation and a few corruptions of a valid entry
 * are refused with {@link MalformedDataException}, never another exception; reads are refused in
 * an entry and writes in a query.
 */
class CommandFormatTest {

    private static final UUID CLIENT = new UUID(0x1234_5678_9abc_def0L, -42L);

    private static List<Command> everyOperation() {
        ImmutableStockBook odd = new ImmutableStockBook(9, "Ünïcödé 書名 \uD83D\uDCDA", "Ä", -0.0f, 0, 7,
                3, 11, true);
        ImmutableStockBook nanPriced = new ImmutableStockBook(10, null, " ", Float.NaN, 1, 0, 0, 0, false);
        List<Command> commands = new ArrayList<>();
        commands.add(Commands.addBooks(Commands.id(CLIENT, 0), Commands.book(1, 5), odd, nanPriced));
        commands.add(Commands.buy(Commands.id(CLIENT, 1), 1, 2));
        commands.add(Commands.rate(Commands.id(CLIENT, 2), 1, 4));
        commands.add(Commands.addCopies(Commands.id(CLIENT, 3), 1, 9));
        commands.add(Commands.pick(Commands.id(CLIENT, 4), 1, true));
        commands.add(Commands.remove(Commands.id(CLIENT, 5), 1, 9));
        commands.add(Commands.removeAll(Commands.id(CLIENT, Long.MAX_VALUE)));
        commands.add(new Command(Commands.id(CLIENT, 6), Operation.BUYBOOKS, WireRequest.of(null)));
        commands.add(new Command(Commands.id(CLIENT, 7), Operation.BUYBOOKS,
                WireRequest.of(Commands.set(new BookCopy(3, 1), null))));
        commands.add(new Command(Commands.id(CLIENT, 8), Operation.REMOVEBOOKS, WireRequest.of(new HashSet<>())));
        return commands;
    }

    @Test
    void emptyEntry_decodesToNoCommandsAndIsTheOnlyEntryOfNone() throws Exception {
        assertEquals(List.of(), CommandFormat.decodeEntry(CommandFormat.EMPTY_ENTRY));
        assertThrows(IllegalArgumentException.class, () -> CommandFormat.entryOf(List.of()),
                "a batch is never empty: only a nudge is");
        byte[] trailing = Arrays.copyOf(CommandFormat.EMPTY_ENTRY.toByteArray(), 6);
        assertThrows(MalformedDataException.class,
                () -> CommandFormat.decodeEntry(ByteString.copyFrom(trailing)),
                "an entry of no commands has nothing after its count");
    }

    @Test
    void encodeEntry_everyMutatingOperation_decodesToTheSameCommands() throws MalformedDataException {
        List<Command> commands = everyOperation();

        List<Command> decoded = CommandFormat.decodeEntry(CommandFormat.encodeEntry(commands));

        assertEquals(commands.size(), decoded.size());
        for (int i = 0; i < commands.size(); i++) {
            assertSameCommand(commands.get(i), decoded.get(i));
        }
    }

    @Test
    void entryOf_commandsEncodedOneByOne_sameBytesAsEncodeEntry() {
        List<Command> commands = everyOperation();
        List<byte[]> encoded = new ArrayList<>();
        for (Command command : commands) {
            encoded.add(CommandFormat.encodeCommand(command));
        }

        assertEquals(CommandFormat.encodeEntry(commands), CommandFormat.entryOf(encoded));
        assertThrows(IllegalArgumentException.class, () -> CommandFormat.entryOf(List.of()));
    }

    @Test
    void encodeCommand_unpairedSurrogate_refusedAlone() {
        ImmutableStockBook bad = new ImmutableStockBook(1, "a \uDC00 b", "A", 1f, 1, 0, 0, 0, false);
        assertThrows(IllegalArgumentException.class,
                () -> CommandFormat.encodeCommand(Commands.addBooks(Commands.id(CLIENT, 1), bad)));
    }

    @Test
    void decodeEntry_everyTruncationAndCorruption_refusedAsMalformed() {
        byte[] valid = CommandFormat.encodeEntry(everyOperation()).toByteArray();
        for (int length = 0; length < valid.length; length++) {
            ByteString cut = ByteString.copyFrom(valid, 0, length);
            assertThrows(MalformedDataException.class, () -> CommandFormat.decodeEntry(cut), "cut at " + length);
        }
        byte[] longer = new byte[valid.length + 1];
        System.arraycopy(valid, 0, longer, 0, valid.length);
        assertMalformed(longer, "left over");
        byte[] version = valid.clone();
        version[0] = 9;
        assertMalformed(version, "version 9");
        byte[] huge = valid.clone();
        huge[1] = 0x7f;
        assertMalformed(huge, "entry.count");
        byte[] operation = valid.clone();
        operation[1 + 4 + 24] = 99;
        assertMalformed(operation, "operation code 99");
    }

    @Test
    void decodeEntry_readOperation_refusedAsMalformed() {
        FieldWriter out = new FieldWriter(64);
        out.writeByte(CommandFormat.VERSION).writeInt(1).writeUuid(CLIENT).writeLong(0);
        ArgumentFormat.write(out, Operation.LISTBOOKS, WireRequest.none());
        MalformedDataException refused = assertThrows(MalformedDataException.class,
                () -> CommandFormat.decodeEntry(out.toByteString()));
        assertTrue(refused.getMessage().contains("LISTBOOKS does not change the store"), refused.getMessage());
    }

    @Test
    void command_readOperationOrWrongArgument_refusedWhenBuilt() {
        assertThrows(IllegalArgumentException.class,
                () -> new Command(Commands.id(CLIENT, 0), Operation.GETBOOKS, WireRequest.of(new HashSet<>())));
        assertThrows(IllegalArgumentException.class,
                () -> new Command(Commands.id(CLIENT, 0), Operation.BUYBOOKS, WireRequest.of(3)));
        assertThrows(IllegalArgumentException.class, () -> CommandFormat.encodeEntry(List.of()));
    }

    @Test
    void encodeEntry_unpairedSurrogate_refusedRatherThanChanged() {
        ImmutableStockBook broken = new ImmutableStockBook(2, "bad \uD800 title", "A", 1f, 1, 0, 0, 0, false);
        assertThrows(IllegalArgumentException.class,
                () -> CommandFormat.encodeEntry(List.of(Commands.addBooks(Commands.id(CLIENT, 0), broken))));
    }

    @Test
    void encodeOutcomes_eachKind_roundTrips() throws MalformedDataException {
        List<Outcome> outcomes = List.of(Outcome.DONE, new Outcome.Refused("ISBN 7: 6 copies requested, 2 available"),
                new Outcome.Superseded(41));

        assertEquals(outcomes, CommandFormat.decodeOutcomes(CommandFormat.encodeOutcomes(outcomes)));
    }

    @Test
    void queryAndAnswer_roundTrip_andWritesAreNoQueries() throws MalformedDataException {
        ArgumentFormat.Call call = QueryFormat.decodeQuery(
                QueryFormat.encodeQuery(Operation.GETBOOKS, WireRequest.of(Commands.set(3, 4))));
        assertEquals(Operation.GETBOOKS, call.operation());
        assertEquals(Commands.set(3, 4), call.request().argument());
        assertEquals(7, QueryFormat.decodeQuery(QueryFormat.encodeQuery(Operation.GETTOPRATEDBOOKS,
                WireRequest.of(7))).request().argument());
        assertThrows(IllegalArgumentException.class,
                () -> QueryFormat.encodeQuery(Operation.REMOVEALLBOOKS, WireRequest.none()));

        List<Book> books = List.of(new ImmutableBook(1, "T", "A", 2.5f),
                new ImmutableStockBook(2, "T2", "A2", 3f, 0, 4, 2, 9, true));
        QueryFormat.Answer answer = QueryFormat.decodeAnswer(
                QueryFormat.encodeAnswer(new QueryFormat.Answer(books, null)));
        assertNull(answer.refusal());
        assertEquals(ImmutableBook.class, answer.books().get(0).getClass());
        assertEquals(Commands.BookFields.of((StockBook) books.get(1)),
                Commands.BookFields.of((StockBook) answer.books().get(1)));
        QueryFormat.Answer refused = QueryFormat.decodeAnswer(
                QueryFormat.encodeAnswer(new QueryFormat.Answer(null, "ISBN 5 is not in the store")));
        assertEquals("ISBN 5 is not in the store", refused.refusal());
    }

    private static void assertMalformed(byte[] bytes, String fragment) {
        MalformedDataException refused = assertThrows(MalformedDataException.class,
                () -> CommandFormat.decodeEntry(ByteString.copyFrom(bytes)));
        assertTrue(refused.getMessage().contains(fragment), () -> "'" + refused.getMessage() + "' should say '"
                + fragment + "'");
    }

    /** Same id, operation and argument, set elements compared field by field. */
    private static void assertSameCommand(Command expected, Command actual) {
        assertEquals(expected.id(), actual.id());
        assertEquals(expected.operation(), actual.operation());
        assertEquals(expected.request().hasArgument(), actual.request().hasArgument(), "has argument");
        Object want = expected.request().argument();
        Object got = actual.request().argument();
        if (!(want instanceof HashSet<?> wantSet)) {
            assertEquals(want, got);
            return;
        }
        HashSet<?> gotSet = (HashSet<?>) got;
        assertEquals(wantSet.size(), gotSet.size(), expected.operation() + " set size");
        assertEquals(wantSet.contains(null), gotSet.contains(null), "null element");
        for (Object item : wantSet) {
            if (item instanceof StockBook book) {
                Object match = gotSet.stream().filter(o -> o != null && ((StockBook) o).getISBN() == book.getISBN())
                        .findFirst().orElseThrow();
                assertEquals(Commands.BookFields.of(book), Commands.BookFields.of((StockBook) match));
            } else if (item instanceof BookCopy copy) {
                Object match = gotSet.stream().filter(copy::equals).findFirst().orElseThrow();
                assertEquals(copy.getNumCopies(), ((BookCopy) match).getNumCopies());
            } else {
                assertTrue(gotSet.contains(item), "element " + item);
            }
        }
    }
}
