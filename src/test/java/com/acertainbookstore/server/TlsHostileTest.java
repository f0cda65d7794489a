package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TestCerts;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hostile callers of a server that serves HTTPS and requires client certificates: real Jetty,
 * real handshakes, certificates this class makes ({@code docs/hostile-callers.md}, "TLS"). Each
 * attack is followed by a good call, which must still work.
 */
class TlsHostileTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(5);
    private static final long HANDSHAKE_TIMEOUT_MS = 500;

    @TempDir
    static Path dir;
    private static TestCerts certs;
    private static BookStoreHTTPServer server;
    private static BookStoreHTTPProxy good;

    @BeforeAll
    static void start() throws IOException {
        certs = TestCerts.make(dir.resolve("ours"));
        server = BookStoreHTTPServer.start(new CertainBookStore(), ServerSettings.defaults().withPort(0).withTls(
                ServerTls.of(certs.nodeCert(), certs.nodeKey()).withClientAuth(ServerTls.ClientAuth.REQUIRED, certs.ca())
                        .withHandshakeTimeoutMs(HANDSHAKE_TIMEOUT_MS)));
        good = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null, certs.clientTls(true));
    }

    @AfterAll
    static void stop() {
        try {
            if (good != null) {
                good.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /** The attack was refused: the call failed on the TLS handshake, and a good client is served right after. */
    private static void assertRefusedThenServing(ClientTls tls) throws Exception {
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null, tls)) {
            BookStoreException e = assertThrows(BookStoreException.class, proxy::health);
            assertTrue(hasSslCause(e), "refused by TLS: " + e);
        }
        good.health();
    }

    static boolean hasSslCause(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof javax.net.ssl.SSLException || cause instanceof SocketException) {
                return true;
            }
        }
        return false;
    }

    @Test
    void clientWithoutCertificate_refused() throws Exception {
        assertRefusedThenServing(certs.clientTls(false));
    }

    @Test
    void clientCertificateFromAnotherAuthority_refused() throws Exception {
        TestCerts foreign = TestCerts.make(dir.resolve("foreign"));
        assertRefusedThenServing(ClientTls.fromFiles(certs.ca(), foreign.clientCert(), foreign.clientKey()));
    }

    @Test
    void expiredClientCertificate_refused() throws Exception {
        Path[] expired = certs.expiredClient("expired");
        assertRefusedThenServing(ClientTls.fromFiles(certs.ca(), expired[0], expired[1]));
    }

    /**
     * A client certificate names a client, not the host it calls from: one of this authority's,
     * valid and for client use, is accepted whatever host names it holds. (What refuses a
     * stranger is the authority; {@code client/TlsClientTest} checks the server's host name.)
     */
    @Test
    void clientCertificateForAnotherHost_acceptedBecauseTheAuthoritySignedIt() throws Exception {
        Path[] other = certs.node("elsewhere", List.of("elsewhere.example"));
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null,
                ClientTls.fromFiles(certs.ca(), other[0], other[1]))) {
            proxy.health();
        }
    }

    @ParameterizedTest
    @ValueSource(ints = {ClientHello.TLS_1_0, ClientHello.TLS_1_1})
    void oldProtocolOffered_refusedWithAnAlert(int version) throws Exception {
        ClientHello.Answer answer = ClientHello.send(server.port(), ClientHello.of(version,
                ClientHello.ECDHE_ECDSA_AES_128_CBC_SHA));
        assertTrue(answer.reply() == ClientHello.Reply.ALERT || answer.reply() == ClientHello.Reply.CLOSED,
                "TLS " + Integer.toHexString(version) + ": " + answer);
        good.health();
    }

    @Test
    void weakSuitesOffered_refusedWithAnAlert_whileAStrongOneIsAccepted() throws Exception {
        ClientHello.Answer control = ClientHello.send(server.port(), ClientHello.of(ClientHello.TLS_1_2,
                ClientHello.ECDHE_ECDSA_AES_128_GCM_SHA256));
        assertEquals(ClientHello.Reply.SERVER_HELLO, control.reply(), "the hand-made hello itself is acceptable");
        for (int suite : new int[] {ClientHello.ECDHE_ECDSA_AES_128_CBC_SHA, ClientHello.ECDHE_ECDSA_AES_128_CBC_SHA256,
                ClientHello.RSA_AES_128_CBC_SHA, ClientHello.RSA_3DES_EDE_CBC_SHA, ClientHello.RSA_RC4_128_SHA}) {
            ClientHello.Answer answer = ClientHello.send(server.port(), ClientHello.of(ClientHello.TLS_1_2, suite));
            assertTrue(answer.reply() == ClientHello.Reply.ALERT || answer.reply() == ClientHello.Reply.CLOSED,
                    "suite 0x" + Integer.toHexString(suite) + ": " + answer);
        }
        good.health();
    }

    @Test
    void plainHttpToTheTlsPort_closedPromptlyWithoutAnHttpAnswer() throws Exception {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
            socket.setSoTimeout(5_000);
            long start = System.nanoTime();
            socket.getOutputStream().write("GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            byte[] received = readToEnd(socket.getInputStream());
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(millis < 1_000, "closed after " + millis + " ms");
            assertTrue(!new String(received, StandardCharsets.ISO_8859_1).contains("HTTP/"), "no HTTP answer in clear");
        }
        good.health();
    }

    /**
     * A thousand connections that never finish their handshake (half send nothing, half stop in
     * the middle of a ClientHello): the server keeps serving others at once, and closes every one
     * of them within the handshake timeout (checked once per fifth of it).
     */
    @Test
    void thousandStalledHandshakes_boundedByTheTimeout_othersServedMeanwhile() throws Exception {
        byte[] hello = ClientHello.of(ClientHello.TLS_1_2, ClientHello.ECDHE_ECDSA_AES_128_GCM_SHA256);
        List<Socket> stalled = new ArrayList<>();
        try {
            long opened = System.nanoTime();
            for (int i = 0; i < 1_000; i++) {
                Socket socket = new Socket();
                stalled.add(socket);
                socket.connect(new InetSocketAddress("127.0.0.1", server.port()), 5_000);
                if (i % 2 == 1) {
                    socket.getOutputStream().write(hello, 0, hello.length / 2);
                }
            }
            long handshakesBefore = server.tlsHandshakes();
            try (BookStoreHTTPProxy other = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null, certs.clientTls(true))) {
                long start = System.nanoTime();
                other.health();
                long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                assertTrue(millis < 1_000, "a new client's handshake and call took " + millis + " ms beside 1,000 stalled");
            }
            assertEquals(handshakesBefore + 1, server.tlsHandshakes());
            for (Socket socket : stalled) {
                socket.setSoTimeout(5_000);
                readToEnd(socket.getInputStream());
            }
            long millis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - opened);
            assertTrue(millis < HANDSHAKE_TIMEOUT_MS + 3_000, "all 1,000 closed by the server after " + millis + " ms");
        } finally {
            for (Socket socket : stalled) {
                socket.close();
            }
        }
        good.health();
    }

    /** Reads until the server ends the connection (end of stream or reset); fails the test on a 5 s silence. */
    private static byte[] readToEnd(InputStream in) throws IOException {
        java.io.ByteArrayOutputStream received = new java.io.ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        try {
            int read;
            while ((read = in.read(buffer)) >= 0) {
                received.write(buffer, 0, read);
            }
        } catch (SocketTimeoutException e) {
            throw new AssertionError("the server kept the connection open for 5 s", e);
        } catch (SocketException reset) {
            // Reset by the server: closed too.
        }
        return received.toByteArray();
    }
}
