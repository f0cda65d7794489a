package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;

class OpenConnectionsTest {

    @Test
    void openConnections_twice_opensTheMissingOnesOnly() throws Exception {
        List<Socket> accepted = Collections.synchronizedList(new ArrayList<>());
        try (ServerSocket server = new ServerSocket(0, 200, InetAddress.getLoopbackAddress())) {
            Thread acceptor = new Thread(() -> {
                try {
                    while (true) {
                        accepted.add(server.accept());
                    }
                } catch (IOException closed) {
                    // The test closed the socket: stop accepting.
                }
            }, "counting-acceptor");
            acceptor.setDaemon(true);
            acceptor.start();
            try (BookStoreHTTPProxy proxy = new BookStoreHTTPProxy("http://127.0.0.1:" + server.getLocalPort(),
                    Duration.ofSeconds(10))) {
                proxy.openConnections(30);
                awaitAccepted(accepted, 30);
                proxy.openConnections(40);
                awaitAccepted(accepted, 40);
                proxy.openConnections(20);
                Thread.sleep(100);
                assertEquals(40, accepted.size(), "connections already pooled were opened again");
            } finally {
                server.close();
                acceptor.join(10_000);
                synchronized (accepted) {
                    for (Socket socket : accepted) {
                        socket.close();
                    }
                }
            }
        }
    }

    @Test
    void openConnections_badCountOrNothingListening_fails() throws Exception {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        try (StockManagerHTTPProxy proxy = new StockManagerHTTPProxy("http://127.0.0.1:" + port + "/stock",
                Duration.ofSeconds(5))) {
            IllegalArgumentException bad = assertThrows(IllegalArgumentException.class,
                    () -> proxy.openConnections(-1));
            assertTrue(bad.getMessage().contains("(-1)"), bad.getMessage());
            BookStoreHTTPException e = assertThrows(BookStoreHTTPException.class, () -> proxy.openConnections(3));
            assertTrue(e.getMessage().contains("opening 3 connections"), e.getMessage());
        }
    }

    private static void awaitAccepted(List<Socket> accepted, int count) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (accepted.size() < count && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(count, accepted.size());
    }
}
