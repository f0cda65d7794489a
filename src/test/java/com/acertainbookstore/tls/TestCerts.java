package com.acertainbookstore.tls;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * Certificates a test makes for itself in a directory it owns (a JUnit temp dir): an authority
 * made by {@link CertsMain}, a node certificate {@code node} for {@code localhost},
 * {@code 127.0.0.1} and {@code ::1}, and a client certificate {@code client}; plus, on demand,
 * certificates the tests use as attacks (expired, for another host). Nothing here is committed
 * key material: every run makes its own.
 */
public final class TestCerts {

    private final Path dir;
    private final CertificateMaker.Issued authority;

    private TestCerts(Path dir) {
        this.dir = dir;
        TlsIdentity ca = TlsIdentity.fromFiles("ca", CertsMain.certificateFile(dir, CertsMain.CA), "ca-key",
                CertsMain.keyFile(dir, CertsMain.CA));
        this.authority = new CertificateMaker.Issued(ca.chain().get(0),
                new java.security.KeyPair(ca.chain().get(0).getPublicKey(), ca.key()));
    }

    /** Made once per test JVM by {@link #shared()}, removed when it exits. */
    private static TestCerts shared;

    /**
     * One set of certificates for every test of this JVM that needs ordinary ones (the contract
     * suite over HTTPS), made on first use in a new temporary directory that a shutdown hook
     * removes. Tests that need certificates of their own make them in their own temp dir.
     */
    public static synchronized TestCerts shared() throws IOException {
        if (shared == null) {
            Path dir = java.nio.file.Files.createTempDirectory("cbs-test-certs");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                try (java.util.stream.Stream<Path> files = java.nio.file.Files.list(dir)) {
                    for (Path file : (Iterable<Path>) files::iterator) {
                        java.nio.file.Files.deleteIfExists(file);
                    }
                    java.nio.file.Files.deleteIfExists(dir);
                } catch (IOException e) {
                    // A temporary directory left behind: nothing else to do at exit.
                }
            }, "test-certs-cleanup"));
            shared = make(dir);
        }
        return shared;
    }

    /** A client's TLS settings trusting this authority, presenting {@code client} when {@code withCertificate}. */
    public ClientTls clientTls(boolean withCertificate) {
        return withCertificate ? ClientTls.fromFiles(ca(), clientCert(), clientKey()) : ClientTls.fromFiles(ca(), null, null);
    }

    /** Makes the authority, {@code node} and {@code client} in {@code dir} with {@link CertsMain}. */
    public static TestCerts make(Path dir) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int status = CertsMain.run(new String[] {"--dir", dir.toString(), "--node", "node=localhost,127.0.0.1,::1",
                "--client", "client"}, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        if (status != 0) {
            throw new IllegalStateException("certs failed (" + status + "): " + err.toString(StandardCharsets.UTF_8));
        }
        return new TestCerts(dir);
    }

    public Path dir() {
        return dir;
    }

    public Path ca() {
        return CertsMain.certificateFile(dir, CertsMain.CA);
    }

    public Path nodeCert() {
        return CertsMain.certificateFile(dir, "node");
    }

    public Path nodeKey() {
        return CertsMain.keyFile(dir, "node");
    }

    public Path clientCert() {
        return CertsMain.certificateFile(dir, "client");
    }

    public Path clientKey() {
        return CertsMain.keyFile(dir, "client");
    }

    /** A client certificate of this authority that expired yesterday; its files are {@code name.pem}, {@code name-key.pem}. */
    public Path[] expiredClient(String name) throws IOException {
        Instant now = Instant.now();
        return write(name, CertificateMaker.client(name, authority, now.minus(Duration.ofDays(30)),
                now.minus(Duration.ofDays(1))));
    }

    /** A node certificate of this authority for {@code hosts} only. */
    public Path[] node(String name, List<String> hosts) throws IOException {
        Instant now = Instant.now();
        return write(name, CertificateMaker.node(name, hosts, authority, now.minus(Duration.ofMinutes(5)),
                now.plus(Duration.ofDays(1))));
    }

    private Path[] write(String name, CertificateMaker.Issued issued) throws IOException {
        Path certificate = CertsMain.certificateFile(dir, name);
        Path key = CertsMain.keyFile(dir, name);
        PemFiles.writeCertificates(certificate, List.of(issued.certificate()));
        PemFiles.writePrivateKey(key, issued.keys().getPrivate());
        return new Path[] {certificate, key};
    }
}
