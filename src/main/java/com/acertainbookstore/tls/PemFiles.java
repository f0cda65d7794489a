package com.acertainbookstore.tls;

import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.PrivateKey;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.List;
import org.bouncycastle.asn1.pkcs.PrivateKeyInfo;
import org.bouncycastle.cert.X509CertificateHolder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.openssl.PEMEncryptedKeyPair;
import org.bouncycastle.openssl.PEMKeyPair;
import org.bouncycastle.openssl.PEMParser;
import org.bouncycastle.openssl.jcajce.JcaPEMKeyConverter;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.openssl.jcajce.JcaPKCS8Generator;
import org.bouncycastle.pkcs.PKCS8EncryptedPrivateKeyInfo;

/**
 * Reads and writes PEM files: certificates ({@code BEGIN CERTIFICATE}, one or a chain) and
 * private keys, RSA or EC, in any of the forms {@code openssl} and {@code cfssl} write:
 * PKCS#8 ({@code BEGIN PRIVATE KEY}), PKCS#1 ({@code BEGIN RSA PRIVATE KEY}) and SEC1
 * ({@code BEGIN EC PRIVATE KEY}). Keys are written as unencrypted PKCS#8, readable by their owner
 * only (POSIX {@code 600}). Encrypted keys are refused with a message saying how to decrypt one.
 * Stateless; safe to share.
 *
 * <p>Every failure is a {@link TlsFileException} naming the setting the file came from and the
 * file. Why PEM and BouncyCastle: {@code docs/decisions/tls-files.md}.
 */
public final class PemFiles {

    private PemFiles() {
    }

    /**
     * The certificates in {@code file}, in file order (a chain: the leaf first).
     *
     * @param setting the setting that named the file, for messages
     * @throws TlsFileException the file cannot be read or holds no certificate
     */
    public static List<X509Certificate> readCertificates(String setting, Path file) {
        List<X509Certificate> certificates = new ArrayList<>();
        JcaX509CertificateConverter converter = new JcaX509CertificateConverter();
        for (Object object : objects(setting, file)) {
            if (object instanceof X509CertificateHolder) {
                try {
                    certificates.add(converter.getCertificate((X509CertificateHolder) object));
                } catch (CertificateException e) {
                    throw new TlsFileException(setting, file, "holds a certificate Java cannot read (" + e.getMessage() + ")", e);
                }
            }
        }
        if (certificates.isEmpty()) {
            throw new TlsFileException(setting, file, "holds no certificate (expected -----BEGIN CERTIFICATE-----)", null);
        }
        return certificates;
    }

    /**
     * The private key in {@code file}: the first key it holds, PKCS#8, PKCS#1 or SEC1.
     *
     * @throws TlsFileException the file cannot be read, holds no key, or holds an encrypted one
     */
    public static PrivateKey readPrivateKey(String setting, Path file) {
        JcaPEMKeyConverter converter = new JcaPEMKeyConverter();
        for (Object object : objects(setting, file)) {
            try {
                if (object instanceof PrivateKeyInfo) {
                    return converter.getPrivateKey((PrivateKeyInfo) object);
                }
                if (object instanceof PEMKeyPair) {
                    return converter.getPrivateKey(((PEMKeyPair) object).getPrivateKeyInfo());
                }
            } catch (IOException e) {
                throw new TlsFileException(setting, file, "holds a private key Java cannot read (" + e.getMessage() + ")", e);
            }
            if (object instanceof PKCS8EncryptedPrivateKeyInfo || object instanceof PEMEncryptedKeyPair) {
                throw new TlsFileException(setting, file, "holds an encrypted private key, which is not supported:"
                        + " decrypt it (openssl pkey -in <encrypted> -out <plain>) and make it readable by its owner only"
                        + " (chmod 600)", null);
            }
        }
        throw new TlsFileException(setting, file, "holds no private key (expected -----BEGIN PRIVATE KEY-----,"
                + " -----BEGIN RSA PRIVATE KEY----- or -----BEGIN EC PRIVATE KEY-----)", null);
    }

    /** The PEM objects of a file, or a message naming the setting, the file and what went wrong. */
    private static List<Object> objects(String setting, Path file) {
        if (file == null) {
            throw new IllegalArgumentException(setting + " must name a file");
        }
        List<Object> objects = new ArrayList<>();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.US_ASCII);
                PEMParser parser = new PEMParser(reader)) {
            Object object;
            while ((object = parser.readObject()) != null) {
                objects.add(object);
            }
        } catch (NoSuchFileException e) {
            throw new TlsFileException(setting, file, "does not exist", e);
        } catch (AccessDeniedException e) {
            throw new TlsFileException(setting, file, "cannot be read by this user (permission denied)", e);
        } catch (IOException | RuntimeException e) {
            throw new TlsFileException(setting, file, "cannot be read as PEM (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage()) + ")", e);
        }
        return objects;
    }

    /** Writes {@code certificates} to a new file {@code file} (readable by all: certificates are public). */
    public static void writeCertificates(Path file, List<X509Certificate> certificates) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            for (X509Certificate certificate : certificates) {
                writer.writeObject(certificate);
            }
        }
        try (Writer out = Files.newBufferedWriter(Files.createFile(file), StandardCharsets.US_ASCII)) {
            out.write(text.toString());
        }
    }

    /**
     * Writes {@code key} as unencrypted PKCS#8 to a new file {@code file}, created readable and
     * writable by its owner only ({@code 600}), so the key is never readable by others, not even
     * for a moment.
     *
     * @throws FileAlreadyExistsException the file exists (a key is never overwritten)
     */
    public static void writePrivateKey(Path file, PrivateKey key) throws IOException {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(new JcaPKCS8Generator(key, null));
        }
        Path created = Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try (Writer out = Files.newBufferedWriter(created, StandardCharsets.US_ASCII)) {
            out.write(text.toString());
        }
    }
}
