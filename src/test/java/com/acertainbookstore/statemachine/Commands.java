package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.proto.RaftProtos.RaftPeerRole;
import org.apache.ratis.proto.RaftProtos.StateMachineLogEntryProto;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * Builders of commands, entries and field-by-field views of books for the state machine tests and
 * the replication tests (public for those). Stateless; safe to share.
 */
public final class Commands {

    private Commands() {
    }

    /** Every field of a stock book, compared with {@code equals} (a float compares bit for bit). */
    public record BookFields(int isbn, String title, String author, float price, int copies, long saleMisses,
            long timesRated, long totalRating, boolean editorPick) {

        public static BookFields of(StockBook b) {
            return new BookFields(b.getISBN(), b.getTitle(), b.getAuthor(), b.getPrice(), b.getNumCopies(),
                    b.getNumSaleMisses(), b.getNumTimesRated(), b.getTotalRating(), b.isEditorPick());
        }
    }

    public static List<BookFields> fieldsOf(List<? extends StockBook> books) {
        List<BookFields> fields = new ArrayList<>(books.size());
        for (StockBook book : books) {
            fields.add(BookFields.of(book));
        }
        return fields;
    }

    public static ImmutableStockBook book(int isbn, int copies) {
        return new ImmutableStockBook(isbn, "Title " + isbn, "Author " + isbn, 10.0f + isbn, copies, 0, 0, 0, false);
    }

    public static RequestId id(UUID client, long sequence) {
        return new RequestId(client, sequence);
    }

    public static Command addBooks(RequestId id, ImmutableStockBook... books) {
        return new Command(id, Operation.ADDBOOKS, WireRequest.of(set((Object[]) books)));
    }

    public static Command buy(RequestId id, int isbn, int copies) {
        return new Command(id, Operation.BUYBOOKS, WireRequest.of(set(new BookCopy(isbn, copies))));
    }

    public static Command addCopies(RequestId id, int isbn, int copies) {
        return new Command(id, Operation.ADDCOPIES, WireRequest.of(set(new BookCopy(isbn, copies))));
    }

    public static Command rate(RequestId id, int isbn, int rating) {
        return new Command(id, Operation.RATEBOOKS, WireRequest.of(set(new BookRating(isbn, rating))));
    }

    public static Command pick(RequestId id, int isbn, boolean pick) {
        return new Command(id, Operation.UPDATEEDITORPICKS, WireRequest.of(set(new BookEditorPick(isbn, pick))));
    }

    public static Command remove(RequestId id, Integer... isbns) {
        return new Command(id, Operation.REMOVEBOOKS, WireRequest.of(set((Object[]) isbns)));
    }

    public static Command removeAll(RequestId id) {
        return new Command(id, Operation.REMOVEALLBOOKS, WireRequest.none());
    }

    public static HashSet<Object> set(Object... items) {
        HashSet<Object> set = new HashSet<>();
        for (Object item : items) {
            set.add(item);
        }
        return set;
    }

    /** A committed log entry at (term, index) carrying {@code data}, as a follower applies it. */
    public static TransactionContext entry(BookStoreStateMachine machine, long term, long index, ByteString data) {
        LogEntryProto entry = LogEntryProto.newBuilder().setTerm(term).setIndex(index)
                .setStateMachineLogEntry(StateMachineLogEntryProto.newBuilder().setLogData(data)).build();
        return TransactionContext.newBuilder().setStateMachine(machine).setServerRole(RaftPeerRole.FOLLOWER)
                .setLogEntry(entry).build();
    }
}
