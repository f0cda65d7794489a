package com.acertainbookstore.tls;

import java.security.NoSuchAlgorithmException;
import java.security.Provider;
import javax.net.ssl.SSLContext;
import org.conscrypt.Conscrypt;

/**
 * Where both ends of the HTTP hop get their TLS implementation: Conscrypt (BoringSSL, through
 * JNI) when its native library loads on this machine, else the JDK's own. The protocols, suites,
 * certificates and host-name checks are the same either way ({@link TlsPolicy}, the JDK's key and
 * trust managers); the native one spends less CPU per record. Why: {@code docs/decisions/tls-engine.md}.
 * Stateless; safe to share between threads.
 */
public final class TlsProvider {

    /** Set to {@code jdk} to use the JDK's TLS even where Conscrypt loads. */
    public static final String PROPERTY = "bookstore.tls.provider";

    private static final Provider NATIVE = loadNative();

    private TlsProvider() {
    }

    private static Provider loadNative() {
        if ("jdk".equalsIgnoreCase(System.getProperty(PROPERTY, ""))) {
            return null;
        }
        try {
            return Conscrypt.isAvailable() ? Conscrypt.newProvider() : null;
        } catch (LinkageError e) {
            return null;
        }
    }

    /** A new, uninitialised TLS context of the chosen implementation. */
    public static SSLContext newContext() throws NoSuchAlgorithmException {
        return NATIVE == null ? SSLContext.getInstance("TLS") : SSLContext.getInstance("TLS", NATIVE);
    }

    /** {@code Conscrypt} or {@code SunJSSE}: the implementation {@link #newContext} gives. */
    public static String name() {
        return NATIVE == null ? "SunJSSE" : NATIVE.getName();
    }
}
