package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.wire.WireCodec;
import java.util.HashSet;

/**
 * An operation and its argument in the binary replication formats (shared by log entries and
 * queries). Stateless; safe to share.
 *
 * <p>An operation is a one-byte code fixed here, not its enum ordinal, so that reordering
 * {@link Operation} never changes how an existing log reads. An argument is a kind byte (none,
 * {@code null}, an int, a set) then its value; a set is its size then, per element, a presence
 * byte ({@code null} elements are carried: the store refuses them with its own message) and the
 * element's fields. Elements are written in the set's iteration order, and a decoded set is a
 * {@code HashSet} filled in that order, so every replica rebuilds the same set with the same
 * iteration order (every element's hash code is its ISBN: nothing depends on identity hashes).
 */
final class ArgumentFormat {

    /** The most elements a set may hold: the HTTP protocol's bound on a whole request. */
    static final int MAX_ELEMENTS = WireCodec.MAX_REQUEST_ELEMENTS;

    private static final int NONE = 0;
    private static final int NULL = 1;
    private static final int INT = 2;
    private static final int SET = 3;

    /** What a set argument holds. */
    private enum Element { COPY, RATING, STOCK_BOOK, PICK, ISBN, NOT_A_SET }

    private ArgumentFormat() {
    }

    static Operation operation(int code) throws MalformedDataException {
        Operation operation = Operation.ofCode(code);
        if (operation == null) {
            throw new MalformedDataException("operation code " + code + " is unknown");
        }
        return operation;
    }

    /** What the set an operation takes holds ({@link Element#NOT_A_SET} for none), from its row of the table. */
    private static Element element(Operation operation) {
        Class<?> type = operation.setElement();
        if (type == BookCopy.class) {
            return Element.COPY;
        } else if (type == BookRating.class) {
            return Element.RATING;
        } else if (type == ImmutableStockBook.class) {
            return Element.STOCK_BOOK;
        } else if (type == BookEditorPick.class) {
            return Element.PICK;
        } else if (type == Integer.class) {
            return Element.ISBN;
        }
        return Element.NOT_A_SET;
    }

    /** Writes the operation and its argument, which must have the operation's shape. */
    static void write(FieldWriter out, Operation operation, WireRequest request) {
        Command.checkShape(operation, request);
        out.writeByte(operation.code());
        if (!request.hasArgument()) {
            out.writeByte(NONE);
            return;
        }
        Object argument = request.argument();
        if (argument == null) {
            out.writeByte(NULL);
        } else if (argument instanceof Integer number) {
            out.writeByte(INT).writeInt(number);
        } else {
            HashSet<?> set = (HashSet<?>) argument;
            out.writeByte(SET).writeInt(set.size());
            Element element = element(operation);
            for (Object item : set) {
                out.writeBoolean(item != null);
                if (item != null) {
                    writeElement(out, element, item);
                }
            }
        }
    }

    /** An operation and its argument, as {@link #write} wrote them. */
    record Call(Operation operation, WireRequest request) {
    }

    /** Reads an operation and its argument, checked against the operation's shape. */
    static Call read(FieldReader in, String field) throws MalformedDataException {
        Operation operation = operation(in.readByte(field + ".operation"));
        int kind = in.readByte(field + ".argument");
        WireRequest request = switch (kind) {
            case NONE -> WireRequest.none();
            case NULL -> WireRequest.of(null);
            case INT -> WireRequest.of(in.readInt(field + ".number"));
            case SET -> WireRequest.of(readSet(in, field, element(operation)));
            default -> throw new MalformedDataException(field + ": argument kind " + kind + " is unknown");
        };
        try {
            operation.checkArgument(request);
        } catch (WireFormatException e) {
            throw new MalformedDataException(field + ": " + e.getMessage(), e);
        }
        return new Call(operation, request);
    }

    private static HashSet<Object> readSet(FieldReader in, String field, Element element)
            throws MalformedDataException {
        if (element == Element.NOT_A_SET) {
            throw new MalformedDataException(field + ": the operation takes no set");
        }
        int size = in.readCount(field + ".size", MAX_ELEMENTS);
        HashSet<Object> set = new HashSet<>();
        for (int i = 0; i < size; i++) {
            String at = field + "[" + i + "]";
            set.add(in.readBoolean(at + ".present") ? readElement(in, at, element) : null);
        }
        return set;
    }

    private static void writeElement(FieldWriter out, Element element, Object item) {
        switch (element) {
            case COPY -> {
                BookCopy copy = (BookCopy) item;
                out.writeInt(copy.getISBN()).writeInt(copy.getNumCopies());
            }
            case RATING -> {
                BookRating rating = (BookRating) item;
                out.writeInt(rating.getISBN()).writeInt(rating.getRating());
            }
            case STOCK_BOOK -> out.writeStockBook((ImmutableStockBook) item);
            case PICK -> {
                BookEditorPick pick = (BookEditorPick) item;
                out.writeInt(pick.getISBN()).writeBoolean(pick.isEditorPick());
            }
            case ISBN -> out.writeInt((Integer) item);
            case NOT_A_SET -> throw new IllegalStateException("a set for an operation that takes none");
        }
    }

    private static Object readElement(FieldReader in, String at, Element element) throws MalformedDataException {
        return switch (element) {
            case COPY -> new BookCopy(in.readInt(at + ".isbn"), in.readInt(at + ".copies"));
            case RATING -> new BookRating(in.readInt(at + ".isbn"), in.readInt(at + ".rating"));
            case STOCK_BOOK -> in.readStockBook(at);
            case PICK -> new BookEditorPick(in.readInt(at + ".isbn"), in.readBoolean(at + ".editorPick"));
            case ISBN -> in.readInt(at);
            case NOT_A_SET -> throw new MalformedDataException(at + ": the operation takes no set");
        };
    }
}
