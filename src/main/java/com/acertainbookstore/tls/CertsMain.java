package com.acertainbookstore.tls;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code certs}: makes, in PEM, a certificate authority, a certificate per node (its hosts and IP
 * addresses as subject alternative names, usable as server and as client) and client
 * certificates, in one command; keys are PKCS#8, readable by their owner only. A directory that
 * already holds {@code ca.pem} and {@code ca-key.pem} keeps its authority, so nodes can be added
 * later; an existing node or client file is never overwritten. Single-threaded.
 *
 * <p>Files from {@code openssl} or {@code cfssl} work as well: the server and the proxies read any
 * PEM certificate and any unencrypted RSA or EC key ({@link PemFiles}).
 */
public final class CertsMain {

    static final String CA = "ca";
    /** The authority's lifetime when it is made here. */
    static final Duration AUTHORITY_LIFETIME = Duration.ofDays(3650);
    static final int DEFAULT_DAYS = 365;
    /** Backdating, so that a clock slightly behind the issuer's still accepts a new certificate. */
    private static final Duration BACKDATE = Duration.ofMinutes(5);
    private static final String NAME = "[A-Za-z0-9][A-Za-z0-9._-]{0,63}";

    static final String USAGE = String.join("\n",
            "Usage: certs --dir <dir> [--node <name>=<host>[,<host>...]]... [--client <name>]... [--days <n>]",
            "",
            "Makes, in <dir> (created if missing):",
            "  ca.pem, ca-key.pem           a certificate authority, unless <dir> already has one (then it signs)",
            "  <name>.pem, <name>-key.pem   per --node: a node certificate (server and client use) whose subject",
            "                               alternative names are the hosts and IP addresses given",
            "  <name>.pem, <name>-key.pem   per --client: a client certificate (client use only)",
            "",
            "  --days <n>   lifetime of the node and client certificates, 1..3650 (default " + DEFAULT_DAYS + ");",
            "               a new authority lives 3650 days",
            "  --help       this text",
            "",
            "Keys are unencrypted PKCS#8 (BEGIN PRIVATE KEY), EC P-256, readable by their owner only (600).",
            "Existing node and client files are never overwritten. Keep ca-key.pem off the servers.",
            "",
            "Example: certs --dir certs --node n1=db1.example.org,10.0.0.1 --node n2=10.0.0.2 --client stock",
            "Then:    -Dbookstore.tls.cert=certs/n1.pem -Dbookstore.tls.key=certs/n1-key.pem",
            "         -Dbookstore.tls.ca=certs/ca.pem (clients: -Dclient.tls.ca=certs/ca.pem)");

    /** What to make, parsed from the arguments. */
    record Request(Path dir, Map<String, List<String>> nodes, Set<String> clients, int days) {
    }

    private CertsMain() {
    }

    public static void main(String[] args) {
        int status = run(args, System.out, System.err);
        if (status != 0) {
            System.exit(status);
        }
    }

    /**
     * Parses {@code args} and makes the files; {@code 0} when done (or for {@code --help}),
     * {@code 2} for bad arguments, {@code 1} when the files cannot be made; messages go to
     * {@code err}, the paths written to {@code out}.
     */
    static int run(String[] args, PrintStream out, PrintStream err) {
        Request request;
        try {
            request = parse(args);
        } catch (IllegalArgumentException e) {
            err.println("certs: " + e.getMessage());
            err.println("certs --help shows the usage");
            return 2;
        }
        if (request == null) {
            out.println(USAGE);
            return 0;
        }
        try {
            make(request, out);
            return 0;
        } catch (IOException | IllegalArgumentException e) {
            err.println("certs: " + e.getMessage());
            return 1;
        }
    }

    /**
     * The request the arguments make, or {@code null} for {@code --help}.
     *
     * @throws IllegalArgumentException naming the argument and the rule
     */
    static Request parse(String[] args) {
        Path dir = null;
        Map<String, List<String>> nodes = new LinkedHashMap<>();
        Set<String> clients = new LinkedHashSet<>();
        int days = DEFAULT_DAYS;
        for (int i = 0; i < args.length; i++) {
            String option = args[i];
            if (option.equals("--help") || option.equals("-h")) {
                return null;
            }
            if (!option.equals("--dir") && !option.equals("--node") && !option.equals("--client")
                    && !option.equals("--days")) {
                throw new IllegalArgumentException("unknown argument '" + option + "'");
            }
            if (i + 1 >= args.length) {
                throw new IllegalArgumentException(option + " needs a value");
            }
            String value = args[++i];
            switch (option) {
                case "--dir":
                    if (dir != null) {
                        throw new IllegalArgumentException("--dir is given twice");
                    }
                    dir = Path.of(value);
                    break;
                case "--node":
                    int equals = value.indexOf('=');
                    if (equals < 0) {
                        throw new IllegalArgumentException("--node '" + value + "' must be <name>=<host>[,<host>...]");
                    }
                    String name = checkName("--node", value.substring(0, equals), nodes.keySet(), clients);
                    List<String> hosts = new ArrayList<>();
                    for (String host : value.substring(equals + 1).split(",", -1)) {
                        try {
                            CertificateMaker.subjectAlternativeName(host.trim());
                        } catch (IllegalArgumentException e) {
                            throw new IllegalArgumentException("--node '" + value + "': " + e.getMessage(), e);
                        }
                        hosts.add(host.trim());
                    }
                    nodes.put(name, hosts);
                    break;
                case "--client":
                    clients.add(checkName("--client", value, nodes.keySet(), clients));
                    break;
                default:
                    try {
                        days = Integer.parseInt(value);
                    } catch (NumberFormatException e) {
                        throw new IllegalArgumentException("--days '" + value + "' is not an integer", e);
                    }
                    if (days < 1 || days > AUTHORITY_LIFETIME.toDays()) {
                        throw new IllegalArgumentException("--days (" + days + ") must be in 1.." + AUTHORITY_LIFETIME.toDays());
                    }
            }
        }
        if (dir == null) {
            throw new IllegalArgumentException("--dir is required");
        }
        if (nodes.isEmpty() && clients.isEmpty()) {
            throw new IllegalArgumentException("nothing to make: give at least one --node or --client");
        }
        return new Request(dir, nodes, clients, days);
    }

    private static String checkName(String option, String name, Set<String> nodes, Set<String> clients) {
        if (!name.matches(NAME)) {
            throw new IllegalArgumentException(option + " name '" + name + "' must be 1-64 letters, digits, '.', '_' or"
                    + " '-', starting with a letter or digit");
        }
        if (name.equals(CA)) {
            throw new IllegalArgumentException(option + " name 'ca' is the authority's");
        }
        if (nodes.contains(name) || clients.contains(name)) {
            throw new IllegalArgumentException(option + " name '" + name + "' is given twice");
        }
        return name;
    }

    /** Makes the request's files in its directory, printing each path written. */
    static void make(Request request, PrintStream out) throws IOException {
        Path dir = request.dir();
        Files.createDirectories(dir);
        List<String> names = new ArrayList<>(request.nodes().keySet());
        names.addAll(request.clients());
        for (String name : names) {
            for (Path file : List.of(certificateFile(dir, name), keyFile(dir, name))) {
                if (Files.exists(file)) {
                    throw new IllegalArgumentException(file + " exists: not overwritten (remove it, or choose another name)");
                }
            }
        }
        Instant now = Instant.now();
        Instant from = now.minus(BACKDATE);
        Instant until = now.plus(Duration.ofDays(request.days()));
        CertificateMaker.Issued authority = authority(dir, from, now.plus(AUTHORITY_LIFETIME), out);
        for (Map.Entry<String, List<String>> node : request.nodes().entrySet()) {
            write(dir, node.getKey(), CertificateMaker.node(node.getKey(), node.getValue(), authority, from, until), out);
        }
        for (String client : request.clients()) {
            write(dir, client, CertificateMaker.client(client, authority, from, until), out);
        }
    }

    /** The directory's authority, or a new one written there. */
    private static CertificateMaker.Issued authority(Path dir, Instant from, Instant until, PrintStream out)
            throws IOException {
        Path certificate = certificateFile(dir, CA);
        Path key = keyFile(dir, CA);
        boolean hasCertificate = Files.exists(certificate);
        if (hasCertificate != Files.exists(key)) {
            throw new IllegalArgumentException(dir + " has " + (hasCertificate ? certificate : key) + " but not "
                    + (hasCertificate ? key : certificate) + ": give both or neither");
        }
        if (hasCertificate) {
            TlsIdentity existing = TlsIdentity.fromFiles("the authority's certificate", certificate, "the authority's key", key);
            out.println("using the authority in " + certificate);
            X509Certificate ca = existing.chain().get(0);
            return new CertificateMaker.Issued(ca, new KeyPair(ca.getPublicKey(), existing.key()));
        }
        CertificateMaker.Issued authority = CertificateMaker.authority("CertainBookStore CA", from, until);
        write(dir, CA, authority, out);
        return authority;
    }

    private static void write(Path dir, String name, CertificateMaker.Issued issued, PrintStream out) throws IOException {
        Path key = keyFile(dir, name);
        PemFiles.writePrivateKey(key, issued.keys().getPrivate());
        Path certificate = certificateFile(dir, name);
        PemFiles.writeCertificates(certificate, List.of(issued.certificate()));
        out.println("wrote " + certificate);
        out.println("wrote " + key);
    }

    static Path certificateFile(Path dir, String name) {
        return dir.resolve(name + ".pem");
    }

    static Path keyFile(Path dir, String name) {
        return dir.resolve(name + "-key.pem");
    }
}
