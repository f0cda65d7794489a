package com.acertainbookstore.interfaces;

import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.server.BookStoreHTTPServer;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.time.Duration;

/**
 * A fresh, empty store behind a real {@link BookStoreHTTPServer} on a free loopback port, seen
 * through the two HTTP proxies (the stock proxy carries the server's token, if any). Each fixture
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

    /** Starts an empty store with these settings (their locking mode chooses the store's). */
    public static HttpStoreFixture open(ServerSettings settings) throws IOException {
        BookStoreHTTPServer server = BookStoreHTTPServer.start(settings);
        BookStoreHTTPProxy client = null;
        try {
            client = new BookStoreHTTPProxy(server.baseUrl(), TIMEOUT);
            return new HttpStoreFixture(server, client,
                    new StockManagerHTTPProxy(server.baseUrl() + "/stock", TIMEOUT, settings.token()));
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
