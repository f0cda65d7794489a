package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.client.BookStoreHTTPException;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.protocol.Metric;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The standalone server as the workload harness forks it: its one line, /metrics, exit on EOF or
 * SIGTERM, the token taken from the environment, and an unknown property refused by name.
 */
class ServerMainTest {

    @Test
    void main_stdinEof_printsOneLineServesThenExits() throws Exception {
        try (ServerJvm server = ServerJvm.fork(List.of("-Xmx256m"), "-Dbookstore.port=0")) {
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.awaitUrl())) {
                proxy.health();
                Map<Metric, Long> metrics = proxy.serverMetrics();
                assertEquals(Runtime.getRuntime().availableProcessors(), metrics.get(Metric.AVAILABLE_PROCESSORS));
                assertTrue(metrics.get(Metric.THREADS) > 0 && metrics.get(Metric.UPTIME_MS) >= 0
                        && metrics.get(Metric.HEAP_USED_BYTES) > 0);
                assertEquals(Set.of(Metric.values()), metrics.keySet());
            }
            server.process().getOutputStream().close();
            assertTrue(server.process().waitFor(20, TimeUnit.SECONDS), "server did not exit on end of input");
            assertEquals(0, server.process().exitValue());
        }
    }

    @Test
    void main_sigterm_stopsCleanly() throws Exception {
        try (ServerJvm server = ServerJvm.fork(List.of("-Xmx256m"), "-Dbookstore.port=0")) {
            server.awaitUrl();
            server.process().destroy();
            assertTrue(server.process().waitFor(20, TimeUnit.SECONDS), "server did not stop on SIGTERM");
        }
    }

    @Test
    void main_tokenFromTheEnvironment_protectsStockAndMetrics() throws Exception {
        try (ServerJvm server = ServerJvm.fork(List.of("-Xmx256m"), Map.of(BearerToken.ENVIRONMENT_VARIABLE, "env-t0ken"),
                "-Dbookstore.port=0")) {
            String url = server.awaitUrl();
            try (BookStoreHTTPProxy anonymous = new BookStoreHTTPProxy(url);
                    BookStoreHTTPProxy withToken = new BookStoreHTTPProxy(url, Duration.ofSeconds(10), "env-t0ken")) {
                anonymous.health();
                BookStoreHTTPException refused = assertThrows(BookStoreHTTPException.class, anonymous::serverMetrics);
                assertEquals(401, refused.status());
                assertTrue(withToken.serverMetrics().containsKey(Metric.HEAP_USED_BYTES));
            }
        }
    }

    @Test
    void main_unknownProperty_exitsWithMessageNamingIt() throws Exception {
        try (ServerJvm server = ServerJvm.fork(List.of(), "-Dbookstore.colour=blue")) {
            String output = server.restOfOutput();
            assertTrue(server.process().waitFor(20, TimeUnit.SECONDS));
            assertEquals(1, server.process().exitValue());
            assertTrue(output.contains("bookstore.colour"), output);
        }
    }
}
