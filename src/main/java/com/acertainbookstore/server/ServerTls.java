package com.acertainbookstore.server;

import java.nio.file.Path;
import java.util.Locale;

/**
 * How the server speaks TLS: its certificate and key (PEM files), the authorities it trusts for
 * client certificates, whether it asks for one, and how long a handshake may take. Immutable,
 * validated; the files are read when the server starts ({@link TlsConnectors}), so a missing or
 * bad file refuses the start with a message naming the setting and the file.
 *
 * @param cert PEM certificate (chain, leaf first) the server presents: {@code bookstore.tls.cert}
 * @param key PEM private key of {@code cert} (PKCS#8, PKCS#1 or SEC1, unencrypted):
 *     {@code bookstore.tls.key}
 * @param ca PEM certificates of the authorities whose client certificates are accepted, or
 *     {@code null}: {@code bookstore.tls.ca}; required unless {@code clientAuth} is {@code NONE}
 * @param clientAuth whether a client certificate is asked for: {@code bookstore.tls.clientAuth}
 * @param handshakeTimeoutMs how long a connection may take to finish its TLS handshake, ms,
 *     {@code >= 100}; a slower one is closed: {@code bookstore.tls.handshakeTimeoutMs}
 */
public record ServerTls(Path cert, Path key, Path ca, ClientAuth clientAuth, long handshakeTimeoutMs) {

    /** {@code bookstore.tls.handshakeTimeoutMs} when not given. */
    public static final long DEFAULT_HANDSHAKE_TIMEOUT_MS = 10_000;

    /** Whether the server asks connecting clients for a certificate. */
    public enum ClientAuth {
        /** Never asks. */
        NONE,
        /** Asks; a client without one is served, one with a certificate the CA did not sign is refused. */
        OPTIONAL,
        /** Refuses a client without a certificate signed by the CA. */
        REQUIRED;

        /** {@code none}, {@code optional} or {@code required}, in any case. */
        public static ClientAuth parse(String value) {
            for (ClientAuth mode : values()) {
                if (mode.name().equalsIgnoreCase(value.trim())) {
                    return mode;
                }
            }
            throw new IllegalArgumentException("must be none, optional or required");
        }

        @Override
        public String toString() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public ServerTls {
        if (cert == null || key == null) {
            throw new IllegalArgumentException("TLS needs both " + ServerSettings.TLS_CERT + " and " + ServerSettings.TLS_KEY);
        }
        if (clientAuth == null) {
            throw new IllegalArgumentException("clientAuth must not be null");
        }
        if (clientAuth != ClientAuth.NONE && ca == null) {
            throw new IllegalArgumentException(ServerSettings.TLS_CLIENT_AUTH + "=" + clientAuth + " needs "
                    + ServerSettings.TLS_CA + " (the authority that signs the client certificates)");
        }
        if (handshakeTimeoutMs < 100) {
            throw new IllegalArgumentException("handshakeTimeoutMs (" + handshakeTimeoutMs + ") must be >= 100");
        }
    }

    /** TLS with {@code cert} and {@code key}, no client certificates, the default handshake timeout. */
    public static ServerTls of(Path cert, Path key) {
        return new ServerTls(cert, key, null, ClientAuth.NONE, DEFAULT_HANDSHAKE_TIMEOUT_MS);
    }

    public ServerTls withClientAuth(ClientAuth newClientAuth, Path newCa) {
        return new ServerTls(cert, key, newCa, newClientAuth, handshakeTimeoutMs);
    }

    public ServerTls withHandshakeTimeoutMs(long newHandshakeTimeoutMs) {
        return new ServerTls(cert, key, ca, clientAuth, newHandshakeTimeoutMs);
    }
}
