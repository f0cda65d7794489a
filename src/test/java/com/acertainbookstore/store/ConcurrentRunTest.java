package com.acertainbookstore.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The harness itself: its gate releases every task together, and failures reach the test thread. */
class ConcurrentRunTest {

    @Test
    void run_tasksMeetAtBarrier_allStartedTogetherAndResultsInOrder() throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(3);
        List<Callable<Integer>> tasks = List.of(meet(barrier, 1), meet(barrier, 2), meet(barrier, 3));

        // The barrier breaks (and the run fails) unless all three run at the same time.
        assertEquals(List.of(1, 2, 3), ConcurrentRun.run(Duration.ofSeconds(10), tasks));
    }

    private static Callable<Integer> meet(CyclicBarrier barrier, int result) {
        return () -> {
            barrier.await(5, TimeUnit.SECONDS);
            return result;
        };
    }

    @Test
    void run_taskThrows_failsOnCallingThreadWithCause() {
        Callable<Integer> fine = () -> 1;
        Callable<Integer> broken = () -> {
            throw new IllegalStateException("boom");
        };

        AssertionError failure = assertThrows(AssertionError.class,
                () -> ConcurrentRun.run(Duration.ofSeconds(10), List.of(fine, broken)));

        assertTrue(failure.getCause() instanceof IllegalStateException, "cause: " + failure.getCause());
        assertTrue(failure.getMessage().contains("task 1"), failure.getMessage());
    }

    @Test
    void run_taskNeverFinishes_timesOutWithThreadDump() {
        CountDownLatch never = new CountDownLatch(1);
        Callable<Boolean> stuck = () -> never.await(1, TimeUnit.MINUTES);

        AssertionError failure = assertThrows(AssertionError.class,
                () -> ConcurrentRun.run(Duration.ofMillis(200), List.of(stuck)));

        assertTrue(failure.getMessage().contains("did not finish"), failure.getMessage());
        assertTrue(failure.getMessage().contains("\"concurrent-run-"), "dump names the worker thread");
        assertTrue(failure.getMessage().contains("CountDownLatch.await"), "dump shows where it waits");
    }
}
