package com.acertainbookstore.workload.targets;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TemporaryCertificates;
import com.acertainbookstore.workload.sampling.SampledProcess;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A store over HTTP: the client proxies to a server, either a running one at the URL
 * {@code workload.server} names or one forked for this series on a free loopback port
 * ({@link ServerProcess}), over HTTPS with certificates made for the run when
 * {@code workload.tls} is true. The resource figures are the server JVM's ({@code /metrics}). Safe to
 * share between workers (the proxies are thread-safe); {@link #close()} stops the proxies and the
 * forked server.
 */
public final class HttpTarget implements Target {

    /** Each call's deadline: far beyond any answer the harness should wait for. */
    private static final Duration CALL_TIMEOUT = Duration.ofSeconds(30);

    private final Locking locking;
    private final ServerProcess server;
    private final BookStoreHTTPProxy bookStore;
    private final StockManagerHTTPProxy stockManager;
    /** The forked server as the process sampler sees it, or null with {@code workload.server}. */
    private final ServerJvmProcess serverJvm;

    /** The run's certificates (removed on close), or null for plain HTTP. */
    private final TemporaryCertificates certs;

    private HttpTarget(Locking locking, ServerProcess server, URI url, BearerToken token, TemporaryCertificates certs) {
        this.locking = locking;
        this.server = server;
        this.certs = certs;
        String base = url.toString().replaceAll("/+$", "");
        String secret = token == null ? null : token.value();
        // One TLS context for both proxies: their connections resume one session.
        ClientTls tls = certs == null ? null : certs.clientTls();
        BookStoreHTTPProxy customer = new BookStoreHTTPProxy(base, CALL_TIMEOUT, secret, tls);
        StockManagerHTTPProxy stock = null;
        try {
            stock = new StockManagerHTTPProxy(base + "/stock", CALL_TIMEOUT, secret, tls);
            this.serverJvm = server == null ? null : new ServerJvmProcess("server", server::pid,
                    new BookStoreHTTPProxy(base, ServerJvmProcess.METRICS_TIMEOUT, secret, tls));
        } catch (RuntimeException e) {
            customer.close();
            if (stock != null) {
                stock.close();
            }
            throw e;
        }
        this.stockManager = stock;
        this.bookStore = customer;
    }

    /**
     * Connects to {@code workload.server}, or forks a server JVM (in the given mode when the
     * settings name modes, else in its default mode) and connects to it; with
     * {@code workload.replicas}, forks that many replicas instead ({@link ReplicatedTarget}).
     */
    public static Target open(WorkloadConfig config, Locking locking) throws Exception {
        if (config.replicas > 0) {
            return ReplicatedTarget.open(config, locking);
        }
        if (config.server != null) {
            return new HttpTarget(locking, null, config.server, config.token, null);
        }
        Locking asked = config.lockings.isEmpty() ? null : locking;
        Path log = config.resultsDir.resolve("http-server-" + locking.name() + ".log");
        TemporaryCertificates certs = config.tls ? TemporaryCertificates.make("bookstore-workload-certs-") : null;
        System.out.println("starting the server JVM" + (asked == null ? " (default locking)" : " (" + asked + ")")
                + " on " + config.serverRuntime.describe()
                + (certs == null ? "" : ", HTTPS with certificates in " + certs.dir()) + ", log " + log);
        ServerProcess server = null;
        try {
            server = ServerProcess.start(asked, config.serverRuntime, config.serverJvmArgs, config.token, log,
                    config.serverStartSeconds, certs);
            System.out.println("server JVM up at " + server.url());
            return new HttpTarget(locking, server, server.url(), config.token, certs);
        } catch (Exception e) {
            if (server != null) {
                server.close();
            }
            if (certs != null) {
                certs.close();
            }
            throw e;
        }
    }

    @Override
    public Locking locking() {
        return locking;
    }

    @Override
    public BookStore bookStore() {
        return bookStore;
    }

    @Override
    public StockManager stockManager() {
        return stockManager;
    }

    @Override
    public HealthProbe health() {
        return bookStore::health;
    }

    /**
     * Opens a connection per worker in each proxy's pool (every worker calls one proxy at a
     * time), so that a point starts on open connections. Without this, 2000 workers starting at
     * once opened their connections at 100-400 a second while competing with each other for the
     * CPU, and the warm-up, which waits for every worker's first interaction, lasted 20-30 s.
     * Pooled connections stay open between repetitions (idle timeouts: client 30 s, server 120 s).
     */
    @Override
    public void prepare(int workers) throws Exception {
        bookStore.openConnections(workers);
        stockManager.openConnections(workers);
    }

    @Override
    public ProcessSample sample() throws Exception {
        return ProcessSample.ofServerMetrics(bookStore.serverMetrics());
    }

    /** The harness, and the forked server when there is one. */
    @Override
    public List<SampledProcess> processes() {
        return serverJvm == null ? List.of(HarnessProcess.INSTANCE) : List.of(HarnessProcess.INSTANCE, serverJvm);
    }

    /** Prints the server's TLS handshakes per call: kept-alive connections make it far below one. */
    private void reportHandshakes() {
        try {
            Map<Metric, Long> metrics = bookStore.serverMetrics();
            Long handshakes = metrics.get(Metric.TLS_HANDSHAKES);
            Long calls = metrics.get(Metric.CALLS);
            if (handshakes != null && calls != null && calls > 0) {
                System.out.printf(Locale.ROOT, "server: %,d TLS handshakes for %,d calls (%.5f per call)%n", handshakes,
                        calls, (double) handshakes / calls);
            }
        } catch (BookStoreException e) {
            System.out.println("server: TLS handshakes not known (" + e.getMessage() + ")");
        }
    }

    @Override
    public void close() {
        if (certs != null) {
            reportHandshakes();
        }
        try {
            bookStore.close();
            stockManager.close();
            if (serverJvm != null) {
                serverJvm.close();
            }
        } finally {
            if (server != null) {
                server.close();
                System.out.println("server JVM stopped");
            }
            if (certs != null) {
                try {
                    certs.close();
                } catch (java.io.IOException e) {
                    System.err.println("the run's certificates in " + certs.dir() + " could not be removed: " + e);
                }
            }
        }
    }
}
