package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.protocol.ReplicaHealth;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The fleet on real replica JVMs.
 *
 * <p><b>Schedule</b> of {@link #fleet_leaderKilledAndRestarted_writesGoOnAndItCatchesUp}: three
 * replicas start; a book is added through a proxy holding every replica's URL; the leader is
 * killed (SIGKILL); copies are added through the same proxy, which must succeed once a new leader
 * is elected; the killed replica restarts on its ports and storage; then all three must apply the
 * same index and the restarted one must list the book with every copy; the fleet closes.
 * <b>Verdict</b>: the write after the kill acknowledged, a new leader, the restarted replica equal
 * to the leader, and no replica process left (each incarnation's {@link ProcessHandle} ended, no
 * child of this JVM alive). The test prints its timings.
 */
class ReplicaFleetTest {

    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    @TempDir
    Path dir;

    @Tag("slow")
    @Test
    @Timeout(180)
    void fleet_leaderKilledAndRestarted_writesGoOnAndItCatchesUp() throws Exception {
        List<ProcessHandle> processes = new ArrayList<>();
        long begin = System.nanoTime();
        try (ReplicaFleet fleet = ReplicaFleet.start(FleetOptions.of(3, dir.resolve("storage"))
                        .withLogs(dir.resolve("logs"), "fleet-"));
                StockManagerHTTPProxy stock = new StockManagerHTTPProxy(
                        fleet.urls().stream().map(url -> url + "/stock").toList(), CALL_TIMEOUT, null)) {
            for (int i = 0; i < 3; i++) {
                processes.add(fleet.process(i));
            }
            say(begin, "3 replicas up at " + fleet.urls() + ", leader r" + fleet.leader());
            assertEquals(3, fleet.urls().stream().map(URI::getPort).distinct().count());
            assertTrue(Files.readString(fleet.log(0)).contains("Replica r0 listening on " + fleet.url(0)));
            stock.addBooks(Set.of(new ImmutableStockBook(1, "title", "author", 10f, 10, 0, 0, 0, false)));

            int leader = fleet.leader();
            fleet.kill(leader);
            assertFalse(processes.get(leader).isAlive(), "killed leader still running");
            long killed = System.nanoTime();
            say(begin, "killed the leader r" + leader);
            stock.addCopies(Set.of(new BookCopy(1, 5)));
            say(begin, String.format("a write acknowledged %.2f s after the kill", (System.nanoTime() - killed) / 1e9));
            int next = fleet.leader();
            assertNotEquals(leader, next);

            fleet.restart(leader);
            processes.add(fleet.process(leader));
            List<ReplicaHealth> statuses = fleet.awaitApplied(Duration.ofSeconds(30));
            say(begin, "r" + leader + " restarted and caught up: " + statuses);
            assertEquals(3, statuses.size());
            try (StockManagerHTTPProxy restarted = new StockManagerHTTPProxy(fleet.url(leader) + "/stock",
                    CALL_TIMEOUT, null)) {
                List<StockBook> books = restarted.getBooks();
                assertEquals(1, books.size(), books.toString());
                assertEquals(15, books.get(0).getNumCopies(), "copies on the restarted r" + leader);
            }
        }
        say(begin, "fleet closed");
        for (ProcessHandle process : processes) {
            assertFalse(process.isAlive(), "replica process " + process.pid() + " still running");
        }
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a child of this JVM still running");
    }

    @Test
    @Timeout(120)
    void start_replicaRefusingItsSettings_failsNamingItAndItsLineAndLeavesNothingRunning() {
        IOException e = assertThrows(IOException.class, () -> ReplicaFleet.start(FleetOptions.of(1,
                dir.resolve("storage")).withProperties(Map.of("replica.reads", "sometimes"))));
        assertTrue(e.getMessage().contains("replica r0 did not start") && e.getMessage().contains("sometimes")
                && e.getMessage().contains(dir.resolve("storage/r0.log").toAbsolutePath().toString()), e.getMessage());
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count(),
                "a child of this JVM still running");
    }


    private static void say(long begin, String what) {
        System.out.printf("ReplicaFleetTest %6.2f s: %s%n", (System.nanoTime() - begin) / 1e9, what);
    }
}
