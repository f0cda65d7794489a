package com.acertainbookstore.replica;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;

/**
 * Free TCP ports on the loopback address, for replicas forked on this machine. A port found free
 * may be taken by another program before the replica binds it: the fleet ({@code cluster.ReplicaFleet})
 * checks for that and starts again on other ports. Stateless; safe to share.
 */
public final class LoopbackPorts {

    /** The loopback address replicas on this machine listen on. */
    public static final String HOST = "127.0.0.1";

    private LoopbackPorts() {
    }

    /** {@code count} distinct ports free right now (all held open together while chosen). */
    public static int[] pick(int count) throws IOException {
        List<ServerSocket> sockets = new ArrayList<>();
        try {
            int[] ports = new int[count];
            for (int i = 0; i < count; i++) {
                ServerSocket socket = new ServerSocket();
                sockets.add(socket);
                socket.bind(new InetSocketAddress(InetAddress.getByName(HOST), 0));
                ports[i] = socket.getLocalPort();
            }
            return ports;
        } finally {
            for (ServerSocket socket : sockets) {
                socket.close();
            }
        }
    }

    /** Whether the port can be bound on the loopback address now (it is not in use). */
    public static boolean isFree(int port) {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getByName(HOST), port));
            return true;
        } catch (IOException inUse) {
            return false;
        }
    }
}
