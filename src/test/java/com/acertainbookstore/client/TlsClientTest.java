package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TestCerts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The proxies over TLS: they refuse a server whose certificate is for another host or from
 * another authority, keep their connections alive (one handshake per connection, not per call),
 * and refuse settings that would send calls in clear text. Real servers, real handshakes.
 */
class TlsClientTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    static Path dir;
    private static TestCerts certs;

    @BeforeAll
    static void makeCertificates() {
        certs = TestCerts.make(dir.resolve("ours"));
    }

    private static BookStoreHTTPServer serve(Path cert, Path key) throws Exception {
        return BookStoreHTTPServer.start(new CertainBookStore(),
                ServerSettings.defaults().withPort(0).withTls(ServerTls.of(cert, key)));
    }

    private static void assertRefusedByHandshake(String url, String because) {
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(url, TIMEOUT, null, certs.clientTls(false))) {
            BookStoreException e = assertThrows(BookStoreException.class, proxy::health);
            Throwable cause = e;
            while (cause != null && !(cause instanceof SSLHandshakeException)) {
                cause = cause.getCause();
            }
            assertTrue(cause != null, "an SSLHandshakeException: " + e);
            assertTrue(String.valueOf(cause.getMessage()).contains(because), cause.getMessage());
        }
    }

    @Test
    void serverCertificateForAnotherHost_refused() throws Exception {
        Path[] elsewhere = certs.node("elsewhere", List.of("elsewhere.example", "10.9.9.9"));
        try (BookStoreHTTPServer server = serve(elsewhere[0], elsewhere[1])) {
            assertRefusedByHandshake("https://127.0.0.1:" + server.port(), "No subject alternative names matching IP address");
            assertRefusedByHandshake("https://localhost:" + server.port(), "No subject alternative DNS name matching localhost");
        }
    }

    @Test
    void serverCertificateFromAnotherAuthority_refused() throws Exception {
        TestCerts foreign = TestCerts.make(dir.resolve("foreign"));
        try (BookStoreHTTPServer server = serve(foreign.nodeCert(), foreign.nodeKey())) {
            assertRefusedByHandshake(server.baseUrl(), "PKIX path");
        }
    }

    @Test
    void keptAliveConnections_oneHandshakePerConnectionNotPerCall() throws Exception {
        try (BookStoreHTTPServer server = serve(certs.nodeCert(), certs.nodeKey());
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null, certs.clientTls(false))) {
            for (int i = 0; i < 200; i++) {
                proxy.health();
                proxy.getEditorPicks(0);
            }
            assertEquals(1, server.tlsHandshakes(), "400 calls from one thread on one kept-alive connection");
            assertEquals(1L, proxy.serverMetrics().get(com.acertainbookstore.protocol.Metric.TLS_HANDSHAKES), "/metrics");

            int threads = 4;
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            CountDownLatch start = new CountDownLatch(1);
            try {
                List<Future<Integer>> done = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    done.add(pool.submit(() -> {
                        start.await();
                        for (int i = 0; i < 100; i++) {
                            proxy.health();
                        }
                        return 100;
                    }));
                }
                start.countDown();
                for (Future<Integer> future : done) {
                    assertEquals(100, future.get(30, TimeUnit.SECONDS));
                }
            } finally {
                pool.shutdownNow();
            }
            assertTrue(server.tlsHandshakes() <= 1 + threads, server.tlsHandshakes() + " handshakes for 800 calls");
        }
    }

    /**
     * A mutating call on a connection idle past {@code HttpTransport.CHECK_AFTER_IDLE_MS} first
     * reads it with a 1 ms timeout ({@code Connection.isClosedWhileIdle}): over TLS that timed-out
     * read must leave the connection usable, and the call must go through on it.
     */
    @Test
    void mutatingCallAfterIdle_checksTheTlsConnectionAndReusesIt() throws Exception {
        try (BookStoreHTTPServer server = serve(certs.nodeCert(), certs.nodeKey());
                StockManagerHTTPProxy stock = new StockManagerHTTPProxy(server.baseUrl() + "/stock", TIMEOUT, null,
                        certs.clientTls(false))) {
            stock.addBooks(java.util.Set.of(new com.acertainbookstore.business.ImmutableStockBook(1, "T", "A", 1f, 5, 0,
                    0, 0, false)));
            Thread.sleep(HttpTransport.CHECK_AFTER_IDLE_MS + 200);
            stock.addCopies(java.util.Set.of(new com.acertainbookstore.business.BookCopy(1, 2)));
            assertEquals(7, stock.getBooksByISBN(java.util.Set.of(1)).get(0).getNumCopies());
            assertEquals(1, server.tlsHandshakes(), "the checked connection was kept");
        }
    }

    /**
     * A new connection of the same {@link ClientTls} resumes the session of the first (TLS 1.3
     * session tickets): its session carries the first one's creation time. A second
     * {@code ClientTls}, another context with its own cache, makes a session of its own (the
     * control that shows the check can fail).
     */
    @Test
    void newConnectionsOfOneContext_resumeItsSession_anotherContextDoesNot() throws Exception {
        try (BookStoreHTTPServer server = serve(certs.nodeCert(), certs.nodeKey())) {
            ClientTls tls = certs.clientTls(false);
            long first = sessionCreated(tls, server.port());
            Thread.sleep(20);
            assertEquals(first, sessionCreated(tls, server.port()), "resumed");
            assertEquals(first, sessionCreated(tls, server.port()), "resumed");
            assertTrue(sessionCreated(certs.clientTls(false), server.port()) > first, "another context: a new session");
        }
    }

    /** Opens a TLS connection, makes one call (which delivers the server's session ticket), and says when its session was made. */
    private static long sessionCreated(ClientTls tls, int port) throws Exception {
        java.net.Socket plain = new java.net.Socket();
        plain.connect(new java.net.InetSocketAddress("127.0.0.1", port), 5_000);
        try (javax.net.ssl.SSLSocket socket = tls.layer(plain, "127.0.0.1", port)) {
            socket.setSoTimeout(5_000);
            socket.startHandshake();
            socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(java.nio.charset.StandardCharsets.US_ASCII));
            int read = socket.getInputStream().read(new byte[1024]);
            assertTrue(read > 0, "an answer");
            assertEquals("TLSv1.3", socket.getSession().getProtocol());
            return socket.getSession().getCreationTime();
        }
    }

    @Test
    void mismatchedSchemeAndSettings_refusedWhenTheProxyIsBuilt() {
        IllegalArgumentException noTls = assertThrows(IllegalArgumentException.class,
                () -> new BookStoreHTTPProxy("https://127.0.0.1:1", TIMEOUT, null, null));
        assertTrue(noTls.getMessage().contains("client.tls.ca"), noTls.getMessage());
        IllegalArgumentException plain = assertThrows(IllegalArgumentException.class,
                () -> new StockManagerHTTPProxy("http://127.0.0.1:1/stock", TIMEOUT, "t0ken", certs.clientTls(false)));
        assertTrue(plain.getMessage().contains("use https://"), plain.getMessage());
    }

    @Test
    void fromProperties_readsClientTlsSettingsAndRefusesUnknownOnes() {
        assertNull(ClientTls.fromProperties(new Properties()));
        Properties properties = new Properties();
        properties.setProperty(ClientTls.CA, certs.ca().toString());
        properties.setProperty(ClientTls.CERT, certs.clientCert().toString());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ClientTls.fromProperties(properties)).getMessage()
                .contains("needs both client.tls.cert and client.tls.key"));
        properties.setProperty(ClientTls.KEY, certs.clientKey().toString());
        ClientTls.fromProperties(properties);
        properties.setProperty("client.tls.trust", "x");
        assertTrue(assertThrows(IllegalArgumentException.class, () -> ClientTls.fromProperties(properties)).getMessage()
                .contains("property client.tls.trust is unknown"));
    }
}
