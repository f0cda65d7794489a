package com.acertainbookstore.wire;

import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * A bounded, striped pool of {@link XStreamInstance}s, safe to share between threads.
 *
 * <p>Why not one instance per thread: a client with thousands of threads would build thousands of
 * instances (about 70 KB and over a millisecond each), although only the few threads running at
 * once encode or decode. Why not one shared instance: XStream's internal caches contend between
 * threads. Here each thread starts at its own home slot (its id modulo {@value #SLOTS}), so up to
 * {@value #SLOTS} threads each find their instance where they left it, without contention, much as
 * with a {@code ThreadLocal}; a thread whose home slot is empty scans the other slots, and builds
 * a new instance only when every slot is in use. An instance returned when every slot is full is
 * dropped.
 */
final class InstancePool {

    static final int SLOTS = 64;
    private static final int MASK = SLOTS - 1;
    /** Array elements per slot, so that each slot has a cache line of its own (no false sharing). */
    private static final int STRIDE = 16;

    private final AtomicReferenceArray<XStreamInstance> slots = new AtomicReferenceArray<>(SLOTS * STRIDE);

    /** An instance for the calling thread's exclusive use until it {@link #release}s it. */
    XStreamInstance acquire() {
        int home = home();
        for (int i = 0; i < SLOTS; i++) {
            int slot = ((home + i) & MASK) * STRIDE;
            XStreamInstance instance = slots.get(slot);
            if (instance != null && slots.compareAndSet(slot, instance, null)) {
                return instance;
            }
        }
        return new XStreamInstance();
    }

    /** Gives back an instance acquired here; the caller must not use it afterwards. */
    void release(XStreamInstance instance) {
        int home = home();
        for (int i = 0; i < SLOTS; i++) {
            int slot = ((home + i) & MASK) * STRIDE;
            if (slots.get(slot) == null && slots.compareAndSet(slot, null, instance)) {
                return;
            }
        }
    }

    private static int home() {
        return (int) Thread.currentThread().getId() & MASK;
    }
}
