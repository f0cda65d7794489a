package com.acertainbookstore.replication;

import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.tls.TlsIdentity;
import com.acertainbookstore.tls.TlsPolicy;
import java.security.cert.X509Certificate;
import java.util.List;
import org.apache.ratis.conf.Parameters;
import org.apache.ratis.grpc.GrpcConfigKeys;
import org.apache.ratis.grpc.GrpcTlsConfig;
import org.apache.ratis.security.TlsConf;

/**
 * Mutual TLS between the replicas of one group: the certificate (chain) and key this replica
 * presents, and the group's authorities, which must have signed the certificate of every peer it
 * talks to. Immutable; safe to share between threads.
 *
 * <p>It sets up two kinds of hop. Ratis' gRPC transport ({@link #parameters()}): one
 * {@link GrpcTlsConfig} with mutual authentication for the server side of the Raft port (appends,
 * votes, snapshots, client and admin calls, which share that port) and for every
 * {@code RaftClient} and log appender of this replica, so each end presents its certificate and
 * refuses a peer whose certificate the authorities did not sign; Ratis also checks that the
 * peer's certificate names the host of its address. The replica's own HTTPS calls to its peers
 * ({@link #peerClient()}, such as a cold leader's {@code /health} probes): the same certificate
 * and authorities, the host name checked. Both allow only {@link TlsPolicy}'s protocols and
 * suites. The configuration is built from keys and certificates already read (the project's PEM
 * reader takes every key form {@code openssl} writes, while Ratis' own file reading takes PKCS#8
 * only): docs/decisions/tls-files.md.
 */
public final class RaftTls {

    private final TlsIdentity identity;
    private final List<X509Certificate> authorities;
    private final GrpcTlsConfig grpc;
    private final ClientTls peerClient;

    private RaftTls(TlsIdentity identity, List<X509Certificate> authorities) {
        if (authorities.isEmpty()) {
            throw new IllegalArgumentException("mutual TLS between replicas needs at least one authority");
        }
        this.identity = identity;
        this.authorities = List.copyOf(authorities);
        this.grpc = GrpcTlsConfig.newBuilder()
                .setName("replica")
                .setPrivateKey(new TlsConf.PrivateKeyConf(identity.key()))
                .setKeyCertificates(new TlsConf.CertificatesConf(identity.chain()))
                .setTrustCertificates(new TlsConf.CertificatesConf(this.authorities))
                .setMutualTls(true)
                .setProtocols(TlsPolicy.PROTOCOLS)
                .setCipherSuites(TlsPolicy.CIPHER_SUITES)
                .build();
        this.peerClient = ClientTls.of(this.authorities, identity);
    }

    /** This replica presents {@code identity} and trusts peers whose certificates {@code authorities} signed. */
    public static RaftTls of(TlsIdentity identity, List<X509Certificate> authorities) {
        return new RaftTls(identity, authorities);
    }

    /**
     * New Ratis parameters holding this configuration, for {@code RaftServer.newBuilder()} and
     * {@code RaftClient.newBuilder()} ({@code setParameters}): Ratis 3.3.0 takes TLS from there,
     * not from {@code RaftProperties}, and the general TLS key covers server, client and admin.
     */
    public Parameters parameters() {
        Parameters parameters = new Parameters();
        GrpcConfigKeys.TLS.setConf(parameters, grpc);
        return parameters;
    }

    /** The client side of this replica's HTTPS calls to its peers: its certificate, the group's authorities. */
    public ClientTls peerClient() {
        return peerClient;
    }

    /** The certificate this replica presents (the first of its chain). */
    public X509Certificate certificate() {
        return identity.chain().get(0);
    }

    public List<X509Certificate> authorities() {
        return authorities;
    }

    @Override
    public String toString() {
        return "RaftTls[" + certificate().getSubjectX500Principal().getName() + ", " + authorities.size()
                + " authorit" + (authorities.size() == 1 ? "y" : "ies") + "]";
    }
}
