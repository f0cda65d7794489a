package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.replica.Warmup;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The replicas' AOT cache: none below Java 25; on Java 25 a class path whose directories are
 * packed into jars once, a cache named by the JDK and the class path (another build or JDK finds
 * none, and the old one is removed), and, where this machine has a JDK of 25 or later, a real
 * training run that writes a cache (slow group).
 */
class AotCacheTest {

    private static final JavaRuntime JAVA_25 = new JavaRuntime(Path.of("/opt/jdk-25"), "25.0.1");

    @TempDir
    Path dir;

    private Path classes() throws IOException {
        Path classes = Files.createDirectories(dir.resolve("classes/com/example"));
        Files.writeString(classes.resolve("A.class"), "a", StandardCharsets.UTF_8);
        Files.writeString(classes.resolve("B.class"), "b", StandardCharsets.UTF_8);
        return dir.resolve("classes");
    }

    @Test
    void of_belowJava25_isNullAndTouchesNothing() throws IOException {
        JavaRuntime java17 = new JavaRuntime(Path.of("/opt/jdk-17"), "17.0.15");

        assertNull(AotCache.of(java17, dir.resolve("storage"), classes().toString()));
        assertFalse(Files.exists(dir.resolve("storage")));
    }

    @Test
    void of_java25_packsTheClassDirectoriesIntoAJarOnceAndKeepsTheJars() throws IOException {
        Path classes = classes();
        Path library = Files.writeString(dir.resolve("library.jar"), "not read", StandardCharsets.UTF_8);
        Path storage = dir.resolve("storage");

        AotCache first = AotCache.of(JAVA_25, storage, classes + File.pathSeparator + library);
        AotCache again = AotCache.of(JAVA_25, storage, classes + File.pathSeparator + library);

        List<String> entries = List.of(first.classPath().split(File.pathSeparator));
        assertEquals(2, entries.size());
        Path packed = Path.of(entries.get(0));
        assertTrue(packed.getFileName().toString().matches("classes-[0-9a-f]{16}\\.jar"), packed.toString());
        assertEquals(storage.resolve(AotCache.DIRECTORY), packed.getParent());
        assertEquals(library.toString(), entries.get(1));
        try (JarFile jar = new JarFile(packed.toFile())) {
            assertTrue(jar.getEntry("com/example/A.class") != null && jar.getEntry("com/example/B.class") != null);
        }
        assertEquals(first.classPath(), again.classPath());
        assertEquals(first.file(), again.file());
        assertFalse(first.present());
        assertEquals(List.of(), first.jvmOptions());
    }

    @Test
    void of_anotherBuildOrJdk_namesAnotherCacheAndRemovesTheOldOne() throws IOException {
        Path classes = classes();
        Path storage = dir.resolve("storage");
        AotCache before = AotCache.of(JAVA_25, storage, classes.toString());
        Files.writeString(before.file(), "trained", StandardCharsets.UTF_8);
        assertTrue(before.present());
        assertEquals(List.of("-XX:AOTCache=" + before.file()), before.jvmOptions());

        Files.writeString(classes.resolve("com/example/A.class"), "a, rebuilt", StandardCharsets.UTF_8);
        AotCache rebuilt = AotCache.of(JAVA_25, storage, classes.toString());

        assertNotEquals(before.file(), rebuilt.file());
        assertNotEquals(before.classPath(), rebuilt.classPath());
        assertFalse(rebuilt.present());
        assertFalse(Files.exists(before.file()), "the old build's cache is removed");
        assertFalse(Files.exists(Path.of(before.classPath())), "the old build's jar is removed");

        AotCache otherJdk = AotCache.of(new JavaRuntime(Path.of("/opt/jdk-26"), "26.0.1"), storage, classes.toString());
        assertNotEquals(rebuilt.file(), otherJdk.file());
    }

    @Test
    void train_noWarmup_saysSoAndTrainsNothing() throws Exception {
        AotCache cache = AotCache.of(JAVA_25, dir.resolve("storage"), classes().toString());

        ByteArrayOutputStream said = new ByteArrayOutputStream();
        cache.train(List.of(), Map.of(Warmup.PROPERTY, "0"), dir.resolve("training.log"),
                new PrintStream(said, true, StandardCharsets.UTF_8));

        assertEquals("no AOT cache for Java 25.0.1 (/opt/jdk-25) and this class path, and no warm-up to train one"
                + " (replica.warmupSeconds=0): the replicas start without it\n", said.toString(StandardCharsets.UTF_8));
        assertFalse(cache.present());
        assertFalse(Files.exists(dir.resolve("training.log")));
    }

    @Test
    @Tag("slow")
    @Timeout(180)
    void train_realJdk25OrLater_writesACacheOnceAndLeavesNothingRunning() throws Exception {
        JavaRuntime newest = JavaRuntime.of("test", JavaRuntime.NEWEST, System.getenv());
        assumeTrue(newest.feature() >= AotCache.MIN_FEATURE, "no JDK of Java 25 or later on this machine: "
                + newest.describe());
        Path storage = dir.resolve("storage");
        AotCache cache = AotCache.of(newest, storage, ChildJvm.classPath());
        Path log = dir.resolve("training.log");

        cache.train(List.of("-Xmx512m"), Map.of(Warmup.PROPERTY, "2"), log, System.out);

        assertTrue(cache.present(), "no cache written; training log:\n" + Files.readString(log));
        assertTrue(Files.size(cache.file()) > 1_000_000, cache.file() + " is " + Files.size(cache.file()) + " bytes");
        try (Stream<Path> files = Files.list(storage.resolve(AotCache.DIRECTORY))) {
            assertTrue(files.noneMatch(file -> file.toString().endsWith(".partial")));
        }
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }

    @Test
    @Tag("slow")
    @Timeout(180)
    void fleetWithoutAotCache_onJdk25OrLater_trainsNoneAndStartsItsReplicaWithoutOne() throws Exception {
        JavaRuntime newest = JavaRuntime.of("test", JavaRuntime.NEWEST, System.getenv());
        assumeTrue(newest.feature() >= AotCache.MIN_FEATURE, "no JDK of Java 25 or later on this machine: "
                + newest.describe());
        Path storage = dir.resolve("storage");
        FleetOptions options = FleetOptions.of(1, storage).withRuntime(newest).withoutAotCache()
                .withProperties(Map.of(Warmup.PROPERTY, "1"));

        try (ReplicaFleet fleet = ReplicaFleet.start(options)) {
            Path commandLine = Path.of("/proc", String.valueOf(fleet.process(0).pid()), "cmdline");
            List<String> arguments = List.of(Files.readString(commandLine, StandardCharsets.UTF_8).split("\0"));
            assertTrue(arguments.stream().anyMatch(argument -> argument.startsWith("-D")), arguments.toString());
            assertTrue(arguments.stream().noneMatch(argument -> argument.startsWith("-XX:AOTCache")), arguments.toString());
            assertFalse(Files.exists(storage.resolve(AotCache.DIRECTORY)), "a cache directory was made");
        }
        assertEquals(0, ProcessHandle.current().children().filter(ProcessHandle::isAlive).count());
    }
}
