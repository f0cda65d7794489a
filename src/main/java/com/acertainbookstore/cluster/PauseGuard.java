package com.acertainbookstore.cluster;

import java.io.IOException;
import java.time.Duration;

/**
 * The safety net of a pause ({@link Pauses}): a stopped replica cannot notice that this JVM died
 * (its stdin closing), so a process outside this JVM, {@code sh -c "sleep N; kill -CONT <pid>"},
 * resumes it after the pause's planned length plus {@value #SLACK_SECONDS} s whatever happens here;
 * a resumed replica whose fleet is gone then exits at the end of its stdin. {@link #end} stops the
 * guard when the pause ends as planned. Safe to share ({@link Process} is).
 */
final class PauseGuard {

    /** How long after a pause's planned end its guard resumes the replica anyway. */
    static final long SLACK_SECONDS = 5;

    private final Process shell;

    private PauseGuard(Process shell) {
        this.shell = shell;
    }

    /** Starts the guard of process {@code pid}, paused for at most {@code atMost}. */
    static PauseGuard start(long pid, Duration atMost) throws IOException {
        long seconds = Math.max(1, (atMost.toMillis() + 999) / 1000) + SLACK_SECONDS;
        return new PauseGuard(new ProcessBuilder("sh", "-c", "sleep " + seconds + "; kill -CONT " + pid
                + " 2>/dev/null").redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start());
    }

    /** Ends the guard without resuming anything. */
    void end() {
        // Its sleep first, or the sleep would outlive the shell.
        shell.descendants().forEach(ProcessHandle::destroy);
        shell.destroy();
    }
}
