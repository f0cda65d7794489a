package com.acertainbookstore.tls;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Certificates for one run on this machine, made by {@link CertsMain}'s code in a new temporary
 * directory and removed by {@link #close()}: an authority, a node certificate {@code node} for
 * {@code localhost}, {@code 127.0.0.1} and {@code ::1} (and any addresses the caller adds), valid
 * for a day, and a client certificate
 * {@code client}. For the harness, which measures TLS without anyone making files first. Not
 * thread-safe to close; the paths may be read from any thread.
 */
public final class TemporaryCertificates implements AutoCloseable {

    /** The hosts the node certificate names. */
    public static final List<String> HOSTS = List.of("localhost", "127.0.0.1", "::1");
    private static final String NODE = "node";
    private static final String CLIENT = "client";

    private final Path dir;

    private TemporaryCertificates(Path dir) {
        this.dir = dir;
    }

    /** Makes the files in a new temporary directory named with {@code prefix}. */
    public static TemporaryCertificates make(String prefix) throws IOException {
        return make(Files.createTempDirectory(prefix), List.of());
    }

    /**
     * Makes the files in {@code dir} (made if absent), the node certificate naming {@code moreHosts}
     * (host names or IP addresses) besides {@link #HOSTS}: for servers reached at addresses of their
     * own. On failure the directory is removed.
     */
    public static TemporaryCertificates make(Path dir, List<String> moreHosts) throws IOException {
        Files.createDirectories(dir);
        List<String> hosts = new ArrayList<>(HOSTS);
        hosts.addAll(moreHosts);
        try {
            CertsMain.make(new CertsMain.Request(dir, Map.of(NODE, hosts), Set.of(CLIENT), 1),
                    new PrintStream(OutputStream.nullOutputStream()));
            return new TemporaryCertificates(dir);
        } catch (IOException | RuntimeException e) {
            delete(dir);
            throw e;
        }
    }

    public Path dir() {
        return dir;
    }

    public Path ca() {
        return CertsMain.certificateFile(dir, CertsMain.CA);
    }

    public Path nodeCert() {
        return CertsMain.certificateFile(dir, NODE);
    }

    public Path nodeKey() {
        return CertsMain.keyFile(dir, NODE);
    }

    public Path clientCert() {
        return CertsMain.certificateFile(dir, CLIENT);
    }

    public Path clientKey() {
        return CertsMain.keyFile(dir, CLIENT);
    }

    /** A client trusting the authority and presenting {@code client}. */
    public ClientTls clientTls() {
        return ClientTls.fromFiles(ca(), clientCert(), clientKey());
    }

    /** Removes the files and the directory. */
    @Override
    public void close() throws IOException {
        delete(dir);
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : (Iterable<Path>) files::iterator) {
                Files.deleteIfExists(file);
            }
        }
        Files.deleteIfExists(dir);
    }
}
