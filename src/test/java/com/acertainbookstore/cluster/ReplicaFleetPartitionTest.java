package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.BookStoreHTTPException;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.protocol.ReplicaHealth;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.CleanupMode;
import org.junit.jupiter.api.io.TempDir;

/**
 * A partition between real replica JVMs, each in a network namespace of its own
 * ({@link FleetOptions#withPartitions}). Runs where the machine lets this user make network
 * namespaces (root and {@code ip netns}); elsewhere it is skipped, saying why.
 *
 * <p><b>Schedule</b>: three replicas start in their namespaces; a book is added; the leader is cut
 * off from the other two (blackhole routes both ways); copies are added through the two others,
 * which must elect a leader of their own and acknowledge; a linearizable read on the cut-off
 * replica must fail (it cannot confirm it still leads), while its {@code /health} still answers
 * (clients reach it); the partition heals. <b>Verdict</b>: the write acknowledged during the
 * partition, a new leader among the majority, the read refused, then every replica equal with
 * the copies, and once closed no replica process and none of the fleet's namespaces left.
 */
class ReplicaFleetPartitionTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(20);

    /** Kept when the test fails: the replicas' logs are what tells why. */
    @TempDir(cleanup = CleanupMode.ON_SUCCESS)
    Path dir;

    @Tag("slow")
    @Test
    @Timeout(180)
    void fleet_leaderIsolated_majorityGoesOnAndItCatchesUp() throws Exception {
        String reason = ReplicaNetwork.unavailableReason();
        if (reason != null) {
            System.err.println("ReplicaFleetPartitionTest skipped: " + reason);
        }
        assumeTrue(reason == null, () -> "partitions cannot be made here: " + reason);
        List<ProcessHandle> processes = new ArrayList<>();
        List<String> before = ReplicaNetwork.existing();
        long begin = System.nanoTime();
        FleetOptions options = FleetOptions.of(3, dir.resolve("storage"))
                .withLogs(dir.resolve("logs"), "fleet-").withPartitions();
        System.out.println("[partition] replica logs under " + dir.resolve("logs"));
        try (ReplicaFleet fleet = ReplicaFleet.start(options)) {
            String token = fleet.token().value();
            for (int i = 0; i < 3; i++) {
                processes.add(fleet.process(i));
            }
            int leader = fleet.leader();
            say(begin, "3 replicas up in namespaces at " + fleet.urls() + " (peers " + fleet.peers() + "), leader r"
                    + leader);
            assertFalse(fleet.peers().contains("127.0.0.1"), fleet.peers());
            List<String> others = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                if (i != leader) {
                    others.add(fleet.url(i) + "/stock");
                }
            }
            try (StockManagerHTTPProxy majority = new StockManagerHTTPProxy(others, CALL_TIMEOUT, token);
                    StockManagerHTTPProxy cutOff = new StockManagerHTTPProxy(fleet.url(leader) + "/stock",
                            Duration.ofSeconds(2), token)) {
                majority.addBooks(Set.of(new ImmutableStockBook(1, "title", "author", 10f, 10, 0, 0, 0, false)));

                fleet.isolate(leader);
                long isolated = System.nanoTime();
                assertTrue(fleet.isIsolated(leader));
                majority.addCopies(Set.of(new BookCopy(1, 5)));
                say(begin, String.format("r%d isolated; a write through the majority acknowledged %.2f s later",
                        leader, (System.nanoTime() - isolated) / 1e9));
                int next = newLeader(fleet, leader);
                assertNotEquals(leader, next);
                assertThrows(BookStoreHTTPException.class, () -> cutOff.getBooksByISBN(Set.of(1)),
                        "a linearizable read on the cut-off old leader must not be answered");
                assertEquals(200, com.acertainbookstore.protocol.HttpGet.get(fleet.url(leader).resolve("/health"),
                        Duration.ofSeconds(2)).status(), "clients must still reach the cut-off replica");

                fleet.heal(leader);
                assertFalse(fleet.isIsolated(leader));
                long healed = System.nanoTime();
                // 90 s, not 30: in 1 of 3 CI runs the healed old leader stayed behind for over 30 s
                // (docs/faults.md, "Open problem"); a longer wait tells a slow catch-up from none.
                List<ReplicaHealth> statuses = fleet.awaitApplied(Duration.ofSeconds(90));
                say(begin, String.format("healed; all applied the same index %.2f s later: %s",
                        (System.nanoTime() - healed) / 1e9, statuses));
                for (int i = 0; i < 3; i++) {
                    try (StockManagerHTTPProxy one = new StockManagerHTTPProxy(fleet.url(i) + "/stock", CALL_TIMEOUT,
                            token)) {
                        List<StockBook> books = one.getBooks();
                        assertEquals(1, books.size(), "r" + i);
                        assertEquals(15, books.get(0).getNumCopies(), "r" + i + " copies");
                    }
                }
            }
        }
        for (ProcessHandle process : processes) {
            assertFalse(process.isAlive(), "replica " + process.pid() + " left running");
        }
        List<String> after = new ArrayList<>(ReplicaNetwork.existing());
        after.removeAll(before);
        assertEquals(List.of(), after, "namespaces left behind");
        say(begin, "closed; no replica and no namespace left");
    }

    /** The leader the replicas other than {@code old} agree on, waited for. */
    private static int newLeader(ReplicaFleet fleet, int old) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
        while (true) {
            for (int i = 0; i < fleet.size(); i++) {
                if (i != old) {
                    ReplicaHealth status = fleet.status(i);
                    if (ReplicaFleet.leads(status)) {
                        return i;
                    }
                }
            }
            assertTrue(System.nanoTime() < deadline, "no new leader among the majority");
            Thread.sleep(50);
        }
    }

    private static void say(long begin, String what) {
        System.out.printf("[partition +%.2f s] %s%n", (System.nanoTime() - begin) / 1e9, what);
    }
}
