package com.acertainbookstore.statemachine;

import com.acertainbookstore.protocol.RequestId;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;
import org.apache.ratis.thirdparty.com.google.protobuf.UnsafeByteOperations;

/**
 * The log-entry format: a batch of one or more {@link Command}s, and the reply that carries one
 * {@link Outcome} per command. Stateless; safe to share.
 *
 * <p><b>Why a binary format, not the wire codec's XML.</b> Every replica decodes every entry, in
 * the one apply thread, so decoding cost is paid three times per write on a machine where CPU is
 * the limit; a fixed-width big-endian layout ({@link FieldWriter}) decodes with no parser, no
 * allocation beyond the values, and its output is a function of its input alone. The XML codec
 * also keeps process-wide caches of recent books, which is fine for an HTTP answer and not
 * something apply should depend on. What the format must carry exactly, it does: prices as raw
 * float bits, strings as strict UTF-8 (a string UTF-8 cannot carry is refused when encoding, never
 * silently changed), and {@code null} arguments and elements. Not measured against a library
 * form yet: docs/decisions/log-formats.md.
 *
 * <p>Entry: version byte {@value #VERSION}; command count (0..{@value #MAX_COMMANDS}); per
 * command: client id (two longs), sequence (long), operation and argument
 * ({@link ArgumentFormat}). An entry of no commands ({@link #EMPTY_ENTRY}) changes nothing and
 * answers no outcome: a replica submits one only to make the leader send an append round
 * ({@code replication.ReadBarrier} explains why). Reply: version byte; outcome count; per outcome:
 * a tag ({@code 0} done, {@code 1} refused with its message, {@code 2} superseded with the
 * client's last sequence).
 */
public final class CommandFormat {

    /** The format's version; a change of layout gets a new one, and old logs stay readable. */
    static final int VERSION = 1;
    /** The most commands one entry may hold. */
    public static final int MAX_COMMANDS = 4096;

    /** The entry of no commands: applied, it changes nothing and answers an empty reply. */
    public static final ByteString EMPTY_ENTRY = UnsafeByteOperations.unsafeWrap(
            ByteBuffer.allocate(5).put((byte) VERSION).putInt(0).array());

    private static final int DONE = 0;
    private static final int REFUSED = 1;
    private static final int SUPERSEDED = 2;

    private CommandFormat() {
    }

    /**
     * Encodes a batch of commands as one log entry.
     *
     * @throws IllegalArgumentException if the batch is empty or too large, or a string in it is not
     *     valid Unicode
     */
    public static ByteString encodeEntry(List<Command> commands) {
        if (commands == null || commands.isEmpty() || commands.size() > MAX_COMMANDS) {
            throw new IllegalArgumentException("an entry holds 1.." + MAX_COMMANDS + " commands, not "
                    + (commands == null ? "null" : commands.size()));
        }
        FieldWriter out = new FieldWriter(64 * commands.size());
        out.writeByte(VERSION).writeInt(commands.size());
        for (Command command : commands) {
            out.writeUuid(command.id().client()).writeLong(command.id().sequence());
            ArgumentFormat.write(out, command.operation(), command.request());
        }
        return out.toByteString();
    }

    /**
     * One command's bytes as an entry holds them, for {@link #entryOf}: encoding each call alone,
     * as it arrives, finds a call that cannot be carried before it joins a batch, so it fails alone.
     *
     * @throws IllegalArgumentException if a string in it is not valid Unicode (an unpaired surrogate)
     */
    public static byte[] encodeCommand(Command command) {
        FieldWriter out = new FieldWriter(64);
        out.writeUuid(command.id().client()).writeLong(command.id().sequence());
        ArgumentFormat.write(out, command.operation(), command.request());
        return out.toByteArray();
    }

    /**
     * An entry of commands each encoded by {@link #encodeCommand}, in order: the same bytes as
     * {@link #encodeEntry} of the commands.
     *
     * @throws IllegalArgumentException if there are none or more than {@value #MAX_COMMANDS}
     */
    public static ByteString entryOf(List<byte[]> commands) {
        if (commands == null || commands.isEmpty() || commands.size() > MAX_COMMANDS) {
            throw new IllegalArgumentException("an entry holds 1.." + MAX_COMMANDS + " commands, not "
                    + (commands == null ? "null" : commands.size()));
        }
        int size = 5;
        for (byte[] command : commands) {
            size += command.length;
        }
        ByteBuffer bytes = ByteBuffer.allocate(size);
        bytes.put((byte) VERSION).putInt(commands.size());
        for (byte[] command : commands) {
            bytes.put(command);
        }
        return UnsafeByteOperations.unsafeWrap(bytes.array());
    }

    /**
     * Decodes a log entry.
     *
     * @throws MalformedDataException if the bytes are not an entry of this format, or name an
     *     operation that does not change the store
     */
    public static List<Command> decodeEntry(ByteString entry) throws MalformedDataException {
        FieldReader in = new FieldReader(entry.asReadOnlyByteBuffer());
        checkVersion(in.readByte("entry.version"));
        int count = in.readCount("entry.count", MAX_COMMANDS);
        List<Command> commands = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String field = "command[" + i + "]";
            RequestId id = requestId(in.readUuid(field + ".client"), in.readLong(field + ".sequence"), field);
            ArgumentFormat.Call call = ArgumentFormat.read(in, field);
            if (!call.operation().mutates()) {
                throw new MalformedDataException(field + ": " + call.operation()
                        + " does not change the store and is never a log entry");
            }
            commands.add(new Command(id, call.operation(), call.request()));
        }
        in.expectEnd("entry");
        return commands;
    }

    /**
     * How many commands a malformed entry says it holds, when it says so readably (so that a reply
     * can refuse each of them), else 1.
     */
    static int declaredCount(ByteString entry) {
        ByteBuffer bytes = entry.asReadOnlyByteBuffer();
        if (bytes.remaining() < 5 || bytes.get() != VERSION) {
            return 1;
        }
        int count = bytes.getInt();
        return count >= 1 && count <= MAX_COMMANDS ? count : 1;
    }

    /** Encodes the reply of an entry: one outcome per command, in the entry's order. */
    public static ByteString encodeOutcomes(List<Outcome> outcomes) {
        FieldWriter out = new FieldWriter(8 + 8 * outcomes.size());
        out.writeByte(VERSION).writeInt(outcomes.size());
        for (Outcome outcome : outcomes) {
            writeOutcome(out, outcome);
        }
        return out.toByteString();
    }

    /** Decodes the reply of an entry. */
    public static List<Outcome> decodeOutcomes(ByteString reply) throws MalformedDataException {
        FieldReader in = new FieldReader(reply.asReadOnlyByteBuffer());
        checkVersion(in.readByte("reply.version"));
        int count = in.readCount("reply.count", MAX_COMMANDS);
        List<Outcome> outcomes = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            outcomes.add(readOutcome(in, "outcome[" + i + "]"));
        }
        in.expectEnd("reply");
        return outcomes;
    }

    static void writeOutcome(FieldWriter out, Outcome outcome) {
        // Java 17 has no pattern switch over a sealed type; the three permitted types, in turn.
        if (outcome instanceof Outcome.Refused refused) {
            out.writeByte(REFUSED).writeMessage(refused.message());
        } else if (outcome instanceof Outcome.Superseded superseded) {
            out.writeByte(SUPERSEDED).writeLong(superseded.lastSequence());
        } else {
            out.writeByte(DONE);
        }
    }

    static Outcome readOutcome(FieldReader in, String field) throws MalformedDataException {
        int tag = in.readByte(field + ".tag");
        return switch (tag) {
            case DONE -> Outcome.DONE;
            case REFUSED -> {
                String message = in.readString(field + ".message");
                if (message == null) {
                    throw new MalformedDataException(field + ".message is null");
                }
                yield new Outcome.Refused(message);
            }
            case SUPERSEDED -> new Outcome.Superseded(in.readLong(field + ".lastSequence"));
            default -> throw new MalformedDataException(field + ".tag " + tag + " is unknown");
        };
    }

    static RequestId requestId(UUID client, long sequence, String field) throws MalformedDataException {
        if (sequence < 0) {
            throw new MalformedDataException(field + ".sequence " + sequence + " is negative");
        }
        return new RequestId(client, sequence);
    }

    private static void checkVersion(int version) throws MalformedDataException {
        if (version != VERSION) {
            throw new MalformedDataException("format version " + version + " is unknown (this replica reads "
                    + VERSION + ")");
        }
    }
}
