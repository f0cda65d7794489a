package com.acertainbookstore.cluster;

import com.acertainbookstore.replication.ReplicaGroup;
import java.io.IOException;
import java.time.Duration;
import java.util.List;

/**
 * Which replicas are paused: stopped with SIGSTOP, keeping their sockets and memory but running
 * nothing, as in a long GC pause, until SIGCONT; each pause has its {@link PauseGuard}.
 *
 * <p>Thread safety: not safe to share on its own; {@link ReplicaFleet} calls it holding its lock,
 * which guards {@code guards}.
 */
final class Pauses {

    /** Guarded by the fleet's lock: the guard of replica i's pause, or null when it is not paused. */
    private final PauseGuard[] guards;

    Pauses(int replicas) {
        this.guards = new PauseGuard[replicas];
    }

    /**
     * Stops replica i ({@code running}, its process, or null when it does not run) for about
     * {@code atMost}, its guard started first.
     *
     * @throws IllegalStateException it is not running, or already paused
     * @throws IOException the signal could not be sent (the guard is ended)
     */
    void pause(int i, ProcessHandle running, Duration atMost) throws IOException {
        if (running == null || isPaused(i)) {
            throw new IllegalStateException("replica " + ReplicaGroup.peerName(i) + " is "
                    + (isPaused(i) ? "already paused" : "not running"));
        }
        guards[i] = PauseGuard.start(running.pid(), atMost);
        try {
            signal(running, "STOP");
        } catch (IOException | RuntimeException e) {
            guards[i].end();
            guards[i] = null;
            throw e;
        }
    }

    /**
     * Resumes replica i with SIGCONT if it is paused and {@code running} (its process, or null when
     * it does not run), and ends its pause guard; otherwise does nothing.
     */
    void resume(int i, ProcessHandle running) throws IOException {
        try {
            if (isPaused(i) && running != null) {
                signal(running, "CONT");
            }
        } finally {
            endGuard(i);
        }
    }

    /** Forgets a pause of replica i, whose process was killed, and ends its guard. */
    void killed(int i) {
        endGuard(i);
    }

    boolean isPaused(int i) {
        return guards[i] != null;
    }

    private void endGuard(int i) {
        if (guards[i] != null) {
            guards[i].end();
            guards[i] = null;
        }
    }

    /** Sends a signal with {@code kill -<name>} (Java has no SIGSTOP of its own); waits for it. */
    private static void signal(ProcessHandle process, String name) throws IOException {
        Commands.run(List.of("kill", "-" + name, Long.toString(process.pid())), null);
    }
}
