package com.acertainbookstore.interfaces;

import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TestCerts;
import java.io.IOException;
import java.time.Duration;

/**
 * A fresh, empty store behind a real {@link BookStoreHTTPServer} on a free loopback port (HTTP,
 * or HTTPS: {@link #openHttps()}), seen through the two proxies (the stock proxy carries the server's token, if any). Each fixture
 * starts its own server and closes it, and the proxies' connections, on {@link #close()}, so
 * nothing outlives a test. Not shared between tests; its proxies are safe to share between the
 * threads of one test.
 */
public final class HttpStoreFixture implements StoreFixture {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final BookStoreHTTPServer server;
    private final BookStoreHTTPProxy client;
    private final StockManagerHTTPProxy stock;

    private HttpStoreFixture(BookStoreHTTPServer server, BookStoreHTTPProxy client, StockManagerHTTPProxy stock) {
        this.server = server;
        this.client = client;
        this.stock = stock;
    }

    /** Starts an empty store in the default locking mode on a free port. */
    public static HttpStoreFixture open() throws IOException {
        return open(ServerSettings.defaults().withPort(0));
    }

    /**
     * Starts an empty store serving HTTPS on a free port, client certificates required, seen
     * through proxies over TLS (real handshakes; certificates made by {@code CertsMain} for this
     * test JVM: {@link TestCerts#shared()}).
     */
    public static HttpStoreFixture openHttps() throws IOException {
        TestCerts certs = TestCerts.shared();
        return open(ServerSettings.defaults().withPort(0).withTls(ServerTls.of(certs.nodeCert(), certs.nodeKey())
                .withClientAuth(ServerTls.ClientAuth.REQUIRED, certs.ca())), certs.clientTls(true));
    }

    /** Starts an empty store with these settings (their locking mode chooses the store's). */
    public static HttpStoreFixture open(ServerSettings settings) throws IOException {
        return open(settings, null);
    }

    /**
     * Starts an empty store with these settings, its proxies speaking TLS with {@code tls} (one
     * context for both, as one program would hold), or plain HTTP when it is null.
     */
    public static HttpStoreFixture open(ServerSettings settings, ClientTls tls) throws IOException {
        BookStoreHTTPServer server = BookStoreHTTPServer.start(settings);
        BookStoreHTTPProxy client = null;
        try {
            client = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null, tls);
            return new HttpStoreFixture(server, client,
                    new StockManagerHTTPProxy(server.baseUrl() + "/stock", TIMEOUT, settings.token(), tls));
        } catch (RuntimeException e) {
            if (client != null) {
                client.close();
            }
            server.close();
            throw e;
        }
    }

    /** The running server (its port and base URL). */
    public BookStoreHTTPServer server() {
        return server;
    }

    @Override
    public BookStoreHTTPProxy client() {
        return client;
    }

    @Override
    public StockManagerHTTPProxy stock() {
        return stock;
    }

    @Override
    public void close() {
        try {
            client.close();
            stock.close();
        } finally {
            server.close();
        }
    }
}
