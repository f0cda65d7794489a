package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.store.StoreLincheckTest;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.replication.ReadMode;
import com.acertainbookstore.replication.ReplicaSettings;
import com.acertainbookstore.replication.ServiceSettings;
import java.time.Duration;
import org.jetbrains.lincheck.LincheckAssertionError;
import org.jetbrains.lincheck.datastructures.StressOptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Linearizability of the replicated store as its callers see it, checked by Lincheck in stress
 * mode: the scenario of {@link StoreLincheckTest} (two books; buys, restocks, editor picks and
 * reads on real threads) run against three in-JVM replicas through HTTP proxies pinned to one
 * FOLLOWER. A follower forwards every write to the leader and answers once the leader has applied
 * it, while its own copy of the state catches up a moment later; so a read served from the
 * follower's local state can miss a write its caller has already seen acknowledged.
 *
 * <p>Schedule and verdict: no faults; each invocation empties the store and adds the two books
 * (replicated writes), then runs one call, two threads of two calls, one call. With reads through
 * Ratis' read index (the default) every invocation must be linearizable; with
 * {@code replica.reads=stale} Lincheck must report a violation, which shows the check has teeth.
 *
 * <p>Tagged {@code slow} (about 30 s: every replicated call costs tens of milliseconds here), so
 * {@code mvn test} stays within its time budget; {@code .ci/run} runs the slow tests as a step of
 * their own ({@code mvn test -Dtest.excludedGroups=none -Dgroups=slow}).
 */
@Tag("slow")
class ReplicatedLincheckTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    /** The proxies the scenario instances use; set by a test before Lincheck creates any. */
    private static volatile BookStoreHTTPProxy customer;
    private static volatile StockManagerHTTPProxy stock;

    /** The scenario through the follower's proxies. */
    public static final class ThroughFollower extends StoreLincheckTest.Scenario {
        public ThroughFollower() {
            super(customer, stock);
        }
    }

    @Test
    void stress_linearizableReadsThroughAFollower_linearizable() throws Exception {
        withFollower(ReadMode.LINEARIZABLE, () -> options(1).check(ThroughFollower.class));
    }

    @Test
    void stress_staleReadsThroughAFollower_reportViolation() throws Exception {
        withFollower(ReadMode.STALE, () -> {
            LincheckAssertionError failure = assertThrows(LincheckAssertionError.class,
                    () -> options(20).check(ThroughFollower.class));
            assertTrue(failure.getMessage().contains("Invalid execution results"), failure.getMessage());
        });
    }

    /**
     * {@code iterations} scenarios of 25 invocations each. The stale test gets more, since it ends
     * at its first violation: a stale read needs a read right after a write that the follower has
     * not applied yet, which a scenario does not always contain.
     */
    private static StressOptions options(int iterations) {
        return new StressOptions().iterations(iterations).invocationsPerIteration(25).threads(2)
                .actorsPerThread(2).actorsBefore(1).actorsAfter(1).minimizeFailedScenario(false)
                .invocationTimeout$lincheck(120_000);
    }

    private static void withFollower(ReadMode reads, Runnable check) throws Exception {
        ServiceSettings service = ServiceSettings.DEFAULT.withReads(reads);
        try (LocalReplicas group = LocalReplicas.start(3, ReplicaSettings.DEFAULT, service, service, service)) {
            int follower = (group.awaitLeader(Duration.ofSeconds(20)) + 1) % group.size();
            try (BookStoreHTTPProxy followerCustomer = new BookStoreHTTPProxy(group.url(follower), TIMEOUT);
                    StockManagerHTTPProxy followerStock = new StockManagerHTTPProxy(group.url(follower) + "/stock",
                            TIMEOUT)) {
                customer = followerCustomer;
                stock = followerStock;
                check.run();
            } finally {
                customer = null;
                stock = null;
            }
        }
    }
}
