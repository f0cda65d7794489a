package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.tls.TestCerts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The server's TLS settings, its refusals at start, and the secure default beyond loopback. */
class TlsServerTest {

    private static final ServerSettings ANY_PORT = ServerSettings.defaults().withPort(0);

    @TempDir
    static Path dir;
    private static TestCerts certs;

    @BeforeAll
    static void makeCertificates() {
        certs = TestCerts.make(dir.resolve("certs"));
    }

    @Test
    void fromProperties_tlsSettings_areRead() {
        ServerSettings settings = ServerSettings.fromProperties(ServerSettingsTest.properties("bookstore.tls.cert", "/a/n1.pem",
                "bookstore.tls.key", "/a/n1-key.pem", "bookstore.tls.ca", "/a/ca.pem", "bookstore.tls.clientAuth",
                "Required", "bookstore.tls.handshakeTimeoutMs", "2500", "bookstore.insecure", "true"));
        assertEquals(new ServerTls(Path.of("/a/n1.pem"), Path.of("/a/n1-key.pem"), Path.of("/a/ca.pem"),
                ServerTls.ClientAuth.REQUIRED, 2500), settings.tls());
        assertTrue(settings.insecure());
        assertEquals(null, ServerSettings.fromProperties(new Properties()).tls());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "bookstore.tls.cert=/a.pem                                              | TLS needs both bookstore.tls.cert and bookstore.tls.key",
        "bookstore.tls.ca=/ca.pem                                               | TLS needs both bookstore.tls.cert and bookstore.tls.key",
        "bookstore.tls.cert=/a.pem,bookstore.tls.key=/k.pem,bookstore.tls.clientAuth=required | bookstore.tls.clientAuth=required needs bookstore.tls.ca",
        "bookstore.tls.cert=/a.pem,bookstore.tls.key=/k.pem,bookstore.tls.clientAuth=maybe    | bookstore.tls.clientAuth 'maybe' is invalid: must be none, optional or required",
        "bookstore.tls.cert=/a.pem,bookstore.tls.key=/k.pem,bookstore.tls.handshakeTimeoutMs=5 | bookstore.tls.handshakeTimeoutMs '5' is invalid: handshakeTimeoutMs (5) must be >= 100",
        "bookstore.insecure=yes                                                 | bookstore.insecure 'yes' is invalid: must be true or false",
        "bookstore.tls.kee=/k.pem                                               | property bookstore.tls.kee is unknown"})
    void fromProperties_badTlsSettings_refusedNamingThem(String given, String expected) {
        Properties properties = new Properties();
        for (String pair : given.trim().split(",")) {
            String[] parts = pair.split("=", 2);
            properties.setProperty(parts[0], parts[1]);
        }
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ServerSettings.fromProperties(properties));
        assertTrue(e.getMessage().contains(expected.trim()), e.getMessage());
    }

    @Test
    void start_withTls_servesHttpsOnlyAndSaysSoInItsUrl() throws Exception {
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(),
                ANY_PORT.withTls(ServerTls.of(certs.nodeCert(), certs.nodeKey())));
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl(), Duration.ofSeconds(5), null,
                        certs.clientTls(false));
                BookStoreHTTPProxy plain = new BookStoreHTTPProxy("http://127.0.0.1:" + server.port(),
                        Duration.ofSeconds(5))) {
            assertEquals("https://127.0.0.1:" + server.port(), server.baseUrl());
            proxy.health();
            assertThrows(com.acertainbookstore.business.BookStoreException.class, plain::health);
        }
    }

    @Test
    void start_badTlsFiles_refusedNamingSettingAndFile_nothingStarted() throws Exception {
        Path missing = dir.resolve("missing.pem");
        Path empty = dir.resolve("empty.pem");
        Files.writeString(empty, "");
        assertStartRefused(ServerTls.of(missing, certs.nodeKey()), "bookstore.tls.cert '" + missing + "' does not exist");
        assertStartRefused(ServerTls.of(certs.nodeCert(), empty), "bookstore.tls.key '" + empty + "' holds no private key");
        assertStartRefused(ServerTls.of(certs.nodeCert(), certs.clientKey()), "bookstore.tls.key '" + certs.clientKey()
                + "' is not the key of the certificate in bookstore.tls.cert '" + certs.nodeCert() + "'");
        assertStartRefused(ServerTls.of(certs.nodeCert(), certs.nodeKey()).withClientAuth(ServerTls.ClientAuth.OPTIONAL,
                certs.nodeKey()), "bookstore.tls.ca '" + certs.nodeKey() + "' holds no certificate");
    }

    private static void assertStartRefused(ServerTls tls, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT.withTls(tls)));
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
        assertEquals(Set.of(), BookStoreHTTPServerTest.serverThreads(), "no thread left running");
    }

    @Test
    void start_nonLoopbackWithTokenWithoutTls_isRefusedNamingTheSettings() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> BookStoreHTTPServer.start(
                new CertainBookStore(), ANY_PORT.withHost("0.0.0.0").withToken("s3cret")));
        assertTrue(e.getMessage().contains("0.0.0.0") && e.getMessage().contains("without TLS")
                && e.getMessage().contains("bookstore.tls.cert") && e.getMessage().contains("bookstore.tls.key")
                && e.getMessage().contains("bookstore.insecure=true"), e.getMessage());
        assertEquals(Set.of(), BookStoreHTTPServerTest.serverThreads());
    }

    @Test
    void start_nonLoopbackWithTlsOrInsecure_serves() throws Exception {
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT.withHost("0.0.0.0")
                .withToken("s3cret").withTls(ServerTls.of(certs.nodeCert(), certs.nodeKey())))) {
            assertTrue(server.baseUrl().startsWith("https://"), server.baseUrl());
        }
        java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
        java.io.PrintStream standardError = System.err;
        BookStoreHTTPServer insecure;
        // Tests run one at a time in this JVM (no parallel execution is configured): nothing else writes meanwhile.
        System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            insecure = BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT.withHost("0.0.0.0").withToken("s3cret")
                    .withInsecure(true));
        } finally {
            System.setErr(standardError);
        }
        try (BookStoreHTTPServer server = insecure;
                BookStoreHTTPProxy proxy = new BookStoreHTTPProxy("http://127.0.0.1:" + server.port())) {
            proxy.health();
        }
        String warning = warnings.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(warning.startsWith("WARNING: BookStoreHTTPServer serves PLAIN HTTP on 0.0.0.0:")
                && warning.contains("bookstore.insecure=true"), warning);
    }
}
