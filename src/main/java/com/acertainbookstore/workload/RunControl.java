package com.acertainbookstore.workload;

import java.util.concurrent.CountDownLatch;

/**
 * The coordinator's signals to the workers of one repetition: a start gate and the current phase.
 * Safe to share: the latches are thread-safe and the phase is volatile (written by the coordinator
 * only, read by every worker once per interaction: a read-mostly cache line, no contention).
 */
final class RunControl {

    static final int WARMUP = 0;
    static final int MEASURE = 1;
    static final int STOP = 2;

    private final CountDownLatch ready;
    private final CountDownLatch go = new CountDownLatch(1);
    private volatile int phase = WARMUP;

    RunControl(int workers) {
        this.ready = new CountDownLatch(workers);
    }

    int phase() {
        return phase;
    }

    void setPhase(int value) {
        phase = value;
    }

    /** Called by each worker once it is ready; waits for the start signal. */
    void arriveAndAwaitStart() throws InterruptedException {
        ready.countDown();
        go.await();
    }

    /** Called by the coordinator: waits until every worker is ready. */
    void awaitReady() throws InterruptedException {
        ready.await();
    }

    void start() {
        go.countDown();
    }
}
