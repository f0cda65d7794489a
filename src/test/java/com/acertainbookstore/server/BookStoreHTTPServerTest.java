package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.store.CertainBookStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class BookStoreHTTPServerTest {

    private static final ServerSettings ANY_PORT = ServerSettings.defaults().withPort(0);

    /** The names of the threads a server starts that are alive now. */
    static Set<String> serverThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("bookstore-server")).collect(Collectors.toSet());
    }

    @Test
    void start_portZero_servesOnTheBoundPortAndCloseStopsEveryThread() throws Exception {
        try (BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT)) {
            assertTrue(server.port() > 0);
            assertEquals("http://127.0.0.1:" + server.port(), server.baseUrl());
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl())) {
                proxy.health();
            }
            assertTrue(!serverThreads().isEmpty());
        }
        // A stopped pool's threads may take a moment to finish exiting on a loaded machine; a
        // leaked one never does.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!serverThreads().isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertEquals(Set.of(), serverThreads());
    }

    @Test
    void start_portInUse_failsAtOnceNamingThePort() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            IOException e = assertThrows(IOException.class,
                    () -> BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT.withPort(port)));
            assertTrue(e.getMessage().contains(":" + port) && e.getMessage().contains("in use"), e.getMessage());
        }
        assertEquals(Set.of(), serverThreads());
    }

    @Test
    void start_nonLoopbackWithoutToken_isRefusedBeforeBinding() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT.withHost("0.0.0.0")));
        assertTrue(e.getMessage().contains("0.0.0.0") && e.getMessage().contains("token"), e.getMessage());
        assertEquals(Set.of(), serverThreads());
    }

    @Test
    void start_unknownHost_isRefusedNamingIt() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT.withHost("no-such-host.invalid")));
        assertTrue(e.getMessage().contains("no-such-host.invalid"), e.getMessage());
    }

    @Test
    void close_twice_isHarmlessAndProxyThenFails() throws Exception {
        BookStoreHTTPServer server = BookStoreHTTPServer.start(new CertainBookStore(), ANY_PORT);
        server.close();
        server.close();
        try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy(server.baseUrl())) {
            assertThrows(BookStoreException.class, proxy::health);
        }
    }
}
