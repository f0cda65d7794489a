package com.acertainbookstore.store;

import java.lang.management.LockInfo;
import java.lang.management.ManagementFactory;
import java.lang.management.MonitorInfo;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Test harness: runs tasks on their own threads, all released at once by a start gate, and hands
 * their results back to the calling (test) thread. A task's exception, or the deadline passing,
 * becomes an {@link AssertionError} thrown on the calling thread; on a timeout its message holds
 * every thread's stack and the locks each one holds and waits for, so a deadlock names its locks.
 * The threads are always shut down before {@link #run} returns (daemon threads, so a task stuck in
 * a deadlock cannot keep the JVM alive).
 *
 * <p>Not meant to be shared: one call of {@link #run} owns its threads.
 */
final class ConcurrentRun {

    private ConcurrentRun() {
    }

    /** Runs every task on its own thread behind a start gate; returns their results in order. */
    static <T> List<T> run(Duration timeout, List<? extends Callable<T>> tasks) throws InterruptedException {
        AtomicInteger ids = new AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(tasks.size(), runnable -> {
            Thread thread = new Thread(runnable, "concurrent-run-" + ids.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        });
        CountDownLatch ready = new CountDownLatch(tasks.size());
        CountDownLatch gate = new CountDownLatch(1);
        long deadline = System.nanoTime() + timeout.toNanos();
        try {
            List<Future<T>> futures = new ArrayList<>(tasks.size());
            for (Callable<T> task : tasks) {
                futures.add(pool.submit(() -> {
                    ready.countDown();
                    gate.await();
                    return task.call();
                }));
            }
            if (!ready.await(deadline - System.nanoTime(), TimeUnit.NANOSECONDS)) {
                throw new AssertionError("the " + tasks.size() + " threads did not start within "
                        + timeout + "\n" + threadDump());
            }
            gate.countDown();
            return collect(futures, deadline, timeout);
        } finally {
            pool.shutdownNow();
            pool.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static <T> List<T> collect(List<Future<T>> futures, long deadline, Duration timeout)
            throws InterruptedException {
        List<T> results = new ArrayList<>(futures.size());
        AssertionError failure = null;
        for (int i = 0; i < futures.size(); i++) {
            try {
                results.add(futures.get(i).get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS));
            } catch (TimeoutException stuck) {
                throw new AssertionError("task " + i + " of " + futures.size() + " did not finish within "
                        + timeout + " (deadlock or livelock?)\n" + threadDump());
            } catch (ExecutionException thrown) {
                AssertionError taskFailure = new AssertionError("task " + i + " failed: " + thrown.getCause(),
                        thrown.getCause());
                if (failure == null) {
                    failure = taskFailure;
                } else {
                    failure.addSuppressed(taskFailure);
                }
                results.add(null);
            }
        }
        if (failure != null) {
            throw failure;
        }
        return results;
    }

    /** Every live thread: state, the lock it waits for and its owner, full stack, locks held. */
    static String threadDump() {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        StringBuilder dump = new StringBuilder("thread dump:\n");
        long[] deadlocked = threads.findDeadlockedThreads();
        if (deadlocked != null) {
            dump.append("deadlocked thread ids: ").append(Arrays.toString(deadlocked)).append('\n');
        }
        for (ThreadInfo info : threads.dumpAllThreads(true, true)) {
            dump.append('"').append(info.getThreadName()).append("\" ").append(info.getThreadState());
            if (info.getLockName() != null) {
                dump.append(" waiting for ").append(info.getLockName());
            }
            if (info.getLockOwnerName() != null) {
                dump.append(" owned by \"").append(info.getLockOwnerName()).append('"');
            }
            dump.append('\n');
            for (StackTraceElement frame : info.getStackTrace()) {
                dump.append("    at ").append(frame).append('\n');
            }
            for (MonitorInfo monitor : info.getLockedMonitors()) {
                dump.append("    holds monitor ").append(monitor).append('\n');
            }
            for (LockInfo lock : info.getLockedSynchronizers()) {
                dump.append("    holds ").append(lock).append('\n');
            }
        }
        return dump.toString();
    }
}
