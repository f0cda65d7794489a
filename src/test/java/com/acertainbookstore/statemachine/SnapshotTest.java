package com.acertainbookstore.statemachine;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.buy;
import static com.acertainbookstore.statemachine.Commands.fieldsOf;
import static com.acertainbookstore.statemachine.Commands.id;
import static com.acertainbookstore.statemachine.Commands.rate;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Locking;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.UUID;
import org.apache.ratis.server.RaftServerConfigKeys;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.util.FileUtils;
import org.apache.ratis.util.MD5FileUtil;
import org.apache.ratis.util.SizeInBytes;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Snapshots on a real Ratis storage directory (under {@code target/}), without a server: a
 * snapshot taken and loaded into a fresh machine gives the same books (a sold-out book with its
 * misses and ratings included), the same exactly-once table and position; a snapshot whose bytes or
 * MD5 file were damaged is refused with a clear error, never loaded and never replaced by an empty
 * state; a newer snapshot without its MD5 (a crash mid-write) is deleted and the older one loaded.
 */
class SnapshotTest {

    private static final UUID ALICE = new UUID(7, 7);

    private File dir;
    private RaftStorage storage;

    @BeforeEach
    void openStorage() throws IOException {
        dir = new File("target/replication-tests/snapshot-" + UUID.randomUUID());
        storage = openStorage(dir);
    }

    @AfterEach
    void closeStorage() throws IOException {
        storage.close();
        FileUtils.deleteFully(dir);
    }

    private static RaftStorage openStorage(File dir) throws IOException {
        RaftStorage storage = RaftStorage.newBuilder().setDirectory(dir)
                .setOption(RaftStorage.StartupOption.RECOVER)
                .setLogCorruptionPolicy(RaftServerConfigKeys.Log.CorruptionPolicy.EXCEPTION)
                .setStorageFreeSpaceMin(SizeInBytes.ONE_MB).build();
        storage.initialize();
        return storage;
    }

    private BookStoreStateMachine machine() throws IOException {
        BookStoreStateMachine machine = new BookStoreStateMachine(Locking.DEFAULT);
        machine.openStorage(storage);
        return machine;
    }

    /** A machine with a sold-out, missed and rated book, and two clients in its table; returns it. */
    private BookStoreStateMachine populated() throws Exception {
        BookStoreStateMachine machine = machine();
        List<Command> entry = List.of(addBooks(id(ALICE, 0), book(1, 2), book(2, 9)), buy(id(ALICE, 1), 1, 2),
                buy(id(new UUID(8, 8), 0), 1, 3), rate(id(ALICE, 2), 2, 5));
        machine.applyTransaction(Commands.entry(machine, 3, 41, CommandFormat.encodeEntry(entry))).get();
        return machine;
    }

    @Test
    void takeSnapshot_thenFreshMachine_loadsEqualState() throws Exception {
        BookStoreStateMachine original = populated();

        long index = original.takeSnapshot();
        BookStoreStateMachine restored = machine();

        assertEquals(41, index);
        File file = original.getStateMachineStorage().getSnapshotFile(3, 41);
        assertTrue(file.isFile() && MD5FileUtil.getDigestFileForFile(file).isFile(), "snapshot and its MD5");
        assertEquals(0, original.books().get(0).getNumCopies(), "the schedule sold a book out");
        assertEquals(fieldsOf(original.books()), fieldsOf(restored.books()), "books, field by field");
        assertEquals(original.clientEntries(), restored.clientEntries(), "exactly-once table");
        assertEquals(TermIndex.valueOf(3, 41), restored.getLastAppliedTermIndex());
        assertEquals(41, restored.getLatestSnapshot().getIndex(), "reported to Ratis as the latest snapshot");
        List<Outcome> resent = CommandFormat.decodeOutcomes(restored.applyTransaction(Commands.entry(restored, 3, 42,
                CommandFormat.encodeEntry(List.of(rate(id(ALICE, 2), 2, 5))))).get().getContent());
        assertEquals(List.of(Outcome.DONE), resent, "a re-send after the restore is answered from the table");
        assertEquals(fieldsOf(original.books()), fieldsOf(restored.books()), "and not applied again");
    }

    @Test
    void initialize_snapshotBytesDamaged_refusedClearly() throws Exception {
        populated().takeSnapshot();
        Path file = storage.getStorageDir().getStateMachineDir().toPath().resolve("snapshot.3_41");
        byte[] bytes = Files.readAllBytes(file);
        bytes[bytes.length / 2] ^= 1;
        Files.write(file, bytes);

        IOException refused = assertThrows(IOException.class, this::machine);

        assertTrue(refused.getMessage().contains("snapshot.3_41 is corrupt: its bytes have MD5"), refused.getMessage());
        assertTrue(refused.getMessage().contains("will not start from it (nor from an empty store)"),
                refused.getMessage());
        assertTrue(Files.exists(file), "the evidence is left in place");
    }

    @Test
    void initialize_md5FileDamaged_refusedClearly() throws Exception {
        populated().takeSnapshot();
        File md5 = MD5FileUtil.getDigestFileForFile(storage.getStorageDir().getStateMachineDir().toPath()
                .resolve("snapshot.3_41").toFile());
        Files.writeString(md5.toPath(), "not an md5 line\n");

        IOException refused = assertThrows(IOException.class, this::machine);

        assertTrue(refused.getMessage().contains("snapshot.3_41 is corrupt: its MD5 file cannot be read"),
                refused.getMessage());
    }

    @Test
    void initialize_newerSnapshotWithoutMd5_deletedAndTheOlderLoaded() throws Exception {
        BookStoreStateMachine original = populated();
        original.takeSnapshot();
        File smDir = storage.getStorageDir().getStateMachineDir();
        File partial = new File(smDir, "snapshot.3_50");
        Files.write(partial.toPath(), new byte[] {1, 2, 3});

        BookStoreStateMachine restored = machine();

        assertFalse(partial.exists(), "the cut-short snapshot is deleted");
        assertEquals(TermIndex.valueOf(3, 41), restored.getLastAppliedTermIndex());
        assertEquals(fieldsOf(original.books()), fieldsOf(restored.books()));
        SingleFileSnapshotInfo latest = (SingleFileSnapshotInfo) restored.getLatestSnapshot();
        assertEquals(41, latest.getIndex());
    }

    @Test
    void takeSnapshot_nothingApplied_writesNothing() throws Exception {
        BookStoreStateMachine machine = machine();
        assertEquals(-1, machine.takeSnapshot());
        String[] files = storage.getStorageDir().getStateMachineDir().list();
        assertEquals(0, files == null ? 0 : files.length);
    }
}
