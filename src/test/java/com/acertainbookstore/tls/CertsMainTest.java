package com.acertainbookstore.tls;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.cert.X509Certificate;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CertsMainTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream out = new ByteArrayOutputStream();
    private final ByteArrayOutputStream err = new ByteArrayOutputStream();

    private int run(String... args) {
        return CertsMain.run(args, new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
    }

    @Test
    void run_nodesAndClient_writesPemSignedByTheAuthorityWithHostsAsAlternativeNames() throws Exception {
        assertEquals(0, run("--dir", dir.toString(), "--node", "n1=db1.example.org,10.0.0.1,::1", "--node",
                "n2=10.0.0.2", "--client", "stock", "--days", "30"), err.toString(StandardCharsets.UTF_8));

        X509Certificate ca = PemFiles.readCertificates("ca", dir.resolve("ca.pem")).get(0);
        X509Certificate n1 = PemFiles.readCertificates("n1", dir.resolve("n1.pem")).get(0);
        X509Certificate stock = PemFiles.readCertificates("stock", dir.resolve("stock.pem")).get(0);
        n1.verify(ca.getPublicKey());
        stock.verify(ca.getPublicKey());
        assertTrue(ca.getBasicConstraints() >= 0, "the authority is a CA");
        assertEquals(-1, n1.getBasicConstraints(), "a node is not a CA");
        assertEquals(Set.of("db1.example.org", "10.0.0.1", "0:0:0:0:0:0:0:1"), n1.getSubjectAlternativeNames().stream()
                .map(name -> name.get(1).toString()).collect(Collectors.toSet()));
        assertEquals(List.of("1.3.6.1.5.5.7.3.1", "1.3.6.1.5.5.7.3.2"), n1.getExtendedKeyUsage(), "server and client use");
        assertEquals(List.of("1.3.6.1.5.5.7.3.2"), stock.getExtendedKeyUsage(), "client use only");
        long days = (n1.getNotAfter().getTime() - n1.getNotBefore().getTime()) / 86_400_000L;
        assertTrue(days == 30, "lifetime " + days + " days");
        for (String name : List.of("ca", "n1", "n2", "stock")) {
            Path key = dir.resolve(name + "-key.pem");
            assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(key)), key.toString());
            assertTrue(Files.readString(key).startsWith("-----BEGIN PRIVATE KEY-----"), "PKCS#8: " + key);
            TlsIdentity.fromFiles("cert", dir.resolve(name + ".pem"), "key", key);
        }
        assertTrue(out.toString(StandardCharsets.UTF_8).contains("wrote " + dir.resolve("n2-key.pem")));
    }

    @Test
    void run_secondTime_keepsTheAuthorityAndNeverOverwrites() throws Exception {
        assertEquals(0, run("--dir", dir.toString(), "--node", "n1=localhost"));
        String ca = Files.readString(dir.resolve("ca.pem"));
        String n1 = Files.readString(dir.resolve("n1.pem"));

        assertEquals(0, run("--dir", dir.toString(), "--node", "n2=localhost"), err.toString(StandardCharsets.UTF_8));
        assertEquals(ca, Files.readString(dir.resolve("ca.pem")));
        PemFiles.readCertificates("n2", dir.resolve("n2.pem")).get(0)
                .verify(PemFiles.readCertificates("ca", dir.resolve("ca.pem")).get(0).getPublicKey());

        assertEquals(1, run("--dir", dir.toString(), "--node", "n1=otherhost"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("n1.pem exists"), err.toString(StandardCharsets.UTF_8));
        assertEquals(n1, Files.readString(dir.resolve("n1.pem")));
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "--dir D --node n1                  | must be <name>=<host>",
        "--dir D --node n1=                 | is empty",
        "--dir D --node n1=bad_host!        | neither a DNS name nor an IP address",
        "--dir D --node n1=10.0.0           | not an IP address",
        "--dir D --node ca=localhost        | the authority's",
        "--dir D --node n1=a --client n1    | given twice",
        "--dir D --client c --days 0        | --days (0) must be in 1..3650",
        "--dir D --client c --days x        | --days 'x' is not an integer",
        "--dir D                            | nothing to make",
        "--node n1=localhost                | --dir is required",
        "--dir D --client                   | --client needs a value",
        "--dir D --color red                | unknown argument '--color'"})
    void run_badArguments_exit2NamingTheProblem(String arguments, String expected) {
        String[] args = arguments.trim().replace("D", dir.resolve("d").toString()).split(" +");
        assertEquals(2, run(args));
        String message = err.toString(StandardCharsets.UTF_8);
        assertTrue(message.contains(expected.trim()), message);
        assertTrue(!Files.exists(dir.resolve("d")), "nothing made");
    }

    @Test
    void run_help_printsUsage() {
        assertEquals(0, run("--help"));
        assertTrue(out.toString(StandardCharsets.UTF_8).startsWith("Usage: certs --dir"));
    }

    @Test
    void run_authorityWithoutItsKey_refused() throws Exception {
        assertEquals(0, run("--dir", dir.toString(), "--client", "c"));
        Files.delete(dir.resolve("ca-key.pem"));
        assertEquals(1, run("--dir", dir.toString(), "--client", "d"));
        assertTrue(err.toString(StandardCharsets.UTF_8).contains("give both or neither"));
        assertThrows(TlsFileException.class, () -> PemFiles.readPrivateKey("k", dir.resolve("ca-key.pem")));
    }
}
