package com.acertainbookstore.workload.running;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.wire.BearerToken;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.HttpURLConnection;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The bookstore HTTP server in its own JVM, forked on a free loopback port: started from the
 * public {@code main} of {@value #SERVER_CLASS}, ready once it printed its address and answers
 * {@code /health}, stopped by closing its stdin, then destroyed if it lingers. A shutdown hook
 * stops it if this JVM exits first (Ctrl-C). Its output goes to a log file. Safe to share:
 * {@link #close()} is idempotent and synchronized.
 */
final class ServerProcess implements AutoCloseable {

    static final String SERVER_CLASS = "com.acertainbookstore.server.BookStoreHTTPServer";
    private static final Pattern LISTENING =
            Pattern.compile("BookStoreHTTPServer listening on (http://127\\.0\\.0\\.1:[0-9]+)");
    private static final long GRACE_SECONDS = 10;

    private final Process process;
    private final URI url;
    private final Thread drainer;
    private final Thread hook;
    private final Path log;
    private boolean closed;

    private ServerProcess(Process process, URI url, Thread drainer, Thread hook, Path log) {
        this.process = process;
        this.url = url;
        this.drainer = drainer;
        this.hook = hook;
        this.log = log;
    }

    /**
     * Forks the server ({@code locking} null: its default mode) and waits until it answers
     * {@code /health}; on any failure the process is stopped and the exception names the log.
     */
    static ServerProcess start(Locking locking, List<String> jvmArgs, BearerToken token, Path log,
            double startSeconds) throws IOException, InterruptedException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        // Out of memory, a server exits rather than lingers half-alive and skews the run.
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.addAll(jvmArgs);
        command.add("-cp");
        command.add(classPath());
        command.add("-Dbookstore.port=0");
        command.add("-Dbookstore.exitOnStdinEof=true");
        if (locking != null) {
            command.add("-Dbookstore.locking=" + locking.name());
        }
        command.add(SERVER_CLASS);
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        // The token goes by the environment, which ps does not show, never on the command line.
        builder.environment().remove(BearerToken.ENVIRONMENT_VARIABLE);
        if (token != null) {
            builder.environment().put(BearerToken.ENVIRONMENT_VARIABLE, token.value());
        }
        Process process = builder.start();
        Thread hook = new Thread(() -> stop(process), "workload-server-stopper");
        Runtime.getRuntime().addShutdownHook(hook);
        CompletableFuture<URI> address = new CompletableFuture<>();
        Thread drainer = new Thread(() -> drain(process, log, address), "workload-server-log");
        drainer.setDaemon(true);
        drainer.start();
        ServerProcess server = null;
        try {
            long deadline = System.nanoTime() + (long) (startSeconds * 1e9);
            URI url = address.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            awaitHealth(url, deadline, process);
            server = new ServerProcess(process, url, drainer, hook, log);
            return server;
        } catch (ExecutionException | TimeoutException e) {
            throw new IOException("server JVM did not come up within " + startSeconds + " s ("
                    + (process.isAlive() ? "still running" : "exited with " + process.exitValue())
                    + "); command " + command + "; see " + log.toAbsolutePath(), e);
        } finally {
            if (server == null) {
                stop(process);
                removeHook(hook);
            }
        }
    }

    URI url() {
        return url;
    }

    Path log() {
        return log;
    }

    /** Stops the server: stdin closed, then destroy, then destroy forcibly; waits for it to end. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        stop(process);
        removeHook(hook);
        try {
            drainer.join(TimeUnit.SECONDS.toMillis(GRACE_SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void stop(Process process) {
        try {
            process.getOutputStream().close();
            if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                process.destroy();
                if (!process.waitFor(GRACE_SECONDS, TimeUnit.SECONDS)) {
                    process.destroyForcibly().waitFor(GRACE_SECONDS, TimeUnit.SECONDS);
                }
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The JVM is exiting and runs the hook itself.
        }
    }

    /** Copies the server's output to the log until it ends, completing {@code address} on its line. */
    private static void drain(Process process, Path log, CompletableFuture<URI> address) {
        try (BufferedReader in = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer out = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                out.write(line);
                out.write('\n');
                out.flush();
                Matcher matcher = LISTENING.matcher(line);
                if (!address.isDone() && matcher.find()) {
                    address.complete(new URI(matcher.group(1)));
                }
            }
            address.completeExceptionally(new IOException("server output ended without its address line"));
        } catch (IOException | URISyntaxException e) {
            address.completeExceptionally(e);
        }
    }

    private static void awaitHealth(URI url, long deadline, Process process)
            throws IOException, InterruptedException, TimeoutException {
        IOException last = null;
        while (System.nanoTime() < deadline && process.isAlive()) {
            try {
                HttpURLConnection connection = (HttpURLConnection) url.resolve("/health").toURL().openConnection();
                connection.setConnectTimeout(1000);
                connection.setReadTimeout(1000);
                int status = connection.getResponseCode();
                connection.disconnect();
                if (status == 200) {
                    return;
                }
                last = new IOException("/health answered " + status);
            } catch (IOException e) {
                last = e;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
        throw new TimeoutException("/health of " + url + " did not answer 200" + (last == null ? "" : ": " + last));
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    /**
     * This program's class path: the URLs of the class loader that loaded it (under
     * {@code mvn exec:java} the project's classes and dependencies; its parents, Maven's own, are
     * left out), else {@code java.class.path}.
     */
    static String classPath() {
        Set<String> entries = new LinkedHashSet<>();
        if (ServerProcess.class.getClassLoader() instanceof URLClassLoader loader) {
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
