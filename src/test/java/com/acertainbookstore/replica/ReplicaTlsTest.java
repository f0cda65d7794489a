package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.client.StockManagerHTTPProxy;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TestCerts;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replica serves the same HTTPS as the single server: a one-replica group with
 * {@code bookstore.tls.*} set, client certificates required, called through proxies over TLS.
 */
class ReplicaTlsTest {

    @TempDir
    Path dir;

    @Test
    void replicaWithTlsSettings_servesHttpsWithClientCertificates() throws Exception {
        TestCerts certs = TestCerts.make(dir.resolve("certs"));
        int[] ports = LoopbackPorts.pick(2);
        Properties properties = new Properties();
        properties.setProperty("replica.id", "0");
        properties.setProperty("replica.peers", "127.0.0.1:" + ports[0] + ":" + ports[1]);
        properties.setProperty("replica.storage", dir.resolve("storage").toString());
        properties.setProperty(ServerSettings.TLS_CERT, certs.nodeCert().toString());
        properties.setProperty(ServerSettings.TLS_KEY, certs.nodeKey().toString());
        properties.setProperty(ServerSettings.TLS_CA, certs.ca().toString());
        properties.setProperty(ServerSettings.TLS_CLIENT_AUTH, "required");
        ReplicaConfig config = ReplicaConfig.fromProperties(properties, java.util.Map.of());
        assertEquals(ServerTls.ClientAuth.REQUIRED, config.http().tls().clientAuth());

        try (Replica replica = Replica.start(config, false)) {
            assertEquals("https://127.0.0.1:" + ports[1], replica.httpUrl());
            ClientTls tls = certs.clientTls(true);
            Duration timeout = Duration.ofSeconds(20);
            try (BookStoreHTTPProxy client = new BookStoreHTTPProxy(List.of(replica.httpUrl()), timeout, null, tls);
                    StockManagerHTTPProxy stock = new StockManagerHTTPProxy(List.of(replica.httpUrl() + "/stock"),
                            timeout, null, tls)) {
                Set<StockBook> books = Set.of(new ImmutableStockBook(7, "Over TLS", "A. Uthor", 10f, 3, 0, 0, 0, false));
                stock.addBooks(books);
                client.buyBooks(Set.of(new com.acertainbookstore.business.BookCopy(7, 1)));
                assertEquals(2, stock.getBooksByISBN(Set.of(7)).get(0).getNumCopies());
                assertTrue(replica.service() != null);
            }
        }
    }
}
