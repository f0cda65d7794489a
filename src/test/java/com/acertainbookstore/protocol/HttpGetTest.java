package com.acertainbookstore.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.tls.TestCerts;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The probes' GET over HTTPS, as a replica asks its peers' {@code /health}: against a real server
 * that requires client certificates, with certificates the test makes. A context of the server's
 * authority presenting a client certificate gets the answer; an {@code https} URL without a
 * context is refused before any connection; a context of another authority fails the handshake.
 */
class HttpGetTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);

    @TempDir
    Path dir;

    @Test
    void get_https_withTheGroupsContext_answers_otherwiseRefused() throws Exception {
        TestCerts certs = TestCerts.make(dir.resolve("certs"));
        TestCerts other = TestCerts.make(dir.resolve("other"));
        ServerSettings settings = ServerSettings.defaults().withPort(0).withTls(ServerTls.of(certs.nodeCert(),
                certs.nodeKey()).withClientAuth(ServerTls.ClientAuth.REQUIRED, certs.ca()));
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(), settings)) {
            URI health = URI.create(server.baseUrl()).resolve("/health");
            assertTrue(health.toString().startsWith("https://127.0.0.1:"), health.toString());
            HttpGet.Answer answer = HttpGet.get(health, TIMEOUT, certs.clientTls(true).context());
            assertEquals(200, answer.status(), answer.body());
            IllegalArgumentException noContext = assertThrows(IllegalArgumentException.class,
                    () -> HttpGet.get(health, TIMEOUT));
            assertEquals(health + " is https: a TLS context is needed to call it", noContext.getMessage());
            assertThrows(IOException.class, () -> HttpGet.get(health, TIMEOUT, other.clientTls(true).context()),
                    "a server certificate of another authority");
            assertThrows(IOException.class, () -> HttpGet.get(health, TIMEOUT, certs.clientTls(false).context()),
                    "no client certificate where one is required");
        }
    }
}
