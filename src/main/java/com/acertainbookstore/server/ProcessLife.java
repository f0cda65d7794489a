package com.acertainbookstore.server;

import java.io.IOException;
import java.io.InputStream;

/**
 * How a server process (the standalone server, a replica) lives and dies: a fatal error in any
 * thread ends it, SIGTERM stops it within a grace period or halts it, and a forked one can stop
 * when its standard input ends. Stateless; safe to share.
 */
public final class ProcessLife {

    /** How long SIGTERM may take before the JVM is halted regardless. */
    static final long SHUTDOWN_GRACE_MS = 10_000;

    private ProcessLife() {
    }

    /**
     * Makes an error escaping any thread reported as {@code who: thread ... failed}, and out of
     * memory fatal (the process exits with status {@value FatalErrors#OUT_OF_MEMORY_STATUS}).
     */
    public static void reportUncaught(String who) {
        Thread.setDefaultUncaughtExceptionHandler((thread, error) -> {
            FatalErrors.EXIT.onError(error);
            System.err.println(who + ": thread " + thread.getName() + " failed: " + error);
        });
    }

    /**
     * Runs {@code stop} (on SIGTERM, from a shutdown hook); if that takes longer than
     * {@value #SHUTDOWN_GRACE_MS} ms (a JVM short of memory may never finish), halts the JVM:
     * SIGTERM always stops the process.
     */
    public static void stopOrHalt(String who, Runnable stop) {
        Thread watchdog = new Thread(() -> {
            try {
                Thread.sleep(SHUTDOWN_GRACE_MS);
                System.err.println(who + ": not stopped after " + SHUTDOWN_GRACE_MS + " ms, halting");
                Runtime.getRuntime().halt(1);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "shutdown-watchdog");
        watchdog.setDaemon(true);
        watchdog.start();
        stop.run();
        watchdog.interrupt();
    }

    /**
     * Once {@code in} ends, runs {@code stop} and then ends this JVM with {@code status}, from a
     * daemon thread: a forked process whose parent is gone or stops it (its standard input, a pipe
     * the parent held, then ends) exits whatever it is doing, its shutdown hooks run. A parent
     * that stops it with SIGTERM closes its input just after the signal: a shutdown already under
     * way by the time {@code stop} returns is left alone, so the JVM exits with the signal's status
     * (143). Returns at once.
     *
     * @param stop the orderly stop (idempotent, as the shutdown hook may run it too)
     */
    public static void exitWhenInputEnds(String who, InputStream in, Runnable stop, int status) {
        Thread watch = new Thread(() -> {
            awaitEndOfInput(who, in);
            try {
                stop.run();
            } catch (RuntimeException e) {
                System.err.println(who + ": stopping at the end of standard input failed: " + e);
            }
            if (!shuttingDown()) {
                System.exit(status);
            }
        }, "stdin-watch");
        watch.setDaemon(true);
        watch.start();
    }

    /** Whether this JVM's shutdown has begun (it then takes no new shutdown hook). */
    private static boolean shuttingDown() {
        Thread probe = new Thread(() -> { }, "shutdown-probe");
        try {
            Runtime.getRuntime().addShutdownHook(probe);
            Runtime.getRuntime().removeShutdownHook(probe);
            return false;
        } catch (IllegalStateException e) {
            return true;
        }
    }

    /** Returns when {@code in} ends (or fails: said on standard error as {@code who: ...}). */
    private static void awaitEndOfInput(String who, InputStream in) {
        byte[] sink = new byte[256];
        try {
            int read;
            do {
                read = in.read(sink);
            } while (read >= 0);
        } catch (IOException e) {
            System.err.println(who + ": standard input failed (" + e.getMessage() + "), stopping");
        }
    }
}
