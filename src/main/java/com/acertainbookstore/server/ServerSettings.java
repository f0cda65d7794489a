package com.acertainbookstore.server;

import com.acertainbookstore.business.Locking;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiFunction;

/**
 * The settings of a {@link BookStoreHTTPServer}: one immutable, validated value; every default is
 * here. Safe to share between threads.
 *
 * @param host bind address (a name or literal); default {@code 127.0.0.1}. A non-loopback address
 *     needs a {@code token}.
 * @param port TCP port, {@code 0..65535}, {@code 0} for any free port; default 8081
 * @param locking locking mode of the store the standalone server creates; default
 *     {@link Locking#DEFAULT}
 * @param maxBodyBytes largest request body accepted (larger gets 413), {@code >= 1}; default 1 MiB
 * @param token bearer token every {@code /stock} call must carry, or {@code null} for none (the
 *     default); when set, non-blank and without white space
 */
public record ServerSettings(String host, int port, Locking locking, int maxBodyBytes, String token) {

    /** The system property prefix; any other property under it is refused. */
    public static final String PREFIX = "bookstore.";

    /** Whether the standalone server exits when its standard input ends (for forked servers). */
    public static final String EXIT_ON_STDIN_EOF = PREFIX + "exitOnStdinEof";

    private static final Set<String> KNOWN = Set.of(PREFIX + "host", PREFIX + "port", PREFIX + "locking",
            PREFIX + "maxBodyBytes", PREFIX + "token", EXIT_ON_STDIN_EOF);

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
        if (token != null && (token.isBlank() || token.chars().anyMatch(Character::isWhitespace))) {
            throw new IllegalArgumentException("token is invalid (must be non-blank without white space)");
        }
    }

    /** Every default: 127.0.0.1:8081, default locking, 1 MiB bodies, no token. */
    public static ServerSettings defaults() {
        return new ServerSettings("127.0.0.1", 8081, Locking.DEFAULT, 1 << 20, null);
    }

    public ServerSettings withHost(String newHost) {
        return new ServerSettings(newHost, port, locking, maxBodyBytes, token);
    }

    public ServerSettings withPort(int newPort) {
        return new ServerSettings(host, newPort, locking, maxBodyBytes, token);
    }

    public ServerSettings withLocking(Locking newLocking) {
        return new ServerSettings(host, port, newLocking, maxBodyBytes, token);
    }

    public ServerSettings withMaxBodyBytes(int newMaxBodyBytes) {
        return new ServerSettings(host, port, locking, newMaxBodyBytes, token);
    }

    public ServerSettings withToken(String newToken) {
        return new ServerSettings(host, port, locking, maxBodyBytes, newToken);
    }

    /**
     * Reads {@code bookstore.host}, {@code .port}, {@code .locking}, {@code .maxBodyBytes} and
     * {@code .token}, defaults for the absent ones.
     *
     * @throws IllegalArgumentException naming the property and the rule, for a bad value or an
     *     unknown {@code bookstore.*} property
     */
    public static ServerSettings fromProperties(Properties properties) {
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
        return apply(properties, "token", settings, (s, v) -> s.withToken(v));
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
            throw new IllegalArgumentException(name + " '" + value + "' is invalid: " + e.getMessage(), e);
        }
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
                + ", maxBodyBytes=" + maxBodyBytes + ", token=" + (token == null ? "none" : "set") + "]";
    }
}
