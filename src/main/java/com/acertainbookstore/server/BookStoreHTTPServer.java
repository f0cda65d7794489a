package com.acertainbookstore.server;

import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.store.CertainBookStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import org.eclipse.jetty.http.HttpVersion;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.SslConnectionFactory;
import org.eclipse.jetty.unixdomain.server.UnixDomainServerConnector;
import org.eclipse.jetty.util.ssl.SslContextFactory;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * A {@link CertainBookStore} served over HTTP by embedded Jetty 12 (the protocol: paths, statuses,
 * headers, vocabulary and limits, in the project's {@code docs/protocol.md}). {@link #start}
 * serves a given store; {@link #main} is the standalone process. Safe to share between threads;
 * {@link #close()} is idempotent and stops every thread the server started.
 *
 * <p>Sizing: one acceptor and two selectors handle thousands of idle keep-alive connections
 * without a thread each, and run the calls themselves (the handler is non-blocking: see
 * {@link BookStoreHandler}); up to {@value #MAX_THREADS} pool threads run the rest, such as calls
 * whose body arrived after their headers.
 *
 * <p>Against slow or hostile callers: at most {@link ServerSettings#maxConnections} connections
 * (Jetty's {@link NetworkConnectionLimit} stops accepting past it); request headers of at most
 * {@value #MAX_HEADER_BYTES} bytes (Jetty's default), which must arrive within
 * {@link ServerSettings#requestTimeoutMs} ({@link RequestDeadlines}); a body read without holding
 * a thread, within the same time ({@link BodyReader}); idle keep-alive connections closed after
 * {@value #IDLE_TIMEOUT_MS} ms (the client proxies close theirs sooner, so neither side writes on
 * a connection the other is closing).
 *
 * <p>With {@link ServerSettings#tls} it serves HTTPS only (TLS 1.3 and 1.2, forward-secret AEAD
 * suites, from PEM files: {@link TlsConnectors}), each handshake bounded by its timeout
 * ({@link HandshakeDeadlines}). Beyond loopback it refuses to start without TLS unless told
 * {@link ServerSettings#insecure}, and then prints a warning. The Unix-domain socket, reached only
 * through the file system, stays plain HTTP.
 */
public final class BookStoreHTTPServer implements AutoCloseable {

    static final int MAX_THREADS = 256;
    private static final int MIN_THREADS = 8;
    private static final int ACCEPT_QUEUE = 4096;
    private static final long IDLE_TIMEOUT_MS = 120_000;
    private static final int MAX_HEADER_BYTES = 8192;
    /** How long a stopping server waits for calls in progress. */
    private static final long STOP_TIMEOUT_MS = 2_000;
    private static final String NAME = "BookStoreHTTPServer";

    private final Server server;
    private final String baseUrl;
    private final int port;
    /** The TLS connector's handshake watch; {@code null} for plain HTTP. */
    private final HandshakeDeadlines handshakes;

    private BookStoreHTTPServer(Server server, String host, int port, HandshakeDeadlines handshakes) {
        this.server = server;
        this.handshakes = handshakes;
        boolean tls = handshakes != null;
        this.port = port;
        this.baseUrl = (tls ? "https://" : "http://") + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }

    /**
     * Starts serving a new, empty store in the settings' locking mode; see
     * {@link #start(CertainBookStore, ServerSettings)}.
     */
    public static BookStoreHTTPServer start(ServerSettings settings) throws IOException {
        if (settings == null) {
            throw new IllegalArgumentException("settings must not be null");
        }
        return start(new CertainBookStore(settings.locking()), settings);
    }

    /**
     * Starts serving {@code store} with {@code settings} (whose locking mode is ignored here: the
     * store has its own). Returns once the server accepts calls.
     *
     * @throws IOException when the address cannot be bound (the message names host and port); no
     *     thread is left running
     * @throws IllegalArgumentException when the host is unknown, or not a loopback address while
     *     no token protects /stock or without TLS (unless insecure), or a TLS file cannot be used
     *     (the message names the setting and the file); no thread is left running
     */
    public static BookStoreHTTPServer start(CertainBookStore store, ServerSettings settings) throws IOException {
        return start(store, settings, FatalErrors.REPORT);
    }

    private static BookStoreHTTPServer start(CertainBookStore store, ServerSettings settings, FatalErrors fatal)
            throws IOException {
        if (store == null || settings == null) {
            throw new IllegalArgumentException("store and settings must not be null");
        }
        return start(settings, null, (loopback, handshakes, traffic) -> new BookStoreHandler(
                new StoreDispatcher(store, store), settings, loopback, fatal, handshakes, traffic));
    }

    /**
     * Starts serving {@code service}, an asynchronous store such as a replica of the replicated
     * store (see {@link StoreService}), with {@code settings} (whose locking mode is ignored).
     * Returns once the server accepts calls.
     *
     * @param standalone {@code true} in a server process of its own: out of memory, the JVM then
     *     exits at once (status {@value FatalErrors#OUT_OF_MEMORY_STATUS}); {@code false} when
     *     embedded, where the embedding program decides
     * @throws IOException when the address cannot be bound (the message names host and port); no
     *     thread is left running
     * @throws IllegalArgumentException when the host is unknown, or not a loopback address while
     *     no token protects /stock or without TLS (unless insecure), or a TLS file cannot be used
     *     (the message names the setting and the file); no thread is left running
     */
    public static BookStoreHTTPServer start(StoreService service, ServerSettings settings, boolean standalone)
            throws IOException {
        return start(service, settings, standalone, null);
    }

    /**
     * As {@link #start(StoreService, ServerSettings, boolean)}, and serving the same calls on a
     * Unix-domain socket too, when {@code socket} is not null: a program that cannot reach the
     * host (a replica in a network namespace of its own) is reached through the file system. The
     * socket counts as the same address as the host (the same token rule), and shares the
     * connection limit; a stale socket file left by a killed server is replaced.
     *
     * @throws IOException the socket's directory is missing, or the file is in use
     */
    public static BookStoreHTTPServer start(StoreService service, ServerSettings settings, boolean standalone,
            Path socket) throws IOException {
        if (service == null || settings == null) {
            throw new IllegalArgumentException("service and settings must not be null");
        }
        FatalErrors fatal = standalone ? FatalErrors.EXIT : FatalErrors.REPORT;
        return start(settings, socket, (loopback, handshakes, traffic) -> new BookStoreHandler(service, settings,
                loopback, fatal, handshakes, traffic));
    }

    private static BookStoreHTTPServer start(ServerSettings settings, Path socket,
            HandlerMaker handler) throws IOException {
        boolean loopback = checkHost(settings);
        // Read before anything starts: a bad file refuses the start with nothing half-started.
        SslContextFactory.Server tls = settings.tls() == null ? null : TlsConnectors.contextFactory(settings.tls());
        QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, MIN_THREADS);
        threads.setName("bookstore-server");
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(false);
        http.setRequestHeaderSize(MAX_HEADER_BYTES);
        ServerConnector connector = tls == null ? new ServerConnector(server, 1, 2, new HttpConnectionFactory(http))
                : new ServerConnector(server, 1, 2, new SslConnectionFactory(tls, HttpVersion.HTTP_1_1.asString()),
                        new HttpConnectionFactory(http));
        connector.setHost(settings.host());
        connector.setPort(settings.port());
        connector.setAcceptQueueSize(ACCEPT_QUEUE);
        connector.setIdleTimeout(IDLE_TIMEOUT_MS);
        RequestDeadlines deadlines = new RequestDeadlines(server.getScheduler(), settings.requestTimeoutMs());
        connector.addBean(deadlines);
        HttpTraffic traffic = new HttpTraffic();
        connector.addBean(traffic);
        HandshakeDeadlines handshakes = tls == null ? null
                : new HandshakeDeadlines(server.getScheduler(), settings.tls().handshakeTimeoutMs());
        if (handshakes != null) {
            connector.addBean(handshakes);
        }
        server.addConnector(connector);
        if (socket != null) {
            // A socket file outlives a killed server; nothing else may be serving on it (the caller owns the path).
            Files.deleteIfExists(socket);
            UnixDomainServerConnector local = new UnixDomainServerConnector(server, 1, 1,
                    new HttpConnectionFactory(http));
            local.setUnixDomainPath(socket);
            local.setAcceptQueueSize(ACCEPT_QUEUE);
            local.setIdleTimeout(IDLE_TIMEOUT_MS);
            local.addBean(deadlines);
            local.addBean(traffic);
            server.addConnector(local);
        }
        server.addBean(new NetworkConnectionLimit(settings.maxConnections(), server));
        server.setErrorHandler(new XmlErrorHandler());
        server.setHandler(handler.make(loopback, handshakes == null ? null : handshakes::handshakes, traffic));
        server.setStopTimeout(STOP_TIMEOUT_MS);
        try {
            server.start();
        } catch (Exception e) {
            stopQuietly(server);
            throw new IOException("cannot serve on " + settings.host() + ":" + settings.port() + " ("
                    + (settings.port() == 0 ? "" : "port in use? ") + rootMessage(e) + ")", e);
        }
        if (!loopback && tls == null) {
            System.err.println("WARNING: BookStoreHTTPServer serves PLAIN HTTP on " + settings.host() + ":"
                    + connector.getLocalPort() + ", beyond loopback (" + ServerSettings.INSECURE + "=true): every call,"
                    + " and the stock manager's token, crosses the network unencrypted. Give " + ServerSettings.TLS_CERT
                    + " and " + ServerSettings.TLS_KEY + " to serve HTTPS.");
        }
        return new BookStoreHTTPServer(server, settings.host(), connector.getLocalPort(), handshakes);
    }

    /**
     * Whether the settings' host is a loopback address; refuses an unknown host, or one beyond
     * loopback without a token, or without TLS unless {@link ServerSettings#insecure} (the check
     * {@link #start} makes, for a process that must refuse before it starts anything else).
     *
     * @throws IllegalArgumentException naming the host, the rule and the settings to give
     */
    public static boolean checkHost(ServerSettings settings) {
        InetAddress address;
        try {
            address = InetAddress.getByName(settings.host());
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("host '" + settings.host() + "' is unknown", e);
        }
        if (address.isLoopbackAddress()) {
            return true;
        }
        List<String> missing = new ArrayList<>();
        if (settings.token() == null) {
            missing.add("without a token (set bookstore.tokenFile or " + BearerToken.ENVIRONMENT_VARIABLE
                    + " to protect /stock)");
        }
        if (settings.tls() == null && !settings.insecure()) {
            missing.add("without TLS (set " + ServerSettings.TLS_CERT + " and " + ServerSettings.TLS_KEY
                    + " to serve HTTPS, or " + ServerSettings.INSECURE + "=true to serve plain HTTP all the same)");
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("host " + settings.host() + " is not a loopback address: refusing to"
                    + " serve " + String.join(", or ", missing));
        }
        return false;
    }

    /** Makes the server's handler, once the connectors exist. */
    @FunctionalInterface
    private interface HandlerMaker {
        /**
         * @param tlsHandshakes the TLS connector's handshake count, or {@code null} for plain HTTP
         * @param traffic       the connectors' HTTP bytes
         */
        BookStoreHandler make(boolean loopback, LongSupplier tlsHandshakes, HttpTraffic traffic);
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.getClass().getSimpleName() + ": " + root.getMessage();
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception ignored) {
            // Stopping after a failed start: the start failure is what the caller needs to see.
        }
    }

    /** The bound port (the chosen one when the settings said 0). */
    public int port() {
        return port;
    }

    /** {@code http://host:port} ({@code https://} with TLS), the base URL of the customer's operations. */
    public String baseUrl() {
        return baseUrl;
    }

    /**
     * TLS handshakes that succeeded since the start, full or resumed ({@code 0} for plain HTTP): a
     * client on kept-alive connections makes one per connection, not one per call.
     */
    public long tlsHandshakes() {
        return handshakes == null ? 0 : handshakes.handshakes();
    }

    /** Stops the server and every thread it started; waits at most a few seconds. */
    @Override
    public void close() {
        try {
            server.stop();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the server on port " + port + " failed", e);
        }
    }

    /**
     * The standalone server: settings from {@code bookstore.*} system properties (see
     * {@link ServerSettings#fromProperties}); prints one line
     * {@code BookStoreHTTPServer listening on http://host:port} once it accepts calls; stops on
     * SIGTERM, and on end of standard input when {@code -Dbookstore.exitOnStdinEof=true}.
     */
    public static void main(String[] args) throws InterruptedException {
        ProcessLife.reportUncaught(NAME);
        ServerSettings settings;
        boolean exitOnStdinEof;
        BookStoreHTTPServer server;
        try {
            settings = ServerSettings.fromProperties(System.getProperties(), System.getenv());
            exitOnStdinEof = ServerSettings.exitOnStdinEof(System.getProperties());
            server = start(new CertainBookStore(settings.locking()), settings, FatalErrors.EXIT);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("BookStoreHTTPServer: " + e.getMessage());
            System.exit(1);
            return;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessLife.stopOrHalt(NAME, server::close),
                "bookstore-server-shutdown"));
        System.out.println("BookStoreHTTPServer listening on " + server.baseUrl());
        System.out.flush();
        if (exitOnStdinEof) {
            ProcessLife.exitWhenInputEnds(NAME, System.in, server::close, 0);
        }
        server.server.join();
    }
}
