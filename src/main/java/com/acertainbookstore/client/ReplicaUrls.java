package com.acertainbookstore.client;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The checked URL list of one replica group, and which of them a {@code Bookstore-Leader} header
 * names. Immutable, so safe to share.
 *
 * <p>A leader header is matched against the list only (scheme, host and port, normalised: the
 * scheme and host in lower case, a missing port as 80; its path is ignored, since a replica names
 * its base URL and a stock proxy's URLs end in {@code /stock}). Nothing else is done with it: no
 * name lookup, no URL outside the list, so a hostile or confused server cannot send the proxy
 * anywhere it was not given. A value that is malformed, too long or unknown names nothing.
 */
final class ReplicaUrls {

    private final List<String> urls;
    /** The parameter's name, for messages. */
    private final String name;
    private final List<String> servers;
    private final String path;
    private final Map<String, Integer> indexByServer = new HashMap<>();

    /**
     * @param urls the replicas' base URLs: at least one, each {@code http://host:port[/path]},
     *     all with the same path, no server twice
     * @param name the parameter's name, for messages
     * @throws IllegalArgumentException naming the entry and the rule it breaks
     */
    ReplicaUrls(List<String> urls, String name) {
        this.name = name;
        if (urls == null || urls.isEmpty()) {
            throw new IllegalArgumentException(name + " (" + urls + ") must name at least one replica");
        }
        List<String> checked = new ArrayList<>(urls.size());
        List<String> keys = new ArrayList<>(urls.size());
        String firstPath = null;
        for (int i = 0; i < urls.size(); i++) {
            String url = urls.get(i);
            URI uri;
            try {
                uri = HttpTransport.checkUrl(url);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(name + "[" + i + "]: " + e.getMessage(), e);
            }
            String entryPath = uri.getRawPath() == null ? "" : uri.getRawPath();
            if (firstPath == null) {
                firstPath = entryPath;
            } else if (!firstPath.equals(entryPath)) {
                throw new IllegalArgumentException(name + "[" + i + "] '" + url + "' has the path '" + entryPath + "', "
                        + name + "[0] '" + firstPath + "': the replicas of one group are called on the same path");
            }
            String key = serverKey(uri);
            Integer earlier = indexByServer.putIfAbsent(key, i);
            if (earlier != null) {
                throw new IllegalArgumentException(name + "[" + i + "] '" + url + "' names the same server as "
                        + name + "[" + earlier + "] '" + urls.get(earlier) + "'");
            }
            checked.add(url);
            keys.add(uri.getRawAuthority());
        }
        this.urls = List.copyOf(checked);
        this.servers = List.copyOf(keys);
        this.path = firstPath;
    }

    /** The parameter's name with an entry's index, for messages: {@code replicaUrls[1]}. */
    String entryName(int index) {
        return name + "[" + index + "]";
    }

    int size() {
        return urls.size();
    }

    String url(int index) {
        return urls.get(index);
    }

    /** Replica {@code index}'s {@code host:port}, for messages. */
    String server(int index) {
        return servers.get(index);
    }

    /** The path every replica URL has ({@code ""} or e.g. {@code /stock}). */
    String path() {
        return path;
    }

    List<String> urls() {
        return urls;
    }

    /**
     * The index of the replica a {@code Bookstore-Leader} value names, or -1 when it names none of
     * them (absent, malformed, not {@code http}, or a server outside the list).
     */
    int indexOf(String leader) {
        if (leader == null || leader.length() > Connection.MAX_LEADER_CHARS) {
            return -1;
        }
        Integer exact = indexByServer.get(leader);
        if (exact != null) {
            // What replicas send: http://host:port exactly as a key, so no URI is parsed on each reply.
            return exact;
        }
        URI uri;
        try {
            uri = new URI(leader);
        } catch (URISyntaxException e) {
            return -1;
        }
        if (uri.getScheme() == null || !uri.getScheme().equalsIgnoreCase("http") || uri.getHost() == null
                || uri.getRawUserInfo() != null) {
            return -1;
        }
        Integer index = indexByServer.get(serverKey(uri));
        return index == null ? -1 : index;
    }

    /**
     * {@code http://<host in lower case>:<port, the scheme's default if none>}: what two URLs must
     * share to name one server. The scheme is left out of the comparison: a replica names the
     * leader {@code http://host:port} even when its clients reach it over HTTPS, and the proxy
     * keeps its own scheme (and TLS) for every replica of its list.
     */
    private static String serverKey(URI uri) {
        int port = uri.getPort() >= 0 ? uri.getPort() : uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
        return "http://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
    }
}
