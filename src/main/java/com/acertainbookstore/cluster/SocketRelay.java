package com.acertainbookstore.cluster;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A loopback TCP port whose connections are carried, byte for byte, to a Unix-domain socket: how a
 * program on the host's loopback reaches a server that runs in a network namespace of its own
 * (the socket is a file, which every namespace sees). Each connection opens one to the socket and
 * two threads copy between them; an end of input on one side shuts the other side's output, and
 * the pair is closed once both directions ended or either failed. When the socket refuses (its
 * server is down), the accepted connection is closed at once, as a refused connection would be.
 *
 * <p>Thread safety: safe to share; {@link #close} may be called from any thread, ends every
 * connection and waits for every thread of the relay to end. The live connections are guarded by
 * {@code this}.
 */
public final class SocketRelay implements AutoCloseable {

    private static final int BUFFER_BYTES = 16 * 1024;
    /** How long {@link #close} waits for each thread of the relay. */
    private static final long JOIN_MS = 5_000;

    private final String name;
    private final Path socket;
    private final ServerSocketChannel listener;
    private final Thread acceptor;
    /** Guarded by {@code this}: every channel open on either side. */
    private final Set<SocketChannel> open = new HashSet<>();
    /** Guarded by {@code this}: every copying thread started and not yet joined by close. */
    private final List<Thread> copiers = new ArrayList<>();
    /** Guarded by {@code this}. */
    private boolean closed;

    private SocketRelay(String name, Path socket, ServerSocketChannel listener) {
        this.name = name;
        this.socket = socket;
        this.listener = listener;
        this.acceptor = new Thread(this::accept, "relay-" + name);
        acceptor.setDaemon(true);
    }

    /**
     * Listens on a free port of 127.0.0.1 and relays to {@code socket} (which need not exist yet:
     * connections made before it does are closed).
     *
     * @param name for the threads' names and messages ({@code r0})
     */
    public static SocketRelay start(String name, Path socket) throws IOException {
        ServerSocketChannel listener = ServerSocketChannel.open();
        try {
            listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 1024);
        } catch (IOException e) {
            listener.close();
            throw e;
        }
        SocketRelay relay = new SocketRelay(name, socket, listener);
        relay.acceptor.start();
        return relay;
    }

    /** The loopback port clients connect to. */
    public int port() {
        try {
            return ((InetSocketAddress) listener.getLocalAddress()).getPort();
        } catch (IOException e) {
            throw new IllegalStateException("relay " + name + " is closed", e);
        }
    }

    private void accept() {
        while (true) {
            SocketChannel client;
            try {
                client = listener.accept();
            } catch (IOException e) {
                return; // closed
            }
            SocketChannel server;
            try {
                server = SocketChannel.open(StandardProtocolFamily.UNIX);
                try {
                    server.connect(UnixDomainSocketAddress.of(socket));
                } catch (IOException e) {
                    server.close();
                    throw e;
                }
            } catch (IOException e) {
                closeQuietly(client);
                continue;
            }
            if (!register(client, server)) {
                closeQuietly(client);
                closeQuietly(server);
                return;
            }
        }
    }

    /** Starts the two copying threads of a pair; false once the relay is closed. */
    private synchronized boolean register(SocketChannel client, SocketChannel server) {
        if (closed) {
            return false;
        }
        open.add(client);
        open.add(server);
        copiers.removeIf(thread -> !thread.isAlive());
        Pair pair = new Pair(client, server);
        for (Thread thread : List.of(new Thread(() -> pair.copy(client, server), "relay-" + name + "-up"),
                new Thread(() -> pair.copy(server, client), "relay-" + name + "-down"))) {
            thread.setDaemon(true);
            copiers.add(thread);
            thread.start();
        }
        return true;
    }

    private synchronized void forget(SocketChannel... channels) {
        for (SocketChannel channel : channels) {
            open.remove(channel);
        }
    }

    /** One relayed connection: its two channels, closed when both directions ended or one failed. */
    private final class Pair {
        private final SocketChannel client;
        private final SocketChannel server;
        /** Guarded by {@code this}. */
        private int ended;

        Pair(SocketChannel client, SocketChannel server) {
            this.client = client;
            this.server = server;
        }

        void copy(SocketChannel from, SocketChannel to) {
            ByteBuffer buffer = ByteBuffer.allocate(BUFFER_BYTES);
            boolean clean = false;
            try {
                while (from.read(buffer) >= 0) {
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        to.write(buffer);
                    }
                    buffer.clear();
                }
                to.shutdownOutput();
                clean = true;
            } catch (ClosedChannelException e) {
                // The other direction failed, or the relay closed: nothing more to copy.
            } catch (IOException e) {
                // A reset or a broken pipe on one side: the connection is over on both.
            }
            boolean last;
            synchronized (this) {
                ended++;
                last = ended == 2;
            }
            if (!clean || last) {
                closeQuietly(client);
                closeQuietly(server);
                forget(client, server);
            }
        }
    }

    /** Stops accepting, closes every relayed connection and waits for the relay's threads. */
    @Override
    public void close() {
        List<Thread> threads;
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            closeQuietly(listener);
            open.forEach(SocketRelay::closeQuietly);
            open.clear();
            threads = new ArrayList<>(copiers);
            copiers.clear();
        }
        threads.add(acceptor);
        for (Thread thread : threads) {
            try {
                thread.join(JOIN_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    private static void closeQuietly(java.io.Closeable channel) {
        try {
            channel.close();
        } catch (IOException e) {
            // Closing to end a connection: nothing to report.
        }
    }
}
