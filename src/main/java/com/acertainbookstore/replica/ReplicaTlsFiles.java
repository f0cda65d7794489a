package com.acertainbookstore.replica;

import com.acertainbookstore.replication.RaftTls;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.tls.PemFiles;
import com.acertainbookstore.tls.TlsIdentity;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * Where a replica finds the files of its mutual TLS with the other replicas (the Raft port and its
 * HTTPS calls to them): {@value #CERT}, {@value #KEY} and {@value #CA}, each defaulting to the
 * {@code bookstore.tls.*} setting of the same name, so that a node's one certificate serves its
 * clients and its peers. Either all three are known or none (plain gRPC). Immutable, validated;
 * the files are read by {@link #read()}.
 *
 * @param cert this replica's certificate (chain, leaf first), and the setting that named it
 * @param key its private key, and the setting that named it
 * @param ca the group's authorities (each peer's certificate must be signed by one), and the
 *     setting that named them
 */
public record ReplicaTlsFiles(Source cert, Source key, Source ca) {

    /** This replica's certificate for the other replicas (PEM); default {@code bookstore.tls.cert}. */
    public static final String CERT = ReplicaConfig.PREFIX + "tls.cert";
    /** Its private key (PEM); default {@code bookstore.tls.key}. */
    public static final String KEY = ReplicaConfig.PREFIX + "tls.key";
    /** The group's authorities (PEM); default {@code bookstore.tls.ca}. */
    public static final String CA = ReplicaConfig.PREFIX + "tls.ca";
    /** The three settings, in order. */
    public static final List<String> SETTINGS = List.of(CERT, KEY, CA);

    /**
     * One file and the setting it came from, for messages.
     *
     * @param setting the setting that named the file ({@code replica.tls.*} or its default)
     * @param file the file
     */
    public record Source(String setting, Path file) {
    }

    public ReplicaTlsFiles {
        if (cert == null || key == null || ca == null) {
            throw new IllegalArgumentException("mutual TLS between replicas needs a certificate, its key and the"
                    + " group's authority");
        }
    }

    /**
     * The files named by {@code replica.tls.*}, each defaulting to its {@code bookstore.tls.*}
     * setting, or {@code null} when none of the six is given.
     *
     * @throws IllegalArgumentException some are known and others not; the message names the
     *     missing settings and their defaults
     */
    public static ReplicaTlsFiles fromProperties(Properties properties) {
        Source cert = source(properties, CERT, ServerSettings.TLS_CERT);
        Source key = source(properties, KEY, ServerSettings.TLS_KEY);
        Source ca = source(properties, CA, ServerSettings.TLS_CA);
        if (cert == null && key == null && ca == null) {
            return null;
        }
        List<String> missing = new ArrayList<>();
        if (cert == null) {
            missing.add(CERT + " (or " + ServerSettings.TLS_CERT + ")");
        }
        if (key == null) {
            missing.add(KEY + " (or " + ServerSettings.TLS_KEY + ")");
        }
        if (ca == null) {
            missing.add(CA + " (or " + ServerSettings.TLS_CA + ")");
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("mutual TLS between replicas needs " + CERT + ", " + KEY + " and " + CA
                    + ", each defaulting to its " + ServerSettings.PREFIX + "tls.* setting; not given: "
                    + String.join(", ", missing) + ". " + CA + " is the authority that signed every replica's"
                    + " certificate");
        }
        return new ReplicaTlsFiles(cert, key, ca);
    }

    /** The setting's file, else its default's, else null. */
    private static Source source(Properties properties, String setting, String fallback) {
        for (String name : List.of(setting, fallback)) {
            String value = properties.getProperty(name);
            if (value != null && !value.isBlank()) {
                return new Source(name, Path.of(value.trim()));
            }
        }
        return null;
    }

    /**
     * Reads the files.
     *
     * @throws com.acertainbookstore.tls.TlsFileException a file cannot be read or used, or the key
     *     is not the certificate's (the message names the setting and the file)
     */
    public RaftTls read() {
        TlsIdentity identity = TlsIdentity.fromFiles(cert.setting(), cert.file(), key.setting(), key.file());
        return RaftTls.of(identity, PemFiles.readCertificates(ca.setting(), ca.file()));
    }
}
