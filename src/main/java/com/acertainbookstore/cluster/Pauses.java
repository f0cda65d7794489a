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
 * which guards {@code paused} and {@code guards}.
 */
final class Pauses {

    /** Guarded by the fleet's lock: whether replica i is stopped by {@link #pause}. */
    private final boolean[] paused;
    /** Guarded by the fleet's lock: the guard of replica i's pause, or null. */
    private final PauseGuard[] guards;

    Pauses(int replicas) {
        this.paused = new boolean[replicas];
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
        if (running == null || paused[i]) {
            throw new IllegalStateException("replica " + ReplicaGroup.peerName(i) + " is "
                    + (paused[i] ? "already paused" : "not running"));
        }
        guards[i] = PauseGuard.start(running.pid(), atMost);
        try {
            signal(running, "STOP");
        } catch (IOException | RuntimeException e) {
            guards[i].end();
            guards[i] = null;
            throw e;
        }
        paused[i] = true;
    }

    /**
     * Resumes replica i with SIGCONT if it is paused and {@code running} (its process, or null when
     * it does not run), and ends its pause guard; otherwise does nothing.
     */
    void resume(int i, ProcessHandle running) throws IOException {
        try {
            if (paused[i] && running != null) {
                signal(running, "CONT");
            }
        } finally {
            paused[i] = false;
            if (guards[i] != null) {
                guards[i].end();
                guards[i] = null;
            }
        }
    }

    /** Forgets a pause of replica i, whose process was killed. */
    void killed(int i) {
        paused[i] = false;
    }

    boolean isPaused(int i) {
        return paused[i];
    }

    /** Sends a signal with {@code kill -<name>} (Java has no SIGSTOP of its own); waits for it. */
    private static void signal(ProcessHandle process, String name) throws IOException {
        Commands.run(List.of("kill", "-" + name, Long.toString(process.pid())), null);
    }
}
