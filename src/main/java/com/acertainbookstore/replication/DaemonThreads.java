package com.acertainbookstore.replication;

import java.util.concurrent.ThreadFactory;

/** The thread factory of a replica's pools: daemon threads, so that a pool never holds the JVM up. */
final class DaemonThreads {

    private DaemonThreads() {
    }

    /** Makes daemon threads, each named {@code name}. */
    static ThreadFactory named(String name) {
        return runnable -> {
            Thread thread = new Thread(runnable, name);
            thread.setDaemon(true);
            return thread;
        };
    }
}
