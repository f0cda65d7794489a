package com.acertainbookstore.statemachine;

import com.acertainbookstore.business.StockBook;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.UUID;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * Writes the fields of the replication formats, big-endian, into a growing array: the writing half
 * of {@link FieldReader}. Numbers are fixed-width, a float is its raw bits (so a price comes back
 * bit for bit), a string is its length in UTF-8 bytes ({@code -1} for {@code null}) and the bytes.
 *
 * <p>Not thread-safe: one writer per message, used by one thread.
 */
final class FieldWriter {

    private ByteBuffer buffer;

    FieldWriter(int initialCapacity) {
        buffer = ByteBuffer.allocate(Math.max(16, initialCapacity));
    }

    FieldWriter writeByte(int value) {
        room(1).put((byte) value);
        return this;
    }

    FieldWriter writeBoolean(boolean value) {
        return writeByte(value ? 1 : 0);
    }

    FieldWriter writeInt(int value) {
        room(4).putInt(value);
        return this;
    }

    FieldWriter writeLong(long value) {
        room(8).putLong(value);
        return this;
    }

    FieldWriter writeFloat(float value) {
        room(4).putInt(Float.floatToRawIntBits(value));
        return this;
    }

    FieldWriter writeUuid(UUID value) {
        return writeLong(value.getMostSignificantBits()).writeLong(value.getLeastSignificantBits());
    }

    /**
     * A string, or {@code null}.
     *
     * @throws IllegalArgumentException if it is not valid Unicode (an unpaired surrogate), which
     *     UTF-8 cannot carry: it would come back changed
     */
    FieldWriter writeString(String value) {
        if (value == null) {
            return writeInt(-1);
        }
        ByteBuffer utf8;
        try {
            utf8 = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(value));
        } catch (CharacterCodingException e) {
            throw new IllegalArgumentException("string is not valid Unicode (it holds an unpaired surrogate)", e);
        }
        writeInt(utf8.remaining());
        room(utf8.remaining()).put(utf8);
        return this;
    }

    /**
     * A message, never {@code null}, whatever characters it holds: an unpaired surrogate becomes
     * {@code ?}. For text that must not make the writer throw (a refusal written by apply).
     */
    FieldWriter writeMessage(String message) {
        byte[] utf8 = message.getBytes(StandardCharsets.UTF_8);
        writeInt(utf8.length);
        room(utf8.length).put(utf8);
        return this;
    }

    /** Every field of a stock book, in the order of {@code ImmutableStockBook}'s constructor. */
    FieldWriter writeStockBook(StockBook book) {
        return writeInt(book.getISBN()).writeString(book.getTitle()).writeString(book.getAuthor())
                .writeFloat(book.getPrice()).writeInt(book.getNumCopies()).writeLong(book.getNumSaleMisses())
                .writeLong(book.getNumTimesRated()).writeLong(book.getTotalRating())
                .writeBoolean(book.isEditorPick());
    }

    /** The bytes written so far, copied. */
    byte[] toByteArray() {
        return Arrays.copyOf(buffer.array(), buffer.position());
    }

    /** The bytes written so far, copied into a protobuf {@code ByteString}. */
    ByteString toByteString() {
        return ByteString.copyFrom(buffer.array(), 0, buffer.position());
    }

    private ByteBuffer room(int bytes) {
        if (buffer.remaining() < bytes) {
            long wanted = Math.max((long) buffer.capacity() * 2, (long) buffer.position() + bytes);
            if (wanted > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException("message exceeds " + (Integer.MAX_VALUE - 8) + " bytes");
            }
            ByteBuffer larger = ByteBuffer.allocate((int) wanted);
            buffer.flip();
            larger.put(buffer);
            buffer = larger;
        }
        return buffer;
    }
}
