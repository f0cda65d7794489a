package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.protocol.BearerToken;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class LocalClusterMainTest {

    private static Properties properties(String... keysAndValues) {
        Properties properties = new Properties();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            properties.setProperty(keysAndValues[i], keysAndValues[i + 1]);
        }
        return properties;
    }

    @Test
    void options_defaults_threeReplicasUnderTargetCluster() {
        FleetOptions options = LocalClusterMain.options(properties("user.dir", "/x"), null);
        assertEquals(3, options.replicas());
        assertEquals(Path.of("target/cluster/storage"), options.storage());
        assertEquals(Path.of("target/cluster/logs"), options.logs());
        assertEquals(Map.of("replica.warmupSeconds", "20"), options.properties(), "each replica warms its JVM first");
        assertEquals(true, options.aotCache(), "an AOT cache where the JVM makes one");
    }

    @Test
    void options_aotCacheFalse_startsTheReplicasWithoutOne() {
        assertEquals(false, LocalClusterMain.options(properties("cluster.aotCache", "false"), null).aotCache());
        assertEquals(true, LocalClusterMain.options(properties("cluster.aotCache", " true "), null).aotCache());
    }

    @Test
    void options_replicaAndServerSettings_areGivenToEveryReplicaWithTheToken() {
        BearerToken token = BearerToken.of("cluster-t0ken");
        FleetOptions options = LocalClusterMain.options(properties("cluster.replicas", "5", "cluster.dir",
                "/tmp/c", "replica.reads", "stale", "bookstore.locking", "SINGLE", "workload.threads", "3",
                "replica.warmupSeconds", "0"), token);
        assertEquals(5, options.replicas());
        assertEquals(Path.of("/tmp/c/storage"), options.storage());
        assertEquals(Map.of("replica.reads", "stale", "bookstore.locking", "SINGLE", "replica.warmupSeconds", "0"),
                options.properties());
        assertEquals(token, options.token());
    }

    @Test
    void options_tlsSettings_areGivenToEveryReplica_allThreeOrNone() {
        FleetOptions options = LocalClusterMain.options(properties("bookstore.tls.cert", "n.pem", "bookstore.tls.key",
                "n-key.pem", "bookstore.tls.ca", "ca.pem", "replica.tls.ca", "group-ca.pem"), null);
        assertEquals(Map.of("bookstore.tls.cert", "n.pem", "bookstore.tls.key", "n-key.pem", "bookstore.tls.ca", "ca.pem",
                "replica.tls.ca", "group-ca.pem", "replica.warmupSeconds", "20"), options.properties());
        assertTrue(options.servesHttps());
        assertEquals(Path.of("group-ca.pem"), options.tlsFiles().ca().file());
        assertRefused(properties("bookstore.tls.cert", "n.pem", "bookstore.tls.key", "n-key.pem"),
                "mutual TLS between replicas needs replica.tls.cert, replica.tls.key and replica.tls.ca, each defaulting"
                + " to its bookstore.tls.* setting; not given: replica.tls.ca (or bookstore.tls.ca). replica.tls.ca is"
                + " the authority that signed every replica's certificate");
    }

    @Test
    void options_badSettings_areRefusedNamingThem() {
        assertRefused(properties("cluster.replica", "3"), "setting cluster.replica is unknown (known: cluster.replicas,"
                + " cluster.dir, cluster.java, cluster.aotCache, and replica.* and bookstore.* settings given to every"
                + " replica)");
        assertRefused(properties("cluster.aotCache", "no"), "setting cluster.aotCache 'no' must be true or false");
        assertRefused(properties("cluster.java", "/no/such/jdk"), "setting cluster.java '/no/such/jdk' is neither"
                + " current, newest nor the home of a JDK of Java 17 or later (a directory with bin/java and a release"
                + " file naming JAVA_VERSION)");
        assertRefused(properties("cluster.replicas", "three"), "setting cluster.replicas 'three' is not a whole number");
        assertRefused(properties("cluster.replicas", "0"), "setting cluster.replicas (0) must be in 1..9");
        assertRefused(properties("replica.peers", "127.0.0.1:1:2"), "setting replica.peers is set by the fleet for each"
                + " replica; it cannot be given (the local cluster sets it for each replica)");
    }

    private static void assertRefused(Properties properties, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LocalClusterMain.options(properties, null));
        assertEquals(message, e.getMessage());
    }
}
