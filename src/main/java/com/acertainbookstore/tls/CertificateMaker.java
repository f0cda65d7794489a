package com.acertainbookstore.tls;

import java.math.BigInteger;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.regex.Pattern;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x500.X500NameBuilder;
import org.bouncycastle.asn1.x500.style.BCStyle;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.ExtendedKeyUsage;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyPurposeId;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.CertIOException;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509ExtensionUtils;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.ContentSigner;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * Makes EC P-256 key pairs and X.509 certificates signed with ECDSA-SHA256: a certificate
 * authority, node certificates (server and client use, their hosts and IP addresses as subject
 * alternative names, which is what clients verify) and client certificates. Stateless; safe to
 * share.
 */
public final class CertificateMaker {

    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String SIGNATURE = "SHA256withECDSA";
    /** A DNS name as certificates hold it: labels of letters, digits and hyphens, or a leading wildcard. */
    private static final Pattern DNS_NAME = Pattern.compile(
            "(\\*\\.)?[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*");
    /** Something meant as an IP address: digits and dots only, or a colon. */
    private static final Pattern IP_LIKE = Pattern.compile("[0-9.]+|.*:.*");

    /** A certificate and its key, as a signer of other certificates. */
    public record Issued(X509Certificate certificate, KeyPair keys) {
    }

    private CertificateMaker() {
    }

    /** A new EC P-256 key pair. */
    public static KeyPair newKeyPair() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
            generator.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
            return generator.generateKeyPair();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("this JVM cannot make EC P-256 keys: " + e.getMessage(), e);
        }
    }

    /** A self-signed certificate authority that may sign end certificates only (path length 0). */
    public static Issued authority(String commonName, Instant notBefore, Instant notAfter) {
        KeyPair keys = newKeyPair();
        X500Name name = name(commonName);
        try {
            JcaX509ExtensionUtils utilities = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(name, serial(), Date.from(notBefore),
                    Date.from(notAfter), name, keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(0))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            utilities.createSubjectKeyIdentifier(keys.getPublic()));
            return new Issued(sign(builder, keys), keys);
        } catch (GeneralSecurityException | CertIOException e) {
            throw new IllegalStateException("making the authority's certificate failed: " + e.getMessage(), e);
        }
    }

    /**
     * A node's certificate, signed by {@code issuer}: usable by a server and, towards its peers,
     * as a client; each of {@code hosts} (DNS names or IP address literals) becomes a subject
     * alternative name.
     *
     * @throws IllegalArgumentException no host, or a host that is neither a DNS name nor an IP
     *     address (naming it)
     */
    public static Issued node(String commonName, List<String> hosts, Issued issuer, Instant notBefore, Instant notAfter) {
        if (hosts.isEmpty()) {
            throw new IllegalArgumentException("node " + commonName + " needs at least one host name or IP address");
        }
        List<GeneralName> names = new ArrayList<>();
        for (String host : hosts) {
            names.add(subjectAlternativeName(host));
        }
        return issue(commonName, new GeneralNames(names.toArray(GeneralName[]::new)),
                new KeyPurposeId[] {KeyPurposeId.id_kp_serverAuth, KeyPurposeId.id_kp_clientAuth}, issuer, notBefore,
                notAfter);
    }

    /** A client's certificate, signed by {@code issuer}, for client use only. */
    public static Issued client(String commonName, Issued issuer, Instant notBefore, Instant notAfter) {
        return issue(commonName, null, new KeyPurposeId[] {KeyPurposeId.id_kp_clientAuth}, issuer, notBefore, notAfter);
    }

    /**
     * The subject alternative name for {@code host}: an IP address entry for an address literal,
     * else a DNS entry.
     *
     * @throws IllegalArgumentException naming the host, when it is neither
     */
    static GeneralName subjectAlternativeName(String host) {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("host '" + host + "' is empty");
        }
        if (IP_LIKE.matcher(host).matches()) {
            String literal = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
            boolean ipv4 = literal.matches("[0-9]{1,3}(\\.[0-9]{1,3}){3}");
            if (!ipv4 && (literal.indexOf(':') < 0 || !literal.matches("[0-9A-Fa-f:.]+"))) {
                throw new IllegalArgumentException("host '" + host + "' is not an IP address");
            }
            try {
                // A literal is parsed, never looked up.
                InetAddress.getByName(literal);
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("host '" + host + "' is not an IP address", e);
            }
            return new GeneralName(GeneralName.iPAddress, literal);
        }
        if (host.length() > 253 || !DNS_NAME.matcher(host).matches()) {
            throw new IllegalArgumentException("host '" + host + "' is neither a DNS name nor an IP address");
        }
        return new GeneralName(GeneralName.dNSName, host);
    }

    private static Issued issue(String commonName, GeneralNames alternativeNames, KeyPurposeId[] purposes, Issued issuer,
            Instant notBefore, Instant notAfter) {
        KeyPair keys = newKeyPair();
        try {
            JcaX509ExtensionUtils utilities = new JcaX509ExtensionUtils();
            X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer.certificate(), serial(),
                    Date.from(notBefore), Date.from(notAfter), name(commonName), keys.getPublic())
                    .addExtension(Extension.basicConstraints, true, new BasicConstraints(false))
                    .addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature))
                    .addExtension(Extension.extendedKeyUsage, false, new ExtendedKeyUsage(purposes))
                    .addExtension(Extension.subjectKeyIdentifier, false,
                            utilities.createSubjectKeyIdentifier(keys.getPublic()))
                    .addExtension(Extension.authorityKeyIdentifier, false,
                            utilities.createAuthorityKeyIdentifier(issuer.certificate()));
            if (alternativeNames != null) {
                builder.addExtension(Extension.subjectAlternativeName, false, alternativeNames);
            }
            return new Issued(sign(builder, issuer.keys()), keys);
        } catch (GeneralSecurityException | CertIOException e) {
            throw new IllegalStateException("making the certificate of " + commonName + " failed: " + e.getMessage(), e);
        }
    }

    private static X509Certificate sign(X509v3CertificateBuilder builder, KeyPair signer) throws GeneralSecurityException {
        try {
            ContentSigner contentSigner = new JcaContentSignerBuilder(SIGNATURE).build(signer.getPrivate());
            return new JcaX509CertificateConverter().getCertificate(builder.build(contentSigner));
        } catch (OperatorCreationException e) {
            throw new GeneralSecurityException(e.getMessage(), e);
        }
    }

    private static X500Name name(String commonName) {
        if (commonName == null || commonName.isBlank()) {
            throw new IllegalArgumentException("a certificate's name must be non-blank");
        }
        return new X500NameBuilder(BCStyle.INSTANCE).addRDN(BCStyle.O, "CertainBookStore")
                .addRDN(BCStyle.CN, commonName).build();
    }

    /** A random positive 127-bit serial number (RFC 5280: positive, at most 20 octets). */
    private static BigInteger serial() {
        return new BigInteger(127, RANDOM).setBit(0);
    }
}
