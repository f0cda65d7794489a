package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The relay from a loopback port to a Unix-domain socket: bytes both ways (an echo server behind
 * the socket, 200 KB through it), an end of input passed on, a connection to a socket nobody
 * serves closed at once, and no relay thread left once it is closed.
 */
class SocketRelayTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(30)
    void relay_carriesBothWaysPassesTheEndAndLeavesNoThread() throws Exception {
        Path socket = dir.resolve("echo.sock");
        try (ServerSocketChannel echo = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            echo.bind(UnixDomainSocketAddress.of(socket));
            Thread server = new Thread(() -> {
                try (SocketChannel channel = echo.accept()) {
                    ByteBuffer buffer = ByteBuffer.allocate(8192);
                    while (channel.read(buffer) >= 0) {
                        buffer.flip();
                        while (buffer.hasRemaining()) {
                            channel.write(buffer);
                        }
                        buffer.clear();
                    }
                } catch (Exception e) {
                    // The test's assertions tell.
                }
            }, "echo");
            server.start();
            try (SocketRelay relay = SocketRelay.start("t", socket);
                    Socket client = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
                byte[] sent = "relay me ".repeat(22_000).getBytes(StandardCharsets.US_ASCII);
                Thread writer = new Thread(() -> {
                    try {
                        OutputStream out = client.getOutputStream();
                        out.write(sent);
                        client.shutdownOutput();
                    } catch (Exception e) {
                        // Seen as a short echo below.
                    }
                }, "writer");
                writer.start();
                InputStream in = client.getInputStream();
                byte[] back = in.readAllBytes();
                writer.join();
                assertEquals(sent.length, back.length);
                assertEquals(new String(sent, StandardCharsets.US_ASCII), new String(back, StandardCharsets.US_ASCII));
            }
            server.join(5_000);
        }
        assertEquals(List.of(), relayThreads(), "relay threads left");
    }

    @Test
    @Timeout(30)
    void relay_withNobodyOnTheSocket_closesTheConnection() throws Exception {
        try (SocketRelay relay = SocketRelay.start("none", dir.resolve("absent.sock"));
                Socket client = new Socket(InetAddress.getLoopbackAddress(), relay.port())) {
            int read;
            try {
                client.getOutputStream().write("GET /health HTTP/1.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
                read = client.getInputStream().read();
            } catch (java.net.SocketException e) {
                read = -1; // reset: closed all the same
            }
            assertEquals(-1, read, "the relay must close a connection it cannot carry");
        }
        assertTrue(relayThreads().isEmpty(), "relay threads left: " + relayThreads());
    }

    private static List<String> relayThreads() {
        return Thread.getAllStackTraces().keySet().stream().map(Thread::getName)
                .filter(name -> name.startsWith("relay-")).toList();
    }
}
