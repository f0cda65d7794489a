package com.acertainbookstore.cluster;

import com.acertainbookstore.replica.ReplicaTlsFiles;
import com.acertainbookstore.server.ServerSettings;
import com.acertainbookstore.server.ServerTls;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TemporaryCertificates;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * The TLS of a fleet of hosts: certificates made for the run ({@link TemporaryCertificates}: an
 * authority, a node certificate naming the replicas' addresses besides loopback's, a client
 * certificate); the settings that make each replica serve HTTPS with them, require a client
 * certificate of the same authority, and speak mutual TLS with the other replicas with the same
 * files (its Raft port and its calls to them: {@link ReplicaTlsFiles}); and the one client context
 * the fleet's probes and the harness's proxies share (one context: its connections resume one
 * session). Immutable once made; safe to share. {@link #close} removes the files.
 *
 * @param certificates the files, in a directory the fleet's network removes even should this JVM be killed
 * @param client       trusts the authority and presents the client certificate
 */
record FleetTls(TemporaryCertificates certificates, ClientTls client) implements AutoCloseable {

    /** Makes the files in {@code dir}, the node certificate naming {@code addresses} too. */
    static FleetTls make(Path dir, List<String> addresses) throws IOException {
        TemporaryCertificates certificates = TemporaryCertificates.make(dir, addresses);
        try {
            return new FleetTls(certificates, certificates.clientTls());
        } catch (RuntimeException e) {
            certificates.close();
            throw e;
        }
    }

    /**
     * The {@code -D} options that make a replica serve HTTPS with these files, client certificates
     * required, and speak mutual TLS with its peers with them: every hop.
     */
    List<String> replicaOptions() {
        return List.of("-D" + ServerSettings.TLS_CERT + "=" + certificates.nodeCert(),
                "-D" + ServerSettings.TLS_KEY + "=" + certificates.nodeKey(),
                "-D" + ServerSettings.TLS_CA + "=" + certificates.ca(),
                "-D" + ServerSettings.TLS_CLIENT_AUTH + "=" + ServerTls.ClientAuth.REQUIRED,
                "-D" + ReplicaTlsFiles.CERT + "=" + certificates.nodeCert(),
                "-D" + ReplicaTlsFiles.KEY + "=" + certificates.nodeKey(),
                "-D" + ReplicaTlsFiles.CA + "=" + certificates.ca());
    }

    /** Removes the files; a failure is reported on standard error. */
    @Override
    public void close() {
        try {
            certificates.close();
        } catch (IOException e) {
            System.err.println("fleet: could not remove the run's certificates in " + certificates.dir() + ": " + e);
        }
    }
}
