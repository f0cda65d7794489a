package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class InstancePoolTest {

    @Test
    void acquire_afterRelease_returnsTheSameInstanceToTheSameThread() {
        InstancePool pool = new InstancePool();
        XStreamInstance first = pool.acquire();
        pool.release(first);
        assertSame(first, pool.acquire());
    }

    @Test
    void acquire_whileHeld_neverHandsOutAnInstanceTwice() {
        InstancePool pool = new InstancePool();
        List<XStreamInstance> held = new ArrayList<>();
        for (int i = 0; i < InstancePool.SLOTS; i++) {
            held.add(pool.acquire());
        }
        IdentityHashMap<XStreamInstance, Boolean> distinct = new IdentityHashMap<>();
        held.forEach(instance -> distinct.put(instance, true));
        assertEquals(held.size(), distinct.size());
        held.forEach(pool::release);
        for (int i = 0; i < InstancePool.SLOTS; i++) {
            assertTrue(distinct.containsKey(pool.acquire()), "a pooled instance is reused, none built");
        }
    }

    @Test
    void acquire_everyInstanceHeld_waitsForARelease() throws Exception {
        InstancePool pool = new InstancePool();
        List<XStreamInstance> held = new ArrayList<>();
        for (int i = 0; i < InstancePool.SLOTS; i++) {
            held.add(pool.acquire());
        }
        ExecutorService other = Executors.newSingleThreadExecutor();
        try {
            Future<XStreamInstance> waiting = other.submit(pool::acquire);
            Thread.sleep(50);
            assertFalse(waiting.isDone(), "a " + (InstancePool.SLOTS + 1) + "th instance was handed out");
            pool.release(held.get(7));
            assertSame(held.get(7), waiting.get(10, TimeUnit.SECONDS));
        } finally {
            other.shutdownNow();
            assertTrue(other.awaitTermination(10, TimeUnit.SECONDS));
        }
    }
}
