package com.acertainbookstore.workload.targets;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.cluster.ChildJvm;
import com.acertainbookstore.cluster.JavaRuntime;
import com.acertainbookstore.cluster.HttpProbe;
import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.tls.TemporaryCertificates;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The bookstore HTTP server in its own JVM ({@link ChildJvm}), forked on a free loopback port:
 * started from the public {@code main} of {@value #SERVER_CLASS}, ready once it printed its
 * address and answers {@code /health}, stopped by closing its stdin, then destroyed if it
 * lingers; never outlives this JVM. Its output goes to a log file. Safe to share: {@link #close()}
 * is idempotent and may be called from any thread.
 */
final class ServerProcess implements AutoCloseable {

    static final String SERVER_CLASS = "com.acertainbookstore.server.BookStoreHTTPServer";
    private static final Pattern LISTENING =
            Pattern.compile("BookStoreHTTPServer listening on (https?://127\\.0\\.0\\.1:[0-9]+)");
    /** A readiness probe over TLS: each attempt's deadline. */
    private static final Duration PROBE_TIMEOUT = Duration.ofSeconds(2);

    private final ChildJvm child;
    private final URI url;

    private ServerProcess(ChildJvm child, URI url) {
        this.child = child;
        this.url = url;
    }

    /**
     * Forks the server on {@code runtime} ({@code locking} null: its default mode) and waits until
     * it answers {@code /health}; with {@code certs}, it serves HTTPS with their node certificate
     * and requires their client certificate. On any failure the process is stopped and the
     * exception names the log.
     */
    static ServerProcess start(Locking locking, JavaRuntime runtime, List<String> jvmArgs, BearerToken token,
            Path log, double startSeconds, TemporaryCertificates certs) throws IOException, InterruptedException {
        List<String> options = new ArrayList<>(ChildJvm.SERVER_OPTIONS);
        options.addAll(jvmArgs);
        options.add("-Dbookstore.port=0");
        options.add("-Dbookstore.exitOnStdinEof=true");
        if (locking != null) {
            options.add("-Dbookstore.locking=" + locking.name());
        }
        if (certs != null) {
            options.add("-D" + ServerSettings.TLS_CERT + "=" + certs.nodeCert());
            options.add("-D" + ServerSettings.TLS_KEY + "=" + certs.nodeKey());
            options.add("-D" + ServerSettings.TLS_CA + "=" + certs.ca());
            options.add("-D" + ServerSettings.TLS_CLIENT_AUTH + "=" + ServerTls.ClientAuth.REQUIRED);
        }
        ChildJvm child = ChildJvm.start(runtime, SERVER_CLASS, options, tokenEnvironment(token), log, false, LISTENING);
        ServerProcess server = null;
        try {
            long deadline = System.nanoTime() + (long) (startSeconds * 1e9);
            URI url = URI.create(child.awaitReady(Duration.ofNanos(deadline - System.nanoTime())));
            if (certs == null) {
                HttpProbe.await(url.resolve("/health"), answer -> answer.status() == 200, deadline, child);
            } else {
                awaitHealthOverTls(url, certs, deadline, child);
            }
            server = new ServerProcess(child, url);
            return server;
        } catch (IOException e) {
            throw new IOException("server JVM did not come up within " + startSeconds + " s ("
                    + e.getMessage() + "); command " + child.command(), e);
        } finally {
            if (server == null) {
                child.stop();
            }
        }
    }

    /** Calls {@code /health} over TLS until it answers 200, the deadline passes or the child ends. */
    private static void awaitHealthOverTls(URI url, TemporaryCertificates certs, long deadline, ChildJvm child)
            throws IOException, InterruptedException {
        try (BookStoreHTTPProxy probe = new BookStoreHTTPProxy(url.toString(), PROBE_TIMEOUT, null, certs.clientTls())) {
            while (true) {
                try {
                    probe.health();
                    return;
                } catch (BookStoreException e) {
                    if (!child.isAlive() || System.nanoTime() - deadline >= 0) {
                        throw new IOException("no answer to /health over TLS: " + e.getMessage(), e);
                    }
                    Thread.sleep(50);
                }
            }
        }
    }

    /**
     * The child's environment for a token: it goes by the environment, which {@code ps} does not
     * show, never on the command line; without one, an inherited variable is removed.
     */
    static Map<String, String> tokenEnvironment(BearerToken token) {
        Map<String, String> environment = new HashMap<>();
        environment.put(BearerToken.ENVIRONMENT_VARIABLE, token == null ? null : token.value());
        return environment;
    }

    URI url() {
        return url;
    }

    Path log() {
        return child.log();
    }

    /** The server's pid while it runs, else -1. */
    long pid() {
        return child.isAlive() ? child.process().pid() : -1;
    }

    /** Stops the server: stdin closed, then destroy, then destroy forcibly; waits for it to end. */
    @Override
    public void close() {
        child.stop();
    }
}
