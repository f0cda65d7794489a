package com.acertainbookstore.cluster;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Deque;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One forked JVM running a class of this program: started with this program's class path, its
 * standard output and error drained to a log file by a daemon thread, ready once it printed a
 * line matching the caller's pattern. It never outlives this JVM: a shutdown hook stops it when
 * this JVM exits first (Ctrl-C, SIGTERM), and a child started with an exit-on-end-of-stdin option
 * also ends when this JVM dies by SIGKILL (its stdin pipe closes).
 *
 * <p>Thread safety: safe to share. {@link #stop()} and {@link #kill()} may be called from any
 * thread, repeatedly (ending a process twice is harmless; {@code ended} under {@code this} lets
 * one caller drop the hook); the ready address and the last lines are written by the drainer and
 * read through a future and a synchronized deque.
 */
public final class ChildJvm {

    /**
     * The first options of every forked server (the single server, a replica), before the
     * caller's own so that those win. Out of memory, a server exits rather than lingers half-alive.
     * Its heap is fixed at 1 GiB, committed and touched at start. Left growable (G1's default), a
     * replica's heap shrank under load, with frequent concurrent cycles and fresh pages faulted in
     * as it grew again; touched at start but still growable, each later growth was touched inside
     * a collection pause, long enough for a leader to lose its leadership. Fixed, it never grows
     * or shrinks. Why, and the measurement that decided it: docs/decisions/fixed-heap.md.
     */
    public static final List<String> SERVER_OPTIONS = List.of("-XX:+ExitOnOutOfMemoryError", "-Xms1g", "-Xmx1g",
            "-XX:+AlwaysPreTouch");

    /** How long each step of a graceful stop (stdin closed, then SIGTERM) may take. */
    private static final Duration GRACE = Duration.ofSeconds(10);
    /** Lines of output kept in memory for error messages. */
    private static final int KEPT_LINES = 5;

    private final Process process;
    private final List<String> command;
    private final Path log;
    private final Thread drainer;
    private final Thread hook;
    private final CompletableFuture<String> ready = new CompletableFuture<>();
    /** Guarded by itself: the last lines the child printed. */
    private final Deque<String> lastLines = new ArrayDeque<>();
    /** Guarded by {@code this}. */
    private boolean ended;

    private ChildJvm(List<String> command, Map<String, String> environment, Path log, boolean appendLog,
            Pattern readyLine) throws IOException {
        this.command = List.copyOf(command);
        this.log = log;
        Files.createDirectories(log.toAbsolutePath().getParent());
        Writer out = appendLog
                ? Files.newBufferedWriter(log, StandardCharsets.UTF_8, StandardOpenOption.CREATE,
                        StandardOpenOption.APPEND)
                : Files.newBufferedWriter(log, StandardCharsets.UTF_8);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        environment.forEach((name, value) -> {
            if (value == null) {
                builder.environment().remove(name);
            } else {
                builder.environment().put(name, value);
            }
        });
        try {
            this.process = builder.start();
        } catch (IOException e) {
            out.close();
            throw e;
        }
        this.hook = new Thread(() -> stopAll(List.of(this)), "child-jvm-stopper-" + process.pid());
        Runtime.getRuntime().addShutdownHook(hook);
        this.drainer = new Thread(() -> drain(out, readyLine), "child-jvm-log-" + process.pid());
        drainer.setDaemon(true);
        drainer.start();
    }

    /**
     * Forks {@code java <jvmOptions> -cp <this program's class path> <mainClass>} on {@code runtime}.
     *
     * @param environment variables to set in the child's environment (a null value removes one)
     * @param log         the file the child's output goes to (created, or appended to)
     * @param readyLine   the line that says the child is ready; group 1 is its address, if any
     */
    public static ChildJvm start(JavaRuntime runtime, String mainClass, List<String> jvmOptions,
            Map<String, String> environment, Path log, boolean appendLog, Pattern readyLine) throws IOException {
        return start(List.of(), runtime, mainClass, jvmOptions, environment, log, appendLog, readyLine);
    }

    /**
     * As {@link #start(JavaRuntime, String, List, Map, Path, boolean, Pattern)}, run through a
     * command that must exec the JVM in its own process (such as {@code ip netns exec <name>}), so
     * that the process this object signals is the JVM itself.
     *
     * @param prefix the command and its arguments before {@code java}; empty for none
     */
    public static ChildJvm start(List<String> prefix, JavaRuntime runtime, String mainClass, List<String> jvmOptions,
            Map<String, String> environment, Path log, boolean appendLog, Pattern readyLine) throws IOException {
        return start(prefix, runtime, classPath(), mainClass, jvmOptions, environment, log, appendLog, readyLine);
    }

    /** As {@link #start(List, JavaRuntime, String, List, Map, Path, boolean, Pattern)} with this class path. */
    static ChildJvm start(List<String> prefix, JavaRuntime runtime, String classPath, String mainClass,
            List<String> jvmOptions, Map<String, String> environment, Path log, boolean appendLog, Pattern readyLine)
            throws IOException {
        List<String> command = new ArrayList<>(prefix);
        command.add(runtime.java().toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classPath);
        command.add(mainClass);
        return new ChildJvm(command, environment, log, appendLog, readyLine);
    }

    /**
     * Waits until the child printed its ready line and answers the line's group 1 (the whole
     * line when the pattern has no group).
     *
     * @throws IOException the child ended, or did not print it in time; the message says which,
     *     with its exit status, its last lines and its log
     */
    public String awaitReady(Duration timeout) throws IOException, InterruptedException {
        try {
            return ready.get(Math.max(1, timeout.toNanos()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException((e instanceof TimeoutException ? "did not say it was ready within "
                    + timeout.toMillis() + " ms" : "ended before saying it was ready") + " (" + describe() + ")", e);
        }
    }

    /** Whether the process still runs. */
    public boolean isAlive() {
        return process.isAlive();
    }

    public Process process() {
        return process;
    }

    public Path log() {
        return log;
    }

    public List<String> command() {
        return command;
    }

    /** The last lines the child printed (at most a few), oldest first. */
    public List<String> lastLines() {
        synchronized (lastLines) {
            return List.copyOf(lastLines);
        }
    }

    /** Running or its exit status, its last line and its log, for messages. */
    public String describe() {
        List<String> lines = lastLines();
        return (process.isAlive() ? "still running" : "exited with status " + process.exitValue())
                + (lines.isEmpty() ? ", printed nothing" : ", last line: " + lines.get(lines.size() - 1))
                + "; log " + log.toAbsolutePath();
    }

    /** Stops the child gracefully ({@link #stopAll}) and waits for it and its log. */
    public void stop() {
        stopAll(List.of(this));
    }

    /** SIGKILL ({@code destroyForcibly} on Linux); waits for the process to end and its log to be written. */
    public void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor();
        finish();
    }

    /**
     * Stops these children together: closes every one's stdin (a child started with an
     * exit-on-end-of-stdin option then exits cleanly), then sends SIGTERM to those still running
     * after a grace time, then SIGKILL; waits for every one to end. Never throws; an interrupt
     * is kept for the caller after every child was killed.
     */
    public static void stopAll(Collection<ChildJvm> children) {
        boolean interrupted = false;
        for (ChildJvm child : children) {
            try {
                child.process.getOutputStream().close();
            } catch (IOException ignored) {
                // Already closed: the child is ending or has ended.
            }
        }
        try {
            awaitAll(children);
            for (ChildJvm child : children) {
                child.process.destroy();
            }
            awaitAll(children);
        } catch (InterruptedException e) {
            interrupted = true;
        }
        for (ChildJvm child : children) {
            child.process.destroyForcibly();
            try {
                child.process.waitFor(GRACE.toMillis(), TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                interrupted = true;
            }
            child.finish();
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitAll(Collection<ChildJvm> children) throws InterruptedException {
        long deadline = System.nanoTime() + GRACE.toNanos();
        for (ChildJvm child : children) {
            child.process.waitFor(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        }
    }

    /** Once the process ended: lets the drainer write the last lines and drops the shutdown hook. */
    private void finish() {
        synchronized (this) {
            if (ended) {
                return;
            }
            ended = true;
        }
        try {
            drainer.join(GRACE.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting and runs the hook itself (this call may come from it).
        }
    }

    /** Copies the child's output to the log until it ends, completing {@link #ready} on its line. */
    private void drain(Writer out, Pattern readyLine) {
        try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                out) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.write(line);
                out.write('\n');
                out.flush();
                synchronized (lastLines) {
                    if (lastLines.size() == KEPT_LINES) {
                        lastLines.removeFirst();
                    }
                    lastLines.addLast(line);
                }
                Matcher matcher = readyLine.matcher(line);
                if (!ready.isDone() && matcher.find()) {
                    ready.complete(matcher.groupCount() > 0 ? matcher.group(1) : line);
                }
            }
        } catch (IOException e) {
            ready.completeExceptionally(e);
        } finally {
            ready.completeExceptionally(new IOException("output ended without the ready line"));
        }
    }

    /**
     * This program's class path: the URLs of the class loader that loaded it (under
     * {@code mvn exec:java} the project's classes and dependencies; its parents, Maven's own, are
     * left out), else {@code java.class.path}.
     */
    public static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        if (ChildJvm.class.getClassLoader() instanceof URLClassLoader loader) {
            for (URL url : loader.getURLs()) {
                try {
                    entries.add(Path.of(url.toURI()).toString());
                } catch (URISyntaxException | IllegalArgumentException notAFile) {
                    // Not a local file: the forked JVM could not use it either.
                }
            }
        }
        if (entries.isEmpty()) {
            return System.getProperty("java.class.path");
        }
        return String.join(File.pathSeparator, entries);
    }
}
