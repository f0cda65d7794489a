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
 * A fresh, empty store behind a real {@link BookStoreHTTPServer} serving HTTPS on a free loopback
 * port, with client certificates required, seen through the two proxies over TLS (real
 * handshakes, certificates made by {@code CertsMain} for this test JVM: {@link TestCerts#shared()}).
 * Each fixture starts its own server and closes it, and the proxies, on {@link #close()}.
 */
public final class HttpsStoreFixture implements StoreFixture {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    private final BookStoreHTTPServer server;
    private final BookStoreHTTPProxy client;
    private final StockManagerHTTPProxy stock;

    private HttpsStoreFixture(BookStoreHTTPServer server, BookStoreHTTPProxy client, StockManagerHTTPProxy stock) {
        this.server = server;
        this.client = client;
        this.stock = stock;
    }

    /** Starts an empty store over HTTPS, client certificates required, on a free port. */
    public static HttpsStoreFixture open() throws IOException {
        TestCerts certs = TestCerts.shared();
        ServerSettings settings = ServerSettings.defaults().withPort(0).withTls(ServerTls.of(certs.nodeCert(),
                certs.nodeKey()).withClientAuth(ServerTls.ClientAuth.REQUIRED, certs.ca()));
        BookStoreHTTPServer server = BookStoreHTTPServer.start(settings);
        BookStoreHTTPProxy client = null;
        try {
            // One TLS context for both proxies, as one program would hold.
            ClientTls tls = certs.clientTls(true);
            client = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT, null, tls);
            return new HttpsStoreFixture(server, client, new StockManagerHTTPProxy(server.baseUrl() + "/stock", TIMEOUT,
                    null, tls));
        } catch (RuntimeException e) {
            if (client != null) {
                client.close();
            }
            server.close();
            throw e;
        }
    }

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
