package com.acertainbookstore.replica;

import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.interfaces.StoreFixture;
import com.acertainbookstore.replication.ReplicaSettings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * An empty replicated store for one contract test: three whole replicas (Ratis, replicated
 * service, HTTP) in this JVM on free loopback ports, seen through the two proxies given the list
 * of the three URLs, exactly as a user of the group sees it.
 *
 * <p>The group is started once, by the first test that asks, and shared by the contract tests
 * (an election per test would cost more than the whole suite); each fixture empties the store
 * through the proxies ({@code removeAllBooks}, itself a replicated write) before the test, so a
 * test sees an empty store as with the other implementations. A JVM shutdown hook closes the
 * group and deletes its storage when the test JVM ends. Not thread-safe to open; its proxies are
 * safe to share between the threads of one test.
 */
public final class ReplicatedStoreFixture implements StoreFixture {

    private static final Duration TIMEOUT = Duration.ofSeconds(30);
    private static final Duration ELECTION = Duration.ofSeconds(20);
    /** Guarded by the class. */
    private static LocalReplicas shared;

    private final BookStoreHTTPProxy client;
    private final StockManagerHTTPProxy stock;

    private ReplicatedStoreFixture(BookStoreHTTPProxy client, StockManagerHTTPProxy stock) {
        this.client = client;
        this.stock = stock;
    }

    /** Proxies to the shared group (started on first use), the store emptied. */
    public static ReplicatedStoreFixture open() throws Exception {
        LocalReplicas group = group();
        List<String> urls = new ArrayList<>();
        List<String> stockUrls = new ArrayList<>();
        for (int i = 0; i < group.size(); i++) {
            urls.add(group.url(i));
            stockUrls.add(group.url(i) + "/stock");
        }
        BookStoreHTTPProxy client = new BookStoreHTTPProxy(urls, TIMEOUT, null);
        StockManagerHTTPProxy stock = null;
        try {
            stock = new StockManagerHTTPProxy(stockUrls, TIMEOUT, null);
            stock.removeAllBooks();
            return new ReplicatedStoreFixture(client, stock);
        } catch (Exception | Error e) {
            client.close();
            if (stock != null) {
                stock.close();
            }
            throw e;
        }
    }

    private static synchronized LocalReplicas group() throws Exception {
        if (shared == null) {
            LocalReplicas started = LocalReplicas.start(3, ReplicaSettings.DEFAULT);
            try {
                started.awaitLeader(ELECTION);
            } catch (Exception | Error e) {
                started.close();
                throw e;
            }
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try {
                    started.close();
                } catch (Exception e) {
                    System.err.println("closing the shared replica group failed: " + e);
                }
            }, "replicated-fixture-close"));
            shared = started;
        }
        return shared;
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
        } finally {
            stock.close();
        }
    }
}
