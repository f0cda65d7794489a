package com.acertainbookstore.server;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.protocol.BearerToken;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * The settings of a {@link BookStoreHTTPServer}: one immutable, validated value; every default is
 * here. Safe to share between threads.
 *
 * @param host bind address (a name or literal); default {@code 127.0.0.1}. A non-loopback address
 *     needs a {@code token}, and {@code tls} unless {@code insecure}.
 * @param port TCP port, {@code 0..65535}, {@code 0} for any free port; default 8081
 * @param locking locking mode of the store the standalone server creates; default
 *     {@link Locking#DEFAULT}
 * @param maxBodyBytes largest request body accepted (larger gets 413), {@code >= 1}; default 1 MiB
 * @param token bearer token every {@code /stock} call and {@code /metrics} must carry, or
 *     {@code null} for none (the default); when set, a valid {@link BearerToken}
 * @param maxConnections most connections open at once, {@code >= 1}; past it the server stops
 *     accepting until one closes; default 10,000
 * @param requestTimeoutMs how long a request may take to arrive, headers and body each, in
 *     milliseconds ({@code >= 100}); a slower one is dropped (headers) or answered 408 (body);
 *     default 10,000
 * @param tls how to serve HTTPS, or {@code null} to serve plain HTTP (the default). A
 *     non-loopback address needs it, unless {@code insecure}
 * @param insecure {@code true} to serve plain HTTP beyond loopback all the same (with a warning
 *     at start); default {@code false}
 */
public record ServerSettings(String host, int port, Locking locking, int maxBodyBytes, String token,
        int maxConnections, long requestTimeoutMs, ServerTls tls, boolean insecure) {

    /** The system property prefix; any other property under it is refused. */
    public static final String PREFIX = "bookstore.";

    /** Whether the standalone server exits when its standard input ends (for forked servers). */
    public static final String EXIT_ON_STDIN_EOF = PREFIX + "exitOnStdinEof";
    /** A file whose first line is the token: unlike {@code bookstore.token}, not shown by {@code ps}. */
    public static final String TOKEN_FILE = PREFIX + "tokenFile";

    /** The server's certificate (PEM). */
    public static final String TLS_CERT = PREFIX + "tls.cert";
    /** The server's private key (PEM). */
    public static final String TLS_KEY = PREFIX + "tls.key";
    /** The authorities trusted for client certificates (PEM). */
    public static final String TLS_CA = PREFIX + "tls.ca";
    /** {@code none}, {@code optional} or {@code required}. */
    public static final String TLS_CLIENT_AUTH = PREFIX + "tls.clientAuth";
    /** Time for a TLS handshake, ms. */
    public static final String TLS_HANDSHAKE_TIMEOUT_MS = PREFIX + "tls.handshakeTimeoutMs";
    /** {@code true}: plain HTTP beyond loopback is allowed (with a warning). */
    public static final String INSECURE = PREFIX + "insecure";

    /** Every {@code bookstore.*} property (docs/protocol.md has the table; ServerSettingsDocTest holds it to this). */
    static final Set<String> KNOWN = Set.of(PREFIX + "host", PREFIX + "port", PREFIX + "locking",
            PREFIX + "maxBodyBytes", PREFIX + "token", TOKEN_FILE, PREFIX + "maxConnections",
            PREFIX + "requestTimeoutMs", EXIT_ON_STDIN_EOF, TLS_CERT, TLS_KEY, TLS_CA, TLS_CLIENT_AUTH,
            TLS_HANDSHAKE_TIMEOUT_MS, INSECURE);

    /** Every {@code bookstore.*} setting the server reads, in order. */
    public static SortedSet<String> names() {
        return new TreeSet<>(KNOWN);
    }

    public ServerSettings {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host '" + host + "' is invalid (must be non-blank)");
        }
        if (port < 0 || port > 65535) {
            throw new IllegalArgumentException("port (" + port + ") must be in 0..65535");
        }
        if (locking == null) {
            throw new IllegalArgumentException("locking must not be null");
        }
        if (maxBodyBytes < 1) {
            throw new IllegalArgumentException("maxBodyBytes (" + maxBodyBytes + ") must be >= 1");
        }
        if (token != null) {
            BearerToken.of(token);
        }
        if (maxConnections < 1) {
            throw new IllegalArgumentException("maxConnections (" + maxConnections + ") must be >= 1");
        }
        if (requestTimeoutMs < 100) {
            throw new IllegalArgumentException("requestTimeoutMs (" + requestTimeoutMs + ") must be >= 100");
        }
    }

    /** Every default: 127.0.0.1:8081, default locking, 1 MiB bodies, no token, 10,000 connections, 10 s, no TLS. */
    public static ServerSettings defaults() {
        return new ServerSettings("127.0.0.1", 8081, Locking.DEFAULT, 1 << 20, null, 10_000, 10_000, null, false);
    }

    public ServerSettings withHost(String newHost) {
        return new ServerSettings(newHost, port, locking, maxBodyBytes, token, maxConnections, requestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withPort(int newPort) {
        return new ServerSettings(host, newPort, locking, maxBodyBytes, token, maxConnections, requestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withLocking(Locking newLocking) {
        return new ServerSettings(host, port, newLocking, maxBodyBytes, token, maxConnections, requestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withMaxBodyBytes(int newMaxBodyBytes) {
        return new ServerSettings(host, port, locking, newMaxBodyBytes, token, maxConnections, requestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withToken(String newToken) {
        return new ServerSettings(host, port, locking, maxBodyBytes, newToken, maxConnections, requestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withMaxConnections(int newMaxConnections) {
        return new ServerSettings(host, port, locking, maxBodyBytes, token, newMaxConnections, requestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withRequestTimeoutMs(long newRequestTimeoutMs) {
        return new ServerSettings(host, port, locking, maxBodyBytes, token, maxConnections, newRequestTimeoutMs,
                tls, insecure);
    }

    public ServerSettings withTls(ServerTls newTls) {
        return new ServerSettings(host, port, locking, maxBodyBytes, token, maxConnections, requestTimeoutMs, newTls,
                insecure);
    }

    public ServerSettings withInsecure(boolean newInsecure) {
        return new ServerSettings(host, port, locking, maxBodyBytes, token, maxConnections, requestTimeoutMs, tls,
                newInsecure);
    }

    /** The token as a {@link BearerToken}, or {@code null} when /stock is open. */
    BearerToken bearerToken() {
        return token == null ? null : BearerToken.of(token);
    }

    /** Reads the {@code bookstore.*} properties alone (no token from the environment). */
    public static ServerSettings fromProperties(Properties properties) {
        return fromProperties(properties, Map.of());
    }

    /**
     * Reads {@code bookstore.host}, {@code .port}, {@code .locking}, {@code .maxBodyBytes},
     * {@code .maxConnections}, {@code .requestTimeoutMs} and the token, defaults for the absent
     * ones. The token comes from at most one of {@code bookstore.tokenFile} (preferred),
     * {@code bookstore.token} and the environment variable {@value BearerToken#ENVIRONMENT_VARIABLE}.
     *
     * @throws IllegalArgumentException naming the property and the rule, for a bad value, an
     *     unknown {@code bookstore.*} property, or a token given more than one way
     */
    public static ServerSettings fromProperties(Properties properties, Map<String, String> environment) {
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PREFIX) && !KNOWN.contains(name)) {
                throw new IllegalArgumentException("property " + name + " is unknown (known: "
                        + new TreeSet<>(KNOWN) + ")");
            }
        }
        ServerSettings settings = defaults();
        settings = apply(properties, "host", settings, (s, v) -> s.withHost(v));
        settings = apply(properties, "port", settings, (s, v) -> s.withPort(integer(v)));
        settings = apply(properties, "locking", settings, (s, v) -> s.withLocking(Locking.parse(v)));
        settings = apply(properties, "maxBodyBytes", settings, (s, v) -> s.withMaxBodyBytes(integer(v)));
        settings = apply(properties, "maxConnections", settings, (s, v) -> s.withMaxConnections(integer(v)));
        settings = apply(properties, "requestTimeoutMs", settings, (s, v) -> s.withRequestTimeoutMs(integer(v)));
        settings = apply(properties, "token", settings, (s, v) -> s.withToken(v));
        settings = apply(properties, "tokenFile", settings,
                (s, v) -> s.withToken(BearerToken.fromFile(Path.of(v)).value()));
        settings = apply(properties, "insecure", settings, (s, v) -> s.withInsecure(bool(v)));
        settings = settings.withTls(tls(properties));
        BearerToken fromEnvironment = BearerToken.fromEnvironment(environment);
        int ways = (properties.getProperty(PREFIX + "token") != null ? 1 : 0)
                + (properties.getProperty(TOKEN_FILE) != null ? 1 : 0) + (fromEnvironment != null ? 1 : 0);
        if (ways > 1) {
            throw new IllegalArgumentException("the token is given more than one way (" + TOKEN_FILE + ", "
                    + PREFIX + "token, " + BearerToken.ENVIRONMENT_VARIABLE + "): give it once");
        }
        return fromEnvironment == null ? settings : settings.withToken(fromEnvironment.value());
    }

    private static ServerSettings apply(Properties properties, String key, ServerSettings settings,
            BiFunction<ServerSettings, String, ServerSettings> change) {
        String name = PREFIX + key;
        String value = properties.getProperty(name);
        if (value == null) {
            return settings;
        }
        try {
            return change.apply(settings, value.trim());
        } catch (IllegalArgumentException e) {
            String shown = key.equals("token") ? "(hidden)" : "'" + value + "'";
            throw new IllegalArgumentException(name + " " + shown + " is invalid: " + e.getMessage(), e);
        }
    }

    /**
     * The {@code bookstore.tls.*} settings, or {@code null} when none is given.
     *
     * @throws IllegalArgumentException naming the property, for a bad value or one given without
     *     the certificate and key
     */
    private static ServerTls tls(Properties properties) {
        String cert = properties.getProperty(TLS_CERT);
        String key = properties.getProperty(TLS_KEY);
        boolean any = false;
        for (String name : List.of(TLS_CERT, TLS_KEY, TLS_CA, TLS_CLIENT_AUTH, TLS_HANDSHAKE_TIMEOUT_MS)) {
            any |= properties.getProperty(name) != null;
        }
        if (!any) {
            return null;
        }
        if (cert == null || key == null || cert.isBlank() || key.isBlank()) {
            throw new IllegalArgumentException("TLS needs both " + TLS_CERT + " and " + TLS_KEY + " (given: "
                    + (cert == null ? "" : TLS_CERT + " ") + (key == null ? "" : TLS_KEY + " ")
                    + (properties.getProperty(TLS_CA) == null ? "" : TLS_CA + " ")
                    + (properties.getProperty(TLS_CLIENT_AUTH) == null ? "" : TLS_CLIENT_AUTH + " ")
                    + (properties.getProperty(TLS_HANDSHAKE_TIMEOUT_MS) == null ? "" : TLS_HANDSHAKE_TIMEOUT_MS + " ")
                    + ")");
        }
        ServerTls tls = ServerTls.of(Path.of(cert.trim()), Path.of(key.trim()));
        String ca = properties.getProperty(TLS_CA);
        Path caPath = ca == null ? null : Path.of(ca.trim());
        ServerTls.ClientAuth clientAuth = ServerTls.ClientAuth.NONE;
        String mode = properties.getProperty(TLS_CLIENT_AUTH);
        if (mode != null) {
            try {
                clientAuth = ServerTls.ClientAuth.parse(mode);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(TLS_CLIENT_AUTH + " '" + mode + "' is invalid: " + e.getMessage(), e);
            }
        }
        tls = tls.withClientAuth(clientAuth, caPath);
        String timeout = properties.getProperty(TLS_HANDSHAKE_TIMEOUT_MS);
        if (timeout != null) {
            try {
                tls = tls.withHandshakeTimeoutMs(integer(timeout.trim()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(TLS_HANDSHAKE_TIMEOUT_MS + " '" + timeout + "' is invalid: "
                        + e.getMessage(), e);
            }
        }
        return tls;
    }

    private static boolean bool(String value) {
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException("must be true or false");
        }
        return Boolean.parseBoolean(value);
    }

    /** Reads {@code bookstore.exitOnStdinEof}: {@code true} or {@code false} (the default). */
    public static boolean exitOnStdinEof(Properties properties) {
        String value = properties.getProperty(EXIT_ON_STDIN_EOF, "false").trim();
        if (!value.equalsIgnoreCase("true") && !value.equalsIgnoreCase("false")) {
            throw new IllegalArgumentException(EXIT_ON_STDIN_EOF + " '" + value + "' must be true or false");
        }
        return Boolean.parseBoolean(value);
    }

    private static int integer(String value) {
        try {
            return Integer.parseInt(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not an integer");
        }
    }

    @Override
    public String toString() {
        return "ServerSettings[host=" + host + ", port=" + port + ", locking=" + locking
                + ", maxBodyBytes=" + maxBodyBytes + ", token=" + (token == null ? "none" : "set")
                + ", maxConnections=" + maxConnections + ", requestTimeoutMs=" + requestTimeoutMs
                + ", tls=" + (tls == null ? "off" : tls) + ", insecure=" + insecure + "]";
    }
}
