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

    /** Returns when {@code in} ends (or fails: said on standard error as {@code who: ...}). */
    public static void awaitEndOfInput(String who, InputStream in) {
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
