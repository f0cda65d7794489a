package com.acertainbookstore.workload.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class RunControlTest {

    @Test
    void start_manyWaitingWorkers_releasesEveryOneAndNoneBefore() throws Exception {
        int workers = 500;
        RunControl control = new RunControl(workers);
        AtomicInteger passed = new AtomicInteger();
        ExecutorService threads = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> arrivals = new ArrayList<>();
            for (int i = 0; i < workers; i++) {
                arrivals.add(threads.submit(() -> {
                    control.arriveAndAwaitStart();
                    passed.incrementAndGet();
                    return null;
                }));
            }
            control.awaitReady();
            Thread.sleep(50);
            assertEquals(0, passed.get(), "a worker passed the gate before it opened");
            control.start(System.nanoTime());
            for (Future<?> arrival : arrivals) {
                arrival.get(10, TimeUnit.SECONDS);
            }
            assertEquals(workers, passed.get());
        } finally {
            control.start(System.nanoTime());
            threads.shutdownNow();
            assertTrue(threads.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void arriveAndAwaitStart_afterStart_doesNotWait() throws Exception {
        RunControl control = new RunControl(1);
        long origin = System.nanoTime();
        control.start(origin);

        // A gate that waited would hold the call past the bound; the call runs on its own thread,
        // abandoned (and the test failed) if it does.
        assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
            control.arriveAndAwaitStart();
            control.awaitReady();
        });
        assertEquals(origin, control.startNanos());
        assertEquals(RunControl.WARMUP, control.phase());
    }
}
