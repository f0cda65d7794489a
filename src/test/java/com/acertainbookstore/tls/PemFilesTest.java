package com.acertainbookstore.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.openssl.jcajce.JcaPEMWriter;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files as {@code openssl} and {@code cfssl} write them: PKCS#8, PKCS#1 ("RSA PRIVATE KEY") and
 * SEC1 ("EC PRIVATE KEY") keys, RSA and EC, are read; bad files are refused naming the setting
 * and the file.
 */
class PemFilesTest {

    @TempDir
    Path dir;

    /** Writes {@code object} with BouncyCastle's plain PEM writer: PKCS#1 or SEC1 for a key, as openssl's legacy forms. */
    private Path legacyPem(String name, Object object) throws Exception {
        StringWriter text = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(text)) {
            writer.writeObject(object);
        }
        Path file = dir.resolve(name);
        Files.writeString(file, text.toString());
        return file;
    }

    private static KeyPair rsa() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        return generator.generateKeyPair();
    }

    @Test
    void readPrivateKey_pkcs1RsaAndSec1Ec_areReadAsTheSameKeys() throws Exception {
        KeyPair rsa = rsa();
        Path rsaFile = legacyPem("rsa-key.pem", rsa.getPrivate());
        assertTrue(Files.readString(rsaFile).startsWith("-----BEGIN RSA PRIVATE KEY-----"));
        assertEquals(rsa.getPrivate(), PemFiles.readPrivateKey("bookstore.tls.key", rsaFile));

        KeyPair ec = CertificateMaker.newKeyPair();
        // As openssl writes it: SEC1 with the curve named inside ([0] parameters).
        org.bouncycastle.asn1.pkcs.PrivateKeyInfo info = org.bouncycastle.asn1.pkcs.PrivateKeyInfo.getInstance(
                ec.getPrivate().getEncoded());
        org.bouncycastle.asn1.sec.ECPrivateKey inner = org.bouncycastle.asn1.sec.ECPrivateKey.getInstance(info.parsePrivateKey());
        Path ecFile = legacyPem("ec-key.pem", new org.bouncycastle.util.io.pem.PemObject("EC PRIVATE KEY",
                new org.bouncycastle.asn1.sec.ECPrivateKey(256, inner.getKey(),
                        info.getPrivateKeyAlgorithm().getParameters()).getEncoded()));
        assertTrue(Files.readString(ecFile).startsWith("-----BEGIN EC PRIVATE KEY-----"));
        PrivateKey read = PemFiles.readPrivateKey("bookstore.tls.key", ecFile);
        assertEquals("EC", read.getAlgorithm());
        assertTrue(java.util.Arrays.equals(ec.getPrivate().getEncoded(), read.getEncoded())
                || ((java.security.interfaces.ECPrivateKey) read).getS()
                        .equals(((java.security.interfaces.ECPrivateKey) ec.getPrivate()).getS()));
    }

    @Test
    void fromFiles_rsaCertificateWithPkcs8OrPkcs1Key_isAnIdentity() throws Exception {
        KeyPair rsa = rsa();
        Instant now = Instant.now();
        X500Name name = new X500Name("CN=openssl-made");
        X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, java.math.BigInteger.TEN,
                java.util.Date.from(now), java.util.Date.from(now.plus(Duration.ofDays(1))), name, rsa.getPublic());
        java.security.cert.X509Certificate certificate = new JcaX509CertificateConverter().getCertificate(
                builder.build(new JcaContentSignerBuilder("SHA256withRSA").build(rsa.getPrivate())));
        Path cert = dir.resolve("rsa.pem");
        PemFiles.writeCertificates(cert, List.of(certificate));
        Path pkcs8 = dir.resolve("rsa-key8.pem");
        PemFiles.writePrivateKey(pkcs8, rsa.getPrivate());

        assertEquals(certificate, TlsIdentity.fromFiles("c", cert, "k", pkcs8).chain().get(0));
        assertEquals(rsa.getPrivate(), TlsIdentity.fromFiles("c", cert, "k", legacyPem("rsa-key1.pem", rsa.getPrivate())).key());
    }

    @Test
    void fromFiles_keyOfAnotherCertificate_refusedNamingBothFiles() throws Exception {
        TestCerts certs = TestCerts.make(dir.resolve("certs"));
        TlsFileException e = assertThrows(TlsFileException.class, () -> TlsIdentity.fromFiles("bookstore.tls.cert",
                certs.nodeCert(), "bookstore.tls.key", certs.clientKey()));
        assertTrue(e.getMessage().startsWith("bookstore.tls.key '" + certs.clientKey() + "' is not the key of the"
                + " certificate in bookstore.tls.cert '" + certs.nodeCert() + "'"), e.getMessage());
    }

    @Test
    void read_missingGarbageWrongKindOrEncrypted_refusedNamingSettingAndFile() throws Exception {
        Path missing = dir.resolve("missing.pem");
        assertMessage(() -> PemFiles.readCertificates("bookstore.tls.cert", missing),
                "bookstore.tls.cert '" + missing + "' does not exist");
        Path garbage = dir.resolve("garbage.pem");
        Files.writeString(garbage, "-----BEGIN CERTIFICATE-----\nnot base64 at all!\n-----END CERTIFICATE-----\n");
        assertMessage(() -> PemFiles.readCertificates("bookstore.tls.cert", garbage), "bookstore.tls.cert '" + garbage
                + "' cannot be read as PEM");
        Path text = dir.resolve("text.pem");
        Files.writeString(text, "hello\n");
        assertMessage(() -> PemFiles.readCertificates("bookstore.tls.ca", text), "bookstore.tls.ca '" + text
                + "' holds no certificate");
        TestCerts certs = TestCerts.make(dir.resolve("certs"));
        assertMessage(() -> PemFiles.readPrivateKey("bookstore.tls.key", certs.nodeCert()), "bookstore.tls.key '"
                + certs.nodeCert() + "' holds no private key");
        Path encrypted = dir.resolve("encrypted-key.pem");
        StringWriter pem = new StringWriter();
        try (JcaPEMWriter writer = new JcaPEMWriter(pem)) {
            writer.writeObject(new org.bouncycastle.openssl.jcajce.JcaPKCS8Generator(CertificateMaker.newKeyPair().getPrivate(),
                    new org.bouncycastle.openssl.jcajce.JceOpenSSLPKCS8EncryptorBuilder(
                            org.bouncycastle.openssl.PKCS8Generator.AES_256_CBC).setProvider(new org.bouncycastle.jce.provider.BouncyCastleProvider())
                            .setPassword("secret".toCharArray()).build()));
        }
        Files.writeString(encrypted, pem.toString());
        assertMessage(() -> PemFiles.readPrivateKey("bookstore.tls.key", encrypted), "bookstore.tls.key '" + encrypted
                + "' holds an encrypted private key, which is not supported: decrypt it");
        Path directory = dir.resolve("a-directory");
        Files.createDirectory(directory);
        assertMessage(() -> PemFiles.readPrivateKey("bookstore.tls.key", directory), "bookstore.tls.key '" + directory
                + "' cannot be read as PEM");
    }

    private static void assertMessage(org.junit.jupiter.api.function.Executable call, String start) {
        TlsFileException e = assertThrows(TlsFileException.class, call);
        assertTrue(e.getMessage().startsWith(start), e.getMessage());
    }
}
