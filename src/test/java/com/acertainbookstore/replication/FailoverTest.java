package com.acertainbookstore.replication;

import com.acertainbookstore.wire.RequestId;
import static com.acertainbookstore.replication.Commands.addBooks;
import static com.acertainbookstore.replication.Commands.addCopies;
import static com.acertainbookstore.replication.Commands.book;
import static com.acertainbookstore.replication.Commands.buy;
import static com.acertainbookstore.replication.Commands.fieldsOf;
import static com.acertainbookstore.replication.Commands.id;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import java.io.File;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import org.apache.ratis.client.RaftClient;
import org.apache.ratis.statemachine.SnapshotInfo;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * Conservation and exactly-once across a leader crash and the old leader's restart, on three real
 * replicas with a snapshot every 40 entries.
 *
 * <p><b>Schedule</b> (seconds after the writers start): 0 s, {@value #WRITERS} threads, each with
 * its own {@code RaftClient} and client id, buy and restock random books among
 * {@value #TITLES}, one call at a time, re-sending a call with the same request id when its
 * client gives up; 1.5 s, the leader is closed (its storage kept); when a new leader is ready, a
 * call acknowledged before the crash is re-sent through a new client; 1.5 s later the old leader
 * restarts from its storage (snapshot, then the log after it) and catches up; 1 s later the
 * writers stop.
 *
 * <p><b>Verdict</b>: writes were acknowledged after the crash; the re-sent call got its stored
 * outcome and was applied once; the restarted replica loaded a snapshot; all three replicas end
 * equal field by field (books, exactly-once table, applied position); and for every ISBN the copies
 * add up: initial + acknowledged restocks - acknowledged purchases, give or take the calls whose
 * outcome stayed unknown (counted and reported; each may or may not have been applied). On failure
 * the message names the replica or ISBN and the numbers.
 */
class FailoverTest {

    private static final int WRITERS = 4;
    private static final int TITLES = 5;
    private static final int INITIAL = 100_000;
    private static final int FIXED_ISBN = 100;
    /** Attempts per call, each one a full bounded retry of the client, before its outcome is unknown. */
    private static final int ATTEMPTS = 4;

    /** What one writer saw, per ISBN (index = ISBN - 1); owned by its writer until returned. */
    private static final class Tally {
        final long[] ackedAdded = new long[TITLES];
        final long[] ackedBought = new long[TITLES];
        final long[] unknownAdded = new long[TITLES];
        final long[] unknownBought = new long[TITLES];
        long acked;
        long ackedAfterCrash;
        long refused;
        long resent;
        final List<String> anomalies = new ArrayList<>();
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void leaderCrashAndRestart_underConcurrentWrites_replicasAgreeAndCopiesAddUp() throws Exception {
        Set<Thread> threadsBefore = Set.copyOf(Thread.getAllStackTraces().keySet());
        ExecutorService pool = Executors.newFixedThreadPool(WRITERS);
        try (LocalGroup group = LocalGroup.start(3, ReplicaSettings.DEFAULT.withSnapshotEvery(40))) {
            int leader = group.awaitLeader(Duration.ofSeconds(20));
            RaftClient admin = group.newClient();
            UUID adminId = UUID.randomUUID();
            List<ImmutableStockBook> seed = new ArrayList<>();
            for (int isbn = 1; isbn <= TITLES; isbn++) {
                seed.add(book(isbn, INITIAL));
            }
            seed.add(book(FIXED_ISBN, 10));
            assertEquals(List.of(Outcome.DONE), LocalGroup.send(admin,
                    addBooks(id(adminId, 0), seed.toArray(new ImmutableStockBook[0]))));
            Command beforeCrash = buy(id(adminId, 1), FIXED_ISBN, 1);
            assertEquals(List.of(Outcome.DONE), LocalGroup.send(admin, beforeCrash));

            List<RaftClient> clients = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                clients.add(group.newClient());
            }
            CountDownLatch startGate = new CountDownLatch(1);
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong crashedAt = new AtomicLong(Long.MAX_VALUE);
            List<Future<Tally>> writers = new ArrayList<>();
            for (int w = 0; w < WRITERS; w++) {
                RaftClient client = clients.get(w);
                long seedOfWriter = 19L * (w + 1);
                writers.add(pool.submit(() -> write(client, seedOfWriter, startGate, stop, crashedAt)));
            }

            startGate.countDown();
            Thread.sleep(1500);
            crashedAt.set(System.nanoTime());
            group.kill(leader);
            int newLeader = group.awaitLeader(Duration.ofSeconds(20));
            long electionMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - crashedAt.get());
            List<Outcome> resent = LocalGroup.send(group.newClient(), beforeCrash);
            Thread.sleep(1500);
            File[] snapshots = group.snapshotDir(leader).listFiles((dir, name) -> name.matches("snapshot\\.\\d+_\\d+"));
            group.restart(leader);
            SnapshotInfo loaded = group.machine(leader).getLatestSnapshot();
            Thread.sleep(1000);
            stop.set(true);
            List<Tally> tallies = new ArrayList<>();
            for (Future<Tally> writer : writers) {
                try {
                    tallies.add(writer.get(60, TimeUnit.SECONDS));
                } catch (TimeoutException e) {
                    fail("a writer did not stop within 60 s; roles:" + group.roles() + LocalGroup.threadDump());
                }
            }
            long applied = group.awaitConverged(Duration.ofSeconds(30));

            String schedule = "leader r" + leader + " closed 1.5 s in; r" + newLeader + " leader after "
                    + electionMillis + " ms; r" + leader + " restarted 1.5 s later; applied index " + applied;
            System.out.println("FailoverTest: " + schedule + "; " + summary(tallies));
            assertEquals(List.of(Outcome.DONE), resent, "re-send after the crash gets the stored outcome");
            assertTrue(tallies.stream().mapToLong(t -> t.ackedAfterCrash).sum() > 0,
                    "writes acknowledged after the crash (" + schedule + ")");
            assertTrue(snapshots != null && snapshots.length > 0, "r" + leader + " had a snapshot before it restarted");
            assertTrue(loaded != null && loaded.getIndex() > 0, "r" + leader + " loaded a snapshot on restart: " + loaded);
            for (Tally tally : tallies) {
                assertEquals(List.of(), tally.anomalies, "outcomes a one-call-at-a-time client never gets");
            }
            assertReplicasEqual(group);
            List<StockBook> books = group.machine(newLeader).books();
            assertEquals(9, find(books, FIXED_ISBN).getNumCopies(), "the call re-sent across the crash bought once");
            assertCopiesAddUp(books, tallies);
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "writers stopped");
        }
        assertNoThreadLeftBehind(threadsBefore);
    }

    private static Tally write(RaftClient client, long seed, CountDownLatch startGate, AtomicBoolean stop,
            AtomicLong crashedAt) throws InterruptedException {
        Tally tally = new Tally();
        Random random = new Random(seed);
        UUID me = UUID.randomUUID();
        long sequence = 0;
        startGate.await();
        while (!stop.get()) {
            int isbn = 1 + random.nextInt(TITLES);
            int count = 1 + random.nextInt(3);
            boolean restock = random.nextBoolean();
            RequestId rid = id(me, sequence++);
            Command command = restock ? addCopies(rid, isbn, count) : buy(rid, isbn, count);
            Outcome outcome = null;
            for (int attempt = 0; attempt < ATTEMPTS && outcome == null; attempt++) {
                try {
                    List<Outcome> outcomes = LocalGroup.send(client, command);
                    outcome = outcomes.size() == 1 ? outcomes.get(0) : null;
                    if (outcome == null) {
                        tally.anomalies.add(rid + ": " + outcomes.size() + " outcomes for one command");
                        break;
                    }
                } catch (IOException e) {
                    tally.resent++;
                }
            }
            int at = isbn - 1;
            if (outcome == null) {
                (restock ? tally.unknownAdded : tally.unknownBought)[at] += count;
                me = UUID.randomUUID();
                sequence = 0;
            } else if (outcome instanceof Outcome.Done) {
                (restock ? tally.ackedAdded : tally.ackedBought)[at] += count;
                tally.acked++;
                if (System.nanoTime() > crashedAt.get()) {
                    tally.ackedAfterCrash++;
                }
            } else if (outcome instanceof Outcome.Refused refused) {
                if (restock || !refused.message().contains("copies requested")) {
                    tally.anomalies.add(rid + " " + command.operation() + " refused: " + refused.message());
                }
                tally.refused++;
            } else {
                tally.anomalies.add(rid + ": " + outcome);
            }
        }
        return tally;
    }

    private static void assertReplicasEqual(LocalGroup group) {
        BookStoreStateMachine first = group.machine(0);
        for (int r = 1; r < 3; r++) {
            BookStoreStateMachine other = group.machine(r);
            assertEquals(fieldsOf(first.books()), fieldsOf(other.books()), "books of r" + r + " against r0");
            assertEquals(first.clientEntries(), other.clientEntries(), "exactly-once table of r" + r + " against r0");
            assertEquals(first.getLastAppliedTermIndex(), other.getLastAppliedTermIndex(),
                    "applied position of r" + r + " against r0");
        }
    }

    private static void assertCopiesAddUp(List<StockBook> books, List<Tally> tallies) {
        List<String> wrong = new ArrayList<>();
        for (int isbn = 1; isbn <= TITLES; isbn++) {
            int at = isbn - 1;
            long added = tallies.stream().mapToLong(t -> t.ackedAdded[at]).sum();
            long bought = tallies.stream().mapToLong(t -> t.ackedBought[at]).sum();
            long unknownAdded = tallies.stream().mapToLong(t -> t.unknownAdded[at]).sum();
            long unknownBought = tallies.stream().mapToLong(t -> t.unknownBought[at]).sum();
            long expected = INITIAL + added - bought;
            long stock = find(books, isbn).getNumCopies();
            if (stock < expected - unknownBought || stock > expected + unknownAdded) {
                wrong.add("ISBN " + isbn + ": stock " + stock + ", expected " + expected + " = " + INITIAL + " + "
                        + added + " added - " + bought + " bought, give or take unknown +" + unknownAdded + "/-"
                        + unknownBought);
            }
        }
        assertEquals(List.of(), wrong, "copies that do not add up");
    }

    private static StockBook find(List<StockBook> books, int isbn) {
        return books.stream().filter(b -> b.getISBN() == isbn).findFirst()
                .orElseThrow(() -> new AssertionError("ISBN " + isbn + " is missing"));
    }

    private static String summary(List<Tally> tallies) {
        long unknown = 0;
        for (Tally tally : tallies) {
            for (int i = 0; i < TITLES; i++) {
                unknown += (tally.unknownAdded[i] > 0 ? 1 : 0) + (tally.unknownBought[i] > 0 ? 1 : 0);
            }
        }
        return tallies.stream().mapToLong(t -> t.acked).sum() + " writes acknowledged ("
                + tallies.stream().mapToLong(t -> t.ackedAfterCrash).sum() + " after the crash), "
                + tallies.stream().mapToLong(t -> t.refused).sum() + " refused, "
                + tallies.stream().mapToLong(t -> t.resent).sum() + " re-sent, ISBN/kind pairs with unknown outcomes: "
                + unknown;
    }

    /** Every non-daemon thread started during the test has ended (Ratis and gRPC stop theirs on close). */
    static void assertNoThreadLeftBehind(Set<Thread> before) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        List<Thread> left;
        do {
            left = Thread.getAllStackTraces().keySet().stream()
                    .filter(t -> !before.contains(t) && t.isAlive() && !t.isDaemon())
                    .collect(Collectors.toList());
            if (left.isEmpty()) {
                return;
            }
            Thread.sleep(100);
        } while (System.nanoTime() < deadline);
        fail("non-daemon threads left behind: " + left.stream().map(Thread::getName).collect(Collectors.toList()));
    }
}
