package com.acertainbookstore.tls;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.Signature;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.UUID;

/**
 * A certificate chain (the leaf first) and the private key of its leaf, checked to belong
 * together, as one end of a TLS connection presents itself. Immutable; safe to share.
 */
public final class TlsIdentity {

    /** The alias of the identity's entry in {@link #keyStore()}. */
    public static final String ALIAS = "bookstore";

    private final List<X509Certificate> chain;
    private final PrivateKey key;
    /** Opens the in-memory key store's entry: a fresh random value, never written anywhere. */
    private final String keyStorePassword = UUID.randomUUID().toString();

    private TlsIdentity(List<X509Certificate> chain, PrivateKey key) {
        this.chain = List.copyOf(chain);
        this.key = key;
    }

    /**
     * Reads the certificate (chain) and its key from PEM files and checks that the key is the
     * certificate's.
     *
     * @param certSetting the setting naming {@code cert}, for messages
     * @param keySetting the setting naming {@code key}, for messages
     * @throws TlsFileException a file cannot be read or used, or the key is not the certificate's
     *     (the message names both settings and files)
     */
    public static TlsIdentity fromFiles(String certSetting, Path cert, String keySetting, Path key) {
        List<X509Certificate> chain = PemFiles.readCertificates(certSetting, cert);
        PrivateKey privateKey = PemFiles.readPrivateKey(keySetting, key);
        if (!belongTogether(chain.get(0), privateKey)) {
            throw new TlsFileException(keySetting, key, "is not the key of the certificate in " + certSetting + " '" + cert
                    + "' (" + chain.get(0).getSubjectX500Principal().getName() + ")", null);
        }
        return new TlsIdentity(chain, privateKey);
    }

    /** An identity from values already in memory (made by {@link CertificateMaker}); checked the same way. */
    public static TlsIdentity of(List<X509Certificate> chain, PrivateKey key) {
        if (chain.isEmpty() || !belongTogether(chain.get(0), key)) {
            throw new IllegalArgumentException("the key is not the key of the chain's first certificate");
        }
        return new TlsIdentity(chain, key);
    }

    /** Whether {@code key} signs what the certificate's public key verifies. */
    private static boolean belongTogether(X509Certificate certificate, PrivateKey key) {
        String algorithm;
        switch (key.getAlgorithm()) {
            case "RSA":
                algorithm = "SHA256withRSA";
                break;
            case "EC":
                algorithm = "SHA256withECDSA";
                break;
            default:
                return false;
        }
        if (!certificate.getPublicKey().getAlgorithm().equals(key.getAlgorithm())) {
            return false;
        }
        try {
            byte[] probe = "certainbookstore key check".getBytes(StandardCharsets.US_ASCII);
            Signature signer = Signature.getInstance(algorithm);
            signer.initSign(key);
            signer.update(probe);
            byte[] signature = signer.sign();
            Signature verifier = Signature.getInstance(algorithm);
            verifier.initVerify(certificate.getPublicKey());
            verifier.update(probe);
            return verifier.verify(signature);
        } catch (GeneralSecurityException e) {
            return false;
        }
    }

    public List<X509Certificate> chain() {
        return chain;
    }

    public PrivateKey key() {
        return key;
    }

    /** A new in-memory PKCS#12 key store holding this identity under {@link #ALIAS}, opened by {@link #keyStorePassword()}. */
    public KeyStore keyStore() {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            store.setKeyEntry(ALIAS, key, keyStorePassword.toCharArray(), chain.toArray(new X509Certificate[0]));
            return store;
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("an in-memory PKCS#12 key store cannot be made: " + e.getMessage(), e);
        }
    }

    /** The password of {@link #keyStore()}'s store and entry. */
    public String keyStorePassword() {
        return keyStorePassword;
    }

    /** A new in-memory trust store holding {@code authorities}, for verifying the other end. */
    public static KeyStore trustStore(List<X509Certificate> authorities) {
        try {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            for (int i = 0; i < authorities.size(); i++) {
                store.setCertificateEntry("ca-" + i, authorities.get(i));
            }
            return store;
        } catch (GeneralSecurityException | java.io.IOException e) {
            throw new IllegalStateException("an in-memory trust store cannot be made: " + e.getMessage(), e);
        }
    }
}
