package com.acertainbookstore.wire;

import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A bounded, striped pool of at most {@value #SLOTS} {@link XStreamInstance}s, safe to share
 * between threads.
 *
 * <p>Why not one instance per thread: a client with thousands of threads would build thousands of
 * instances (each a sizeable object, slow to build), although only the few threads running at
 * once encode or decode. Why not one shared instance: XStream's internal caches contend between
 * threads. Here each thread starts at its own home slot (its id modulo {@value #SLOTS}), so up to
 * {@value #SLOTS} threads each find their instance where they left it, without contention, much as
 * with a {@code ThreadLocal}; a thread whose home slot is empty scans the other slots, and builds
 * a new instance when it finds none.
 *
 * <p>Why bounded: 2000 client threads that all send their first request at once would otherwise
 * all build an instance at the same moment, queueing on the class loader for tens of seconds
 * (measured with the harness: the first interaction of a 2000-thread point took up to 25 s),
 * and every instance built past the slots would be dropped and built again. A permit per
 * instance caps them: a thread past the cap waits for an instance, which is held only for one
 * encode or decode (tens of microseconds of work). Since no more instances exist than slots, a
 * returned instance always finds a free slot.
 */
final class InstancePool {

    static final int SLOTS = 128;
    private static final int MASK = SLOTS - 1;
    /** Array elements per slot, so that each slot has a cache line of its own (no false sharing). */
    private static final int STRIDE = 16;

    private final AtomicReferenceArray<XStreamInstance> slots = new AtomicReferenceArray<>(SLOTS * STRIDE);
    /** One permit per instance a thread may hold; a holder keeps its permit until it releases. */
    private final Semaphore permits = new Semaphore(SLOTS);

    /**
     * An instance for the calling thread's exclusive use until it {@link #release}s it; waits
     * (not interruptibly: the wait is as short as an encode) while {@value #SLOTS} are in use.
     */
    XStreamInstance acquire() {
        permits.acquireUninterruptibly();
        try {
            int home = home();
            for (int i = 0; i < SLOTS; i++) {
                int slot = ((home + i) & MASK) * STRIDE;
                XStreamInstance instance = slots.get(slot);
                if (instance != null && slots.compareAndSet(slot, instance, null)) {
                    return instance;
                }
            }
            return new XStreamInstance();
        } catch (RuntimeException | Error e) {
            permits.release();
            throw e;
        }
    }

    /** Gives back an instance acquired here; the caller must not use it afterwards. */
    void release(XStreamInstance instance) {
        try {
            int home = home();
            for (int i = 0; i < SLOTS; i++) {
                int slot = ((home + i) & MASK) * STRIDE;
                if (slots.get(slot) == null && slots.compareAndSet(slot, null, instance)) {
                    return;
                }
            }
        } finally {
            permits.release();
        }
    }

    private static int home() {
        return (int) Thread.currentThread().getId() & MASK;
    }
}
