package com.acertainbookstore.tls;

import java.util.List;
import javax.net.ssl.SSLParameters;

/**
 * What both ends of every TLS hop allow (the HTTP port, and the replicas' Raft port), defined
 * once: TLS 1.3 and 1.2, and only cipher suites with forward secrecy (ECDHE, or TLS 1.3's own)
 * and authenticated encryption (AES-GCM, ChaCha20-Poly1305), the "intermediate" profile of
 * Mozilla's server-side TLS guidelines. No CBC suite, no static RSA key exchange, no SHA-1 MAC,
 * no RC4 or 3DES. Immutable.
 */
public final class TlsPolicy {

    /** Protocol versions, newest first. */
    public static final List<String> PROTOCOLS = List.of("TLSv1.3", "TLSv1.2");

    /** Cipher suites, in order of preference. */
    public static final List<String> CIPHER_SUITES = List.of(
            "TLS_AES_128_GCM_SHA256",
            "TLS_AES_256_GCM_SHA384",
            "TLS_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256",
            "TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_RSA_WITH_AES_256_GCM_SHA384",
            "TLS_ECDHE_ECDSA_WITH_CHACHA20_POLY1305_SHA256",
            "TLS_ECDHE_RSA_WITH_CHACHA20_POLY1305_SHA256");

    private TlsPolicy() {
    }

    /** Restricts {@code parameters} to {@link #PROTOCOLS} and {@link #CIPHER_SUITES}; returns them. */
    public static SSLParameters restrict(SSLParameters parameters) {
        parameters.setProtocols(PROTOCOLS.toArray(String[]::new));
        parameters.setCipherSuites(CIPHER_SUITES.toArray(String[]::new));
        return parameters;
    }
}
