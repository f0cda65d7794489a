package com.acertainbookstore.workload.load;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.LockSupport;

/**
 * The coordinator's signals to the workers of one repetition: a start gate and the current phase.
 * Safe to share: the latch and the queue are thread-safe, and the gate and the phase are volatile
 * (written by the coordinator only, read by the workers: read-mostly cache lines, no contention).
 *
 * <p>The gate is opened by the coordinator unparking every waiting worker itself. A
 * {@code CountDownLatch} would not do: its waiters wake one another in a chain, each woken thread
 * waking the next only once it is scheduled, and with 2000 threads on 2 busy cores the last worker
 * started about 20 s after the first (measured over HTTP).
 */
public final class RunControl {

    static final int WARMUP = 0;
    public static final int MEASURE = 1;
    public static final int STOP = 2;

    private final CountDownLatch ready;
    private final Queue<Thread> waiting = new ConcurrentLinkedQueue<>();
    private volatile boolean open;
    private volatile int phase = WARMUP;
    /** When the gate opened ({@code nanoTime}); written before {@link #open}, so a worker past the gate sees it. */
    private volatile long startNanos;

    public RunControl(int workers) {
        this.ready = new CountDownLatch(workers);
    }

    int phase() {
        return phase;
    }

    /** When the gate opened: the origin of the repetition's timeline (valid once past the gate). */
    long startNanos() {
        return startNanos;
    }

    public void setPhase(int value) {
        phase = value;
    }

    /** Called by each worker once it is ready; waits for the start signal. */
    void arriveAndAwaitStart() throws InterruptedException {
        waiting.add(Thread.currentThread());
        ready.countDown();
        while (!open) {
            LockSupport.park(this);
            if (Thread.interrupted()) {
                throw new InterruptedException("interrupted at the start gate");
            }
        }
    }

    /** Called by the coordinator: waits until every worker is ready. */
    public void awaitReady() throws InterruptedException {
        ready.await();
    }

    /**
     * Opens the gate at {@code originNanos} (a {@code nanoTime}, the timeline's origin): wakes
     * every worker that arrived (one that arrives later does not wait).
     */
    public void start(long originNanos) {
        startNanos = originNanos;
        open = true;
        wakeAll();
    }

    /**
     * Stops the workers: the phase becomes {@link #STOP}, the gate opens (if it had not), and every
     * worker is woken, also one parked until its next interaction is due.
     */
    public void stop() {
        phase = STOP;
        if (!open) {
            startNanos = System.nanoTime();
            open = true;
        }
        wakeAll();
    }

    private void wakeAll() {
        for (Thread worker : waiting) {
            LockSupport.unpark(worker);
        }
    }
}
