package com.acertainbookstore.tls;

import java.io.IOException;
import java.net.Socket;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;

/**
 * How a client speaks TLS: the authorities it trusts for the server's certificate, and the
 * certificate it presents when the server requires one. One {@link SSLContext} per value, so the
 * JDK's session cache (keyed by host and port) lets a new connection resume an earlier session
 * instead of paying a full handshake: give one value to a proxy, not one per connection.
 * Every socket it makes verifies that the server's certificate names the host called
 * (endpoint identification {@code HTTPS}) and allows only {@link TlsPolicy}'s protocols and
 * suites. Immutable; safe to share between threads.
 */
public final class ClientTls {

    /** The authorities that sign the servers' certificates (PEM). */
    public static final String CA = "client.tls.ca";
    /** The client's certificate (PEM), for a server that requires one. */
    public static final String CERT = "client.tls.cert";
    /** The client certificate's private key (PEM). */
    public static final String KEY = "client.tls.key";
    private static final String PREFIX = "client.tls.";
    private static final Set<String> KNOWN = Set.of(CA, CERT, KEY);

    private final SSLContext context;

    private ClientTls(SSLContext context) {
        this.context = context;
    }

    /**
     * Trusts the authorities in {@code ca}, and presents {@code cert} with {@code key} when both
     * are given.
     *
     * @throws TlsFileException a file cannot be read or used (naming the setting and the file)
     * @throws IllegalArgumentException {@code ca} missing, or only one of {@code cert} and {@code key}
     */
    public static ClientTls fromFiles(Path ca, Path cert, Path key) {
        if (ca == null) {
            throw new IllegalArgumentException(CA + " is required: the authority that signed the server's certificate");
        }
        if ((cert == null) != (key == null)) {
            throw new IllegalArgumentException("a client certificate needs both " + CERT + " and " + KEY);
        }
        TlsIdentity identity = cert == null ? null : TlsIdentity.fromFiles(CERT, cert, KEY, key);
        return of(PemFiles.readCertificates(CA, ca), identity);
    }

    /**
     * Trusts {@code authorities}, and presents {@code identity} when it is not null (a replica
     * asking its peers presents its node certificate, made for client use too).
     *
     * @throws IllegalArgumentException no authority
     */
    public static ClientTls of(List<X509Certificate> authorities, TlsIdentity identity) {
        if (authorities.isEmpty()) {
            throw new IllegalArgumentException("a client needs at least one authority to trust");
        }
        try {
            TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(TlsIdentity.trustStore(authorities));
            KeyManager[] keys = null;
            if (identity != null) {
                KeyManagerFactory keyFactory = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keyFactory.init(identity.keyStore(), identity.keyStorePassword().toCharArray());
                keys = keyFactory.getKeyManagers();
            }
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(keys, trust.getTrustManagers(), null);
            return new ClientTls(context);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot make a TLS context: " + e.getMessage(), e);
        }
    }

    /**
     * The {@code client.tls.*} properties ({@value #CA}, {@value #CERT}, {@value #KEY}), or
     * {@code null} when none is given.
     *
     * @throws IllegalArgumentException an unknown {@code client.tls.*} property, or as
     *     {@link #fromFiles}
     */
    public static ClientTls fromProperties(Properties properties) {
        boolean any = false;
        for (String name : properties.stringPropertyNames()) {
            if (name.startsWith(PREFIX)) {
                if (!KNOWN.contains(name)) {
                    throw new IllegalArgumentException("property " + name + " is unknown (known: " + new TreeSet<>(KNOWN) + ")");
                }
                any = true;
            }
        }
        return any ? fromFiles(path(properties, CA), path(properties, CERT), path(properties, KEY)) : null;
    }

    private static Path path(Properties properties, String name) {
        String value = properties.getProperty(name);
        return value == null || value.isBlank() ? null : Path.of(value.trim());
    }

    /** The one context: its session cache is what lets connections resume. */
    public SSLContext context() {
        return context;
    }

    /**
     * A new, unconnected plain socket to {@link #layer} TLS on once connected: its input reads
     * ahead, so the JDK's TLS takes a record from the kernel in one read rather than two (header,
     * then body).
     */
    public Socket newSocket() {
        return new ReadAheadSocket();
    }

    /**
     * A TLS socket over the connected {@code socket} to {@code host:port} (closing it closes
     * {@code socket}), set to verify that the server's certificate names {@code host}; the
     * handshake is the caller's to start.
     */
    public SSLSocket layer(Socket socket, String host, int port) throws IOException {
        SSLSocket secure = (SSLSocket) context.getSocketFactory().createSocket(socket, host, port, true);
        SSLParameters parameters = TlsPolicy.restrict(secure.getSSLParameters());
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        secure.setSSLParameters(parameters);
        return secure;
    }
}
