package com.acertainbookstore.server;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * A sweep the server's scheduler runs every period while the bean is started: what the deadlines
 * ({@link RequestDeadlines}, {@link HandshakeDeadlines}) share. Only the scheduler's thread runs
 * {@link #sweep()}, one sweep at a time; a sweep that throws does not end the next ones.
 */
abstract class PeriodicSweep extends AbstractLifeCycle {

    private final Scheduler scheduler;
    private final long periodMs;
    private volatile Scheduler.Task next;

    PeriodicSweep(Scheduler scheduler, long periodMs) {
        this.scheduler = scheduler;
        this.periodMs = periodMs;
    }

    /** One sweep; the scheduler's thread only. */
    abstract void sweep();

    @Override
    protected void doStart() {
        next = scheduler.schedule(this::run, periodMs, TimeUnit.MILLISECONDS);
    }

    @Override
    protected void doStop() {
        Scheduler.Task task = next;
        if (task != null) {
            task.cancel();
        }
    }

    private void run() {
        try {
            sweep();
        } finally {
            if (isRunning()) {
                next = scheduler.schedule(this::run, periodMs, TimeUnit.MILLISECONDS);
            }
        }
    }
}
