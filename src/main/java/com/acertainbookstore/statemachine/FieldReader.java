package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.ImmutableStockBook;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.UUID;

/**
 * Reads what {@link FieldWriter} wrote, checking as it goes: a read past the end, a count beyond
 * its bound or beyond the bytes left, a string that is not strict UTF-8 each throw
 * {@link MalformedDataException} naming the field and its offset. So no input, however damaged,
 * makes the reader allocate more than the input's size or throw anything else.
 *
 * <p>Not thread-safe: one reader per message, used by one thread.
 */
final class FieldReader {

    private final ByteBuffer buffer;

    FieldReader(ByteBuffer buffer) {
        this.buffer = buffer;
    }

    FieldReader(byte[] bytes) {
        this(ByteBuffer.wrap(bytes));
    }

    int readByte(String field) throws MalformedDataException {
        try {
            return buffer.get();
        } catch (BufferUnderflowException e) {
            throw truncated(field);
        }
    }

    boolean readBoolean(String field) throws MalformedDataException {
        int at = buffer.position();
        int value = readByte(field);
        if (value != 0 && value != 1) {
            throw new MalformedDataException(field + " at byte " + at + " is " + value + " (must be 0 or 1)");
        }
        return value == 1;
    }

    int readInt(String field) throws MalformedDataException {
        try {
            return buffer.getInt();
        } catch (BufferUnderflowException e) {
            throw truncated(field);
        }
    }

    long readLong(String field) throws MalformedDataException {
        try {
            return buffer.getLong();
        } catch (BufferUnderflowException e) {
            throw truncated(field);
        }
    }

    float readFloat(String field) throws MalformedDataException {
        return Float.intBitsToFloat(readInt(field));
    }

    UUID readUuid(String field) throws MalformedDataException {
        return new UUID(readLong(field), readLong(field));
    }

    /**
     * A count of following items, each at least one byte long: within {@code 0..max} and no more
     * than the bytes left.
     */
    int readCount(String field, int max) throws MalformedDataException {
        int at = buffer.position();
        int count = readInt(field);
        if (count < 0 || count > max || count > buffer.remaining()) {
            throw new MalformedDataException(field + " at byte " + at + " is " + count + " (must be in 0.."
                    + Math.min(max, buffer.remaining()) + ")");
        }
        return count;
    }

    String readString(String field) throws MalformedDataException {
        int at = buffer.position();
        int length = readInt(field);
        if (length == -1) {
            return null;
        }
        if (length < 0 || length > buffer.remaining()) {
            throw new MalformedDataException(field + " at byte " + at + " has length " + length
                    + " (must be -1 or in 0.." + buffer.remaining() + ")");
        }
        ByteBuffer bytes = buffer.slice();
        bytes.limit(length);
        buffer.position(buffer.position() + length);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes).toString();
        } catch (CharacterCodingException e) {
            throw new MalformedDataException(field + " at byte " + at + " is not valid UTF-8", e);
        }
    }

    /** A stock book as {@link FieldWriter#writeStockBook} wrote it; its values are not checked here. */
    ImmutableStockBook readStockBook(String field) throws MalformedDataException {
        return new ImmutableStockBook(readInt(field + ".isbn"), readString(field + ".title"),
                readString(field + ".author"), readFloat(field + ".price"), readInt(field + ".copies"),
                readLong(field + ".saleMisses"), readLong(field + ".timesRated"),
                readLong(field + ".totalRating"), readBoolean(field + ".editorPick"));
    }

    /** Throws unless every byte has been read. */
    void expectEnd(String what) throws MalformedDataException {
        if (buffer.hasRemaining()) {
            throw new MalformedDataException(what + " has " + buffer.remaining() + " bytes left over at byte "
                    + buffer.position());
        }
    }

    private MalformedDataException truncated(String field) {
        return new MalformedDataException(field + " at byte " + buffer.position() + " runs past the end ("
                + buffer.limit() + " bytes)");
    }
}
