package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
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
        for (int i = 0; i < InstancePool.SLOTS + 3; i++) {
            held.add(pool.acquire());
        }
        IdentityHashMap<XStreamInstance, Boolean> distinct = new IdentityHashMap<>();
        held.forEach(instance -> distinct.put(instance, true));
        assertEquals(held.size(), distinct.size());
        held.forEach(pool::release);
        List<XStreamInstance> again = new ArrayList<>();
        for (int i = 0; i < InstancePool.SLOTS; i++) {
            XStreamInstance instance = pool.acquire();
            again.add(instance);
            assertEquals(true, distinct.containsKey(instance), "a pooled instance is reused");
        }
        assertNotSame(again.get(0), pool.acquire());
    }
}
