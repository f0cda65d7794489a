package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireRequest;
import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * The read-only query format: a read operation with its argument, and its answer (the books read,
 * or the store's refusal). Same field layout as {@link CommandFormat}. Stateless; safe to share.
 *
 * <p>Query: version byte, operation and argument ({@link ArgumentFormat}). Answer: version byte,
 * then {@code 0} and a list of books (each a kind byte, {@code 0} for a customer's
 * {@link ImmutableBook}, {@code 1} for a {@link StockBook} with every field), or {@code 1} and the
 * refusal message.
 */
public final class QueryFormat {

    /** The most books an answer may hold (a listing of a very large store). */
    static final int MAX_BOOKS = 10_000_000;

    private static final int BOOKS = 0;
    private static final int REFUSED = 1;
    private static final int PLAIN = 0;
    private static final int STOCK = 1;

    private QueryFormat() {
    }

    /**
     * The answer of a query: the books read, or the refusal message; exactly one is non-null.
     *
     * @param books the books, in the store's order ({@link ImmutableBook}s or stock books)
     * @param refusal the store's message when it refused the read
     */
    public record Answer(List<Book> books, String refusal) {
        public Answer {
            if ((books == null) == (refusal == null)) {
                throw new IllegalArgumentException("exactly one of books and refusal must be given");
            }
        }
    }

    /** Encodes a read. */
    public static ByteString encodeQuery(Operation operation, WireRequest request) {
        if (operation.mutates()) {
            throw new IllegalArgumentException(operation + " changes the store: it is a log entry, not a query");
        }
        FieldWriter out = new FieldWriter(32);
        out.writeByte(CommandFormat.VERSION);
        ArgumentFormat.write(out, operation, request);
        return out.toByteString();
    }

    /** Decodes a read. */
    static ArgumentFormat.Call decodeQuery(ByteString query) throws MalformedDataException {
        FieldReader in = new FieldReader(query.asReadOnlyByteBuffer());
        int version = in.readByte("query.version");
        if (version != CommandFormat.VERSION) {
            throw new MalformedDataException("query format version " + version + " is unknown");
        }
        ArgumentFormat.Call call = ArgumentFormat.read(in, "query");
        if (call.operation().mutates()) {
            throw new MalformedDataException("query: " + call.operation() + " changes the store and is never a query");
        }
        in.expectEnd("query");
        return call;
    }

    public static ByteString encodeAnswer(Answer answer) {
        FieldWriter out = new FieldWriter(answer.books() == null ? 64 : 16 + 64 * answer.books().size());
        out.writeByte(CommandFormat.VERSION);
        if (answer.refusal() != null) {
            out.writeByte(REFUSED).writeMessage(answer.refusal());
            return out.toByteString();
        }
        out.writeByte(BOOKS).writeInt(answer.books().size());
        for (Book book : answer.books()) {
            if (book instanceof StockBook stock) {
                out.writeByte(STOCK).writeStockBook(stock);
            } else {
                out.writeByte(PLAIN).writeInt(book.getISBN()).writeString(book.getTitle())
                        .writeString(book.getAuthor()).writeFloat(book.getPrice());
            }
        }
        return out.toByteString();
    }

    public static Answer decodeAnswer(ByteString answer) throws MalformedDataException {
        FieldReader in = new FieldReader(answer.asReadOnlyByteBuffer());
        int version = in.readByte("answer.version");
        if (version != CommandFormat.VERSION) {
            throw new MalformedDataException("answer format version " + version + " is unknown");
        }
        int tag = in.readByte("answer.tag");
        Answer decoded;
        if (tag == REFUSED) {
            String message = in.readString("answer.refusal");
            if (message == null) {
                throw new MalformedDataException("answer.refusal is null");
            }
            decoded = new Answer(null, message);
        } else if (tag == BOOKS) {
            int count = in.readCount("answer.count", MAX_BOOKS);
            List<Book> books = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                String field = "book[" + i + "]";
                int kind = in.readByte(field + ".kind");
                if (kind == STOCK) {
                    books.add(in.readStockBook(field));
                } else if (kind == PLAIN) {
                    books.add(new ImmutableBook(in.readInt(field + ".isbn"), in.readString(field + ".title"),
                            in.readString(field + ".author"), in.readFloat(field + ".price")));
                } else {
                    throw new MalformedDataException(field + ".kind " + kind + " is unknown");
                }
            }
            decoded = new Answer(books, null);
        } else {
            throw new MalformedDataException("answer.tag " + tag + " is unknown");
        }
        in.expectEnd("answer");
        return decoded;
    }
}
