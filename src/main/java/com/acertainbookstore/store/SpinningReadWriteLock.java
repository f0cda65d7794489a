package com.acertainbookstore.store;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.StampedLock;

/**
 * A non-fair, non-reentrant read-write lock (a {@link StampedLock}'s read-write view) whose
 * {@code lock()} first spins briefly, retrying without queueing, and only then queues and parks.
 * Safe to share between threads. Conditions are not supported (as with the view).
 *
 * <p>Why: the store's critical sections last a few hundred nanoseconds. A {@code StampedLock}
 * parks a new waiter almost at once, so with two cores busy a waiter sleeps and the holder pays a
 * wake-up system call on release, for a lock that would have been free a microsecond later. Once
 * waiters park, every hand-over is a park and an unpark and the lock convoys. The measurement
 * that decided it: docs/decisions/spinning-locks.md.
 *
 * <p>Correctness: every acquisition is the {@code StampedLock}'s own ({@code tryLock} or
 * {@code lock}), so mutual exclusion and memory ordering are exactly its. The spin is bounded, so
 * a waiter whose holder was descheduled stops burning its core after {@link #SPINS} pauses and
 * parks. Liveness is the {@code StampedLock}'s: it is not fair, and its own {@code readLock()}
 * already admits an arriving reader while the lock is read-held, even with a writer queued, so
 * the spin adds no new way to hold a writer off. (A variant in which spinning readers deferred
 * to announced writers cost a shared counter on every contended write and was far slower, so it
 * was not kept: docs/decisions/spinning-locks.md.) The harness's maximum latencies show how long
 * a waiter actually waits.
 */
final class SpinningReadWriteLock implements ReadWriteLock {

    /** Retries before parking; each waits one {@link Thread#onSpinWait()} (tens of ns). */
    static final int SPINS = 100;

    private final Lock read;
    private final Lock write;

    SpinningReadWriteLock() {
        StampedLock lock = new StampedLock();
        this.read = new Spinning(lock.asReadLock());
        this.write = new Spinning(lock.asWriteLock());
    }

    @Override
    public Lock readLock() {
        return read;
    }

    @Override
    public Lock writeLock() {
        return write;
    }

    /** One mode of the lock: spin on {@code tryLock}, then the blocking {@code lock}. */
    private static final class Spinning implements Lock {

        private final Lock lock;

        Spinning(Lock lock) {
            this.lock = lock;
        }

        @Override
        public void lock() {
            if (lock.tryLock()) {
                return;
            }
            for (int i = 0; i < SPINS; i++) {
                Thread.onSpinWait();
                if (lock.tryLock()) {
                    return;
                }
            }
            lock.lock();
        }

        @Override
        public void lockInterruptibly() throws InterruptedException {
            lock.lockInterruptibly();
        }

        @Override
        public boolean tryLock() {
            return lock.tryLock();
        }

        @Override
        public boolean tryLock(long time, TimeUnit unit) throws InterruptedException {
            return lock.tryLock(time, unit);
        }

        @Override
        public void unlock() {
            lock.unlock();
        }

        @Override
        public Condition newCondition() {
            return lock.newCondition();
        }
    }
}
