package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.replica.LoopbackPorts;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The artifact's replica role on a named JVM: its settings, and (slow group, where this machine
 * has Java 25 or later) a real replica started through the launcher on the newest JDK, which
 * trains its AOT cache under the storage once, runs with it, answers, and ends with the
 * launcher's SIGTERM; started again, it finds the cache.
 */
class OneReplicaTest {

    @TempDir
    Path dir;

    @Test
    void aotCache_trueFalseOrAbsent_elseRefusedNamingTheSetting() {
        assertTrue(OneReplica.aotCache(null));
        assertTrue(OneReplica.aotCache(" true"));
        assertFalse(OneReplica.aotCache("false"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> OneReplica.aotCache("yes"));
        assertEquals("setting replica.aotCache 'yes' must be true or false", e.getMessage());
    }

    @Test
    void replicaSettings_areTheReplicaAndServerOnesButTheRolesOwn() {
        Properties properties = new Properties();
        properties.setProperty("replica.id", "1");
        properties.setProperty("bookstore.locking", "SINGLE");
        properties.setProperty("replica.java", "newest");
        properties.setProperty("replica.aotCache", "false");
        properties.setProperty("user.home", "/root");
        assertEquals(Map.of("replica.id", "1", "bookstore.locking", "SINGLE"), OneReplica.replicaSettings(properties));
    }

    @Test
    void inheritedOptions_keepJvmOptionsButPropertiesAndAotOnes() {
        assertEquals(List.of("-Xmx2g", "-XX:+UseG1GC"), OneReplica.inheritedOptions(List.of("-Xmx2g",
                "-Dreplica.id=0", "-XX:AOTCache=/x.aot", "-XX:+UseG1GC", "-XX:AOTMode=on")));
    }

    @Test
    void fleetOptions_refuseTheRolesSettingsNamingTheFleetsOwn() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> FleetOptions.of(3, dir).withProperties(Map.of("replica.java", "newest")));
        assertEquals("setting replica.java is the replica role's: a fleet's replicas run on its runtime and cache"
                + " (cluster.java and cluster.aotCache, workload.serverJava and workload.serverAotCache)",
                e.getMessage());
    }

    @Test
    @Tag("slow")
    @Timeout(240)
    void replicaRole_onJdk25OrLater_trainsItsCacheOnceRunsWithItAndEndsWithTheLauncher() throws Exception {
        JavaRuntime newest = JavaRuntime.of("test", JavaRuntime.NEWEST, System.getenv());
        assumeTrue(newest.feature() >= AotCache.MIN_FEATURE, "no JDK of Java 25 or later: " + newest.describe());
        Path storage = dir.resolve("storage");

        String first = runOnce(newest, storage);
        assertTrue(first.contains("Replica: on Java " + newest.version()), first);
        assertTrue(first.contains("training one"), first);
        try (Stream<Path> files = Files.list(storage.resolve(AotCache.DIRECTORY))) {
            assertTrue(files.anyMatch(file -> file.toString().endsWith(".aot")), "no cache under " + storage);
        }

        String second = runOnce(newest, storage);
        assertTrue(second.contains("found"), second);
        assertFalse(second.contains("training one"), second);
    }

    /** Starts the role, checks the replica answers on the JDK with the cache, stops it; its standard error. */
    private String runOnce(JavaRuntime runtime, Path storage) throws Exception {
        int[] ports = LoopbackPorts.pick(2);
        List<String> command = new ArrayList<>(List.of(JavaRuntime.current().java().toString(), "-Xmx512m", "-cp",
                ChildJvm.classPath(), "com.acertainbookstore.launch.Launcher", "replica",
                "--replica.java=" + runtime.home(), "--replica.id=0",
                "--replica.peers=127.0.0.1:" + ports[0] + ":" + ports[1], "--replica.storage=" + storage,
                "--replica.warmupSeconds=2"));
        Path errors = dir.resolve("stderr-" + System.nanoTime() + ".txt");
        Process launcher = new ProcessBuilder(command).redirectError(errors.toFile()).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(),
                    StandardCharsets.UTF_8));
            String line = out.readLine();
            assertTrue(line != null && line.startsWith("Replica r0 listening on"), line + "\n" + Files.readString(errors));
            List<ProcessHandle> children = launcher.children().toList();
            assertEquals(1, children.size(), "the replica's JVM is the launcher's one child");
            ProcessHandle replica = children.get(0);
            Optional<String> java = replica.info().command();
            assertTrue(java.isPresent() && java.get().startsWith(runtime.home().toString()), java.toString());
            String arguments = Files.readString(Path.of("/proc", String.valueOf(replica.pid()), "cmdline"))
                    .replace('\0', ' ');
            assertTrue(arguments.contains("-XX:AOTCache=" + storage.resolve(AotCache.DIRECTORY)), arguments);
            HttpResponse<String> health = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                    URI.create("http://127.0.0.1:" + ports[1] + "/health")).timeout(Duration.ofSeconds(10)).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, health.statusCode(), health.body());

            launcher.destroy();
            assertTrue(launcher.waitFor(30, TimeUnit.SECONDS), "the launcher did not end on SIGTERM");
            assertTrue(replica.onExit().get(30, TimeUnit.SECONDS) != null && !replica.isAlive(),
                    "the replica outlived its launcher");
        } finally {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        return Files.readString(errors);
    }
}
