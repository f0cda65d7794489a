package com.acertainbookstore.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which JVM a forked server or replica runs on: {@code current}, {@code newest} among the JDKs
 * found, or a JDK home; made-up JDK homes (a {@code bin/java} and a {@code release} file) in a
 * temporary directory stand for installed ones.
 */
class JavaRuntimeTest {

    @TempDir
    Path dir;

    private Path jdk(Path parent, String name, String version) throws IOException {
        Path home = parent.resolve(name);
        Files.createDirectories(home.resolve("bin"));
        Path java = Files.writeString(home.resolve("bin/java"), "#!/bin/sh\n", StandardCharsets.UTF_8);
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        Files.writeString(home.resolve("release"), "IMPLEMENTOR=\"Test\"\nJAVA_VERSION=\"" + version + "\"\n",
                StandardCharsets.UTF_8);
        return home;
    }

    @Test
    void of_currentOrEmpty_isThisJvm() {
        assertEquals(JavaRuntime.current(), JavaRuntime.of("s", "current", Map.of()));
        assertEquals(JavaRuntime.current(), JavaRuntime.of("s", " ", Map.of()));
        assertEquals(Runtime.version().feature(), JavaRuntime.current().feature());
    }

    @Test
    void of_aJdkHome_isThatJdkWithItsVersion() throws IOException {
        Path home = jdk(dir, "jdk-25", "25.0.3");

        JavaRuntime runtime = JavaRuntime.of("s", home.toString(), Map.of());

        assertEquals(home, runtime.home());
        assertEquals("25.0.3", runtime.version());
        assertEquals(25, runtime.feature());
        assertEquals(home.resolve("bin/java"), runtime.java());
        assertEquals("Java 25.0.3 (" + home + ")", runtime.describe());
    }

    @Test
    void of_notAJdkOrTooOld_isRefusedNamingTheSettingAndTheRule() throws IOException {
        Path old = jdk(dir, "jdk-11", "11.0.2");
        Path empty = Files.createDirectories(dir.resolve("empty"));

        for (Path home : List.of(old, empty, dir.resolve("missing"))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> JavaRuntime.of("workload.serverJava", home.toString(), Map.of()));
            assertEquals("setting workload.serverJava '" + home + "' is neither current, newest nor the home of a"
                    + " JDK of Java 17 or later (a directory with bin/java and a release file naming JAVA_VERSION)",
                    e.getMessage());
        }
    }

    @Test
    void installed_javaHomeSystemAndSdkman_findsEachJdkOnceAndSkipsTheOld() throws IOException {
        Path system = Files.createDirectories(dir.resolve("jvm"));
        Path sdkman = Files.createDirectories(dir.resolve("home/.sdkman/candidates/java"));
        Path jdk21 = jdk(system, "jdk-21", "21.0.4");
        jdk(system, "jdk-11", "11.0.2");
        Path jdk26 = jdk(sdkman, "26.0.1-tem", "26.0.1");
        Files.createSymbolicLink(system.resolve("default-java"), jdk21);

        List<JavaRuntime> found = JavaRuntime.installed(
                Map.of("JAVA_HOME", jdk21.toString(), "HOME", dir.resolve("home").toString()), List.of(system));

        assertEquals(List.of(JavaRuntime.current().home(), jdk21, jdk26),
                found.stream().map(JavaRuntime::home).toList());
    }

    @Test
    void of_newest_isTheHighestVersionFound() {
        JavaRuntime newest = JavaRuntime.of("s", "newest", Map.of());

        for (JavaRuntime runtime : JavaRuntime.installed(Map.of(), List.of(Path.of("/usr/lib/jvm")))) {
            assertTrue(Runtime.Version.parse(runtime.version()).compareTo(Runtime.Version.parse(newest.version())) <= 0,
                    runtime + " is newer than " + newest);
        }
        assertTrue(newest.feature() >= JavaRuntime.MIN_FEATURE);
    }
}
