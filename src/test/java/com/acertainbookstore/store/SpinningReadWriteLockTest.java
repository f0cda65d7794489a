package com.acertainbookstore.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import org.junit.jupiter.api.Test;

/** The spinning lock keeps the read-write lock's rules, and a waiter past its spin still gets in. */
class SpinningReadWriteLockTest {

    @Test
    void tryLock_writeHeld_refusesReadersAndWriters() {
        SpinningReadWriteLock lock = new SpinningReadWriteLock();
        lock.writeLock().lock();
        assertFalse(lock.readLock().tryLock());
        assertFalse(lock.writeLock().tryLock());
        lock.writeLock().unlock();
        assertTrue(lock.readLock().tryLock());
        assertTrue(lock.readLock().tryLock());
        assertFalse(lock.writeLock().tryLock());
        lock.readLock().unlock();
        lock.readLock().unlock();
        assertTrue(lock.writeLock().tryLock());
        lock.writeLock().unlock();
    }

    @Test
    void lock_heldLongerThanTheSpin_waiterParksAndGetsItOnRelease() throws Exception {
        SpinningReadWriteLock lock = new SpinningReadWriteLock();
        CountDownLatch started = new CountDownLatch(1);
        ExecutorService thread = Executors.newSingleThreadExecutor();
        try {
            lock.writeLock().lock();
            Future<?> reader = thread.submit(() -> {
                started.countDown();
                lock.readLock().lock();
                lock.readLock().unlock();
                return null;
            });
            assertTrue(started.await(10, TimeUnit.SECONDS));
            Thread.sleep(50);
            assertFalse(reader.isDone(), "a reader got in while the write lock was held");
            lock.writeLock().unlock();
            reader.get(10, TimeUnit.SECONDS);
        } finally {
            thread.shutdownNow();
            assertTrue(thread.awaitTermination(10, TimeUnit.SECONDS));
        }
    }

    @Test
    void writeLock_manyThreads_incrementsNeverLost() throws Exception {
        SpinningReadWriteLock lock = new SpinningReadWriteLock();
        long[] counter = {0};
        int threads = 8;
        int rounds = 50_000;
        List<Callable<Long>> tasks = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            tasks.add(() -> {
                Lock write = lock.writeLock();
                Lock read = lock.readLock();
                long seen = 0;
                for (int i = 0; i < rounds; i++) {
                    write.lock();
                    try {
                        counter[0]++;
                    } finally {
                        write.unlock();
                    }
                    read.lock();
                    try {
                        seen = Math.max(seen, counter[0]);
                    } finally {
                        read.unlock();
                    }
                }
                return seen;
            });
        }
        List<Long> seen = ConcurrentRun.run(Duration.ofSeconds(30), tasks);
        lock.readLock().lock();
        try {
            assertEquals((long) threads * rounds, counter[0]);
        } finally {
            lock.readLock().unlock();
        }
        assertTrue(seen.stream().allMatch(s -> s <= (long) threads * rounds));
    }
}
