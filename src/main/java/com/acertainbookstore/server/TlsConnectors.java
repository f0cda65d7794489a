package com.acertainbookstore.server;

import com.acertainbookstore.tls.PemFiles;
import com.acertainbookstore.tls.TlsIdentity;
import com.acertainbookstore.tls.TlsPolicy;
import org.eclipse.jetty.util.ssl.SslContextFactory;

/**
 * Jetty's TLS configuration from {@link ServerTls}: the PEM certificate and key loaded into an
 * in-memory PKCS#12 key store (Jetty reads no PEM), the client-certificate authorities into a
 * trust store, TLS 1.3 and 1.2 only with {@link TlsPolicy}'s cipher suites, renegotiation off.
 * Stateless. Why PEM files and these choices: {@code docs/decisions/tls-files.md}.
 */
final class TlsConnectors {

    private TlsConnectors() {
    }

    /**
     * Reads the files and configures a factory (not yet started).
     *
     * @throws com.acertainbookstore.tls.TlsFileException a file is missing, unreadable, holds the
     *     wrong thing, or the key is not the certificate's; the message names the setting and file
     */
    static SslContextFactory.Server contextFactory(ServerTls tls) {
        TlsIdentity identity = TlsIdentity.fromFiles(ServerSettings.TLS_CERT, tls.cert(), ServerSettings.TLS_KEY, tls.key());
        SslContextFactory.Server factory = new SslContextFactory.Server();
        factory.setKeyStore(identity.keyStore());
        factory.setKeyStorePassword(identity.keyStorePassword());
        factory.setKeyManagerPassword(identity.keyStorePassword());
        factory.setCertAlias(TlsIdentity.ALIAS);
        if (tls.ca() != null) {
            factory.setTrustStore(TlsIdentity.trustStore(PemFiles.readCertificates(ServerSettings.TLS_CA, tls.ca())));
        }
        factory.setWantClientAuth(tls.clientAuth() == ServerTls.ClientAuth.OPTIONAL);
        factory.setNeedClientAuth(tls.clientAuth() == ServerTls.ClientAuth.REQUIRED);
        factory.setIncludeProtocols(TlsPolicy.PROTOCOLS.toArray(String[]::new));
        factory.setIncludeCipherSuites(TlsPolicy.CIPHER_SUITES.toArray(String[]::new));
        factory.setRenegotiationAllowed(false);
        // A client's certificate is checked against the authority, not against a host name.
        factory.setEndpointIdentificationAlgorithm(null);
        return factory;
    }
}
