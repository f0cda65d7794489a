package com.acertainbookstore.replica;

import java.util.ArrayList;
import java.util.List;

/**
 * Where one replica listens, immutable: its host, its Raft (gRPC) port and its HTTP port.
 *
 * @param host a host name or address (an IPv6 address without brackets)
 * @param raftPort the port of its Ratis server, 1..65535
 * @param httpPort the port of its HTTP server, 1..65535
 */
public record PeerAddress(String host, int raftPort, int httpPort) {

    public PeerAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host '" + host + "' is invalid (must be non-blank)");
        }
        checkPort("raft port", raftPort);
        checkPort("HTTP port", httpPort);
        if (raftPort == httpPort) {
            throw new IllegalArgumentException("raft port and HTTP port are both " + raftPort);
        }
    }

    private static void checkPort(String what, int port) {
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException(what + " (" + port + ") must be in 1..65535");
        }
    }

    /** The host as a URL or address shows it: an IPv6 address in brackets. */
    public String urlHost() {
        return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    }

    /** {@code http://host:httpPort}: this replica's base URL when it serves plain HTTP. */
    public String httpUrl() {
        return baseUrl(false);
    }

    /** This replica's base URL: {@code https://host:httpPort} when it serves TLS, else {@code http://...}. */
    public String baseUrl(boolean tls) {
        return (tls ? "https://" : "http://") + urlHost() + ":" + httpPort;
    }

    /** {@code host:raftPort:httpPort}, as {@link #parseList} reads it. */
    @Override
    public String toString() {
        return urlHost() + ":" + raftPort + ":" + httpPort;
    }

    /**
     * Reads {@code host:raftPort:httpPort,...} (an IPv6 host in brackets).
     *
     * @throws IllegalArgumentException naming the entry and what is wrong with it
     */
    public static List<PeerAddress> parseList(String text) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("the peer list is empty (want host:raftPort:httpPort,...)");
        }
        List<PeerAddress> peers = new ArrayList<>();
        for (String entry : text.split(",", -1)) {
            peers.add(parse(entry.trim()));
        }
        return List.copyOf(peers);
    }

    private static PeerAddress parse(String entry) {
        int portsAt = entry.lastIndexOf(':', entry.lastIndexOf(':') - 1);
        if (entry.isEmpty() || portsAt <= 0) {
            throw new IllegalArgumentException("peer '" + entry + "' is not host:raftPort:httpPort");
        }
        String host = entry.substring(0, portsAt);
        if (host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        String[] ports = entry.substring(portsAt + 1).split(":");
        try {
            return new PeerAddress(host, Integer.parseInt(ports[0]), Integer.parseInt(ports[1]));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("peer '" + entry + "': ports must be integers");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("peer '" + entry + "': " + e.getMessage(), e);
        }
    }
}
