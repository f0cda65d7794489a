package com.acertainbookstore.replication;

import static com.acertainbookstore.statemachine.Commands.addBooks;
import static com.acertainbookstore.statemachine.Commands.addCopies;
import static com.acertainbookstore.statemachine.Commands.book;
import static com.acertainbookstore.statemachine.Commands.fieldsOf;
import static com.acertainbookstore.statemachine.Commands.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftClientReply;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.apache.ratis.util.FileUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Snapshots at work on three real replicas: a snapshot every {@value #SNAPSHOT_EVERY} entries and
 * 4 KiB log segments, so the leader's log is purged up to its snapshots as entries come.
 *
 * <p><b>Schedule:</b> {@value #ENTRIES} entries; a follower is closed and its storage deleted;
 * {@value #ENTRIES} more entries; the wiped follower restarts empty. <b>Verdict:</b> the leader's
 * log no longer starts at the beginning (so replaying it cannot catch the follower up); the wiped
 * follower ends equal to the others field by field, holding a snapshot, having applied fewer
 * entries than were written (the rest came in the installed snapshot). Then the other follower
 * restarts from its storage: it loads its newest snapshot and applies only the entries after it.
 */
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class SnapshotCatchUpTest {

    private static final int SNAPSHOT_EVERY = 30;
    private static final int ENTRIES = 150;
    private static final int TITLES = 5;
    private static final Duration WAIT = Duration.ofSeconds(30);

    @Test
    void wipedReplica_caughtUpByInstalledSnapshot_restartedReplica_loadsItsSnapshot() throws Exception {
        ReplicaSettings settings = ReplicaSettings.DEFAULT.withSnapshotEvery(SNAPSHOT_EVERY).withLogSegmentBytes(4 << 10);
        try (LocalGroup group = LocalGroup.start(3, settings)) {
            int leader = group.awaitLeader(WAIT);
            RaftClient client = group.newClient();
            UUID writer = UUID.randomUUID();
            LocalGroup.send(client, addBooks(id(writer, 0), book(1, 1), book(2, 1), book(3, 1), book(4, 1), book(5, 1)));
            write(client, writer, 1);
            group.awaitConverged(WAIT);
            long logStart = group.division(leader).getRaftLog().getStartIndex();
            assertTrue(logStart > 1, "the leader's log was purged up to a snapshot (starts at " + logStart + ")");

            int wiped = (leader + 1) % 3;
            group.kill(wiped);
            FileUtils.deleteFully(new File(group.root(), group.group().peerId(wiped).toString()));
            write(client, writer, 1 + ENTRIES);
            group.restart(wiped);
            group.awaitConverged(WAIT);
            for (int i = 0; i < 3; i++) {
                assertEquals(fieldsOf(group.machine(leader).books()), fieldsOf(group.machine(i).books()),
                        "books of r" + i + " vs the leader r" + leader);
            }
            SnapshotInfo installed = group.machine(wiped).getLatestSnapshot();
            assertNotNull(installed, "the wiped replica holds the snapshot it was sent");
            long applied = group.machine(wiped).entriesApplied();
            assertTrue(applied < 2 * ENTRIES, "the wiped replica applied " + applied + " of " + (2 * ENTRIES + 1)
                    + " entries itself; the rest came in snapshot " + installed.getTermIndex());

            int restarted = (leader + 2) % 3;
            group.kill(restarted);
            group.restart(restarted);
            SnapshotInfo loaded = group.machine(restarted).getLatestSnapshot();
            assertNotNull(loaded, "the restarted replica found its snapshot");
            long loadedIndex = loaded.getIndex();
            long lastApplied = group.awaitConverged(WAIT);
            long replayed = group.machine(restarted).entriesApplied();
            assertTrue(loadedIndex > 2 * ENTRIES - 2 * SNAPSHOT_EVERY, "loaded snapshot at " + loadedIndex);
            assertTrue(replayed <= lastApplied - loadedIndex, "after loading snapshot " + loadedIndex + " the restarted"
                    + " replica applied " + replayed + " entries up to " + lastApplied);
            assertEquals(fieldsOf(group.machine(leader).books()), fieldsOf(group.machine(restarted).books()));
            System.out.println("SnapshotCatchUpTest: leader log starts at " + logStart + "; wiped r" + wiped + " got snapshot "
                    + installed.getTermIndex() + " and applied " + applied + " of " + (2 * ENTRIES + 1) + " entries; r"
                    + restarted + " loaded snapshot " + loadedIndex + " and applied " + replayed + " up to " + lastApplied);
            assertEquals(List.of("5", "1"), List.of(String.valueOf(group.machine(restarted).books().size()),
                    String.valueOf(group.machine(restarted).books().get(0).getISBN())));
        }
    }

    /** {@value #ENTRIES} entries of one command each, all in flight at once, sequences from {@code first}. */
    private static void write(RaftClient client, UUID writer, long first) throws Exception {
        List<CompletableFuture<RaftClientReply>> replies = new ArrayList<>();
        for (int i = 0; i < ENTRIES; i++) {
            replies.add(client.async().send(Message.valueOf(LocalGroup.bytes(
                    addCopies(id(writer, first + i), 1 + i % TITLES, 1)))));
        }
        for (CompletableFuture<RaftClientReply> reply : replies) {
            assertTrue(reply.get(30, TimeUnit.SECONDS).isSuccess());
        }
    }
}
