package com.acertainbookstore.cluster;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The JVM a forked server or replica runs on: this program's own, a JDK home, or the newest JDK
 * installed where JDKs are kept. Immutable, safe to share.
 *
 * <p>The choice is written {@code current}, {@code newest} or the JDK's home directory. A JDK is a
 * directory holding {@code bin/java} and a {@code release} file that names its
 * {@code JAVA_VERSION}; the forked JVMs need Java {@value #MIN_FEATURE} or later, the language
 * level of the classes.
 *
 * @param home    the JDK's home directory
 * @param version its {@code JAVA_VERSION}, e.g. {@code 25.0.3}
 */
public record JavaRuntime(Path home, String version) {

    /** The oldest Java the forked JVMs may run on: the classes' language level. */
    public static final int MIN_FEATURE = 17;
    public static final String CURRENT = "current";
    public static final String NEWEST = "newest";

    private static final Pattern JAVA_VERSION = Pattern.compile("(?m)^JAVA_VERSION=\"([^\"]+)\"");

    /** This program's own JVM. */
    public static JavaRuntime current() {
        return new JavaRuntime(Path.of(System.getProperty("java.home")), Runtime.version().toString());
    }

    /**
     * The runtime {@code choice} names: {@code current}, {@code newest} (among {@link #installed})
     * or a JDK home.
     *
     * @param setting     the setting's name, for messages
     * @param environment where {@code JAVA_HOME} and {@code HOME} are read
     * @throws IllegalArgumentException naming the setting, the value and what is wrong with it
     */
    public static JavaRuntime of(String setting, String choice, Map<String, String> environment) {
        String value = choice == null ? "" : choice.strip();
        if (value.isEmpty() || value.equals(CURRENT)) {
            return current();
        }
        if (value.equals(NEWEST)) {
            return installed(environment, List.of(Path.of("/usr/lib/jvm"))).stream()
                    .max(Comparator.comparing(runtime -> Runtime.Version.parse(runtime.version())))
                    .orElseThrow(() -> new IllegalArgumentException("setting " + setting + " is newest, but no JDK"
                            + " of Java " + MIN_FEATURE + " or later was found in JAVA_HOME, /usr/lib/jvm or"
                            + " ~/.sdkman/candidates/java"));
        }
        Path home = Path.of(value);
        return at(home).orElseThrow(() -> new IllegalArgumentException("setting " + setting + " '" + value
                + "' is neither " + CURRENT + ", " + NEWEST + " nor the home of a JDK of Java " + MIN_FEATURE
                + " or later (a directory with bin/java and a release file naming JAVA_VERSION)"));
    }

    /**
     * Every JDK of Java {@value #MIN_FEATURE} or later found in {@code JAVA_HOME}, in the
     * directories of {@code systemDirectories} (Debian's {@code /usr/lib/jvm}) and in SDKMAN's
     * {@code ~/.sdkman/candidates/java}, each once (by its real path), with this program's own.
     */
    static List<JavaRuntime> installed(Map<String, String> environment, List<Path> systemDirectories) {
        List<Path> candidates = new ArrayList<>();
        String javaHome = environment.get("JAVA_HOME");
        if (javaHome != null && !javaHome.isBlank()) {
            candidates.add(Path.of(javaHome.strip()));
        }
        List<Path> directories = new ArrayList<>(systemDirectories);
        String userHome = environment.get("HOME");
        if (userHome != null && !userHome.isBlank()) {
            directories.add(Path.of(userHome.strip(), ".sdkman", "candidates", "java"));
        }
        for (Path directory : directories) {
            if (Files.isDirectory(directory)) {
                try (Stream<Path> entries = Files.list(directory)) {
                    entries.sorted().forEach(candidates::add);
                } catch (IOException unreadable) {
                    // A directory we may not list holds no JDK we could run.
                }
            }
        }
        Map<Path, JavaRuntime> found = new LinkedHashMap<>();
        JavaRuntime own = current();
        found.put(realPath(own.home()), own);
        for (Path candidate : candidates) {
            at(candidate).ifPresent(runtime -> found.putIfAbsent(realPath(runtime.home()), runtime));
        }
        return List.copyOf(found.values());
    }

    /** The JDK at {@code home}, if it is one of Java {@value #MIN_FEATURE} or later. */
    static Optional<JavaRuntime> at(Path home) {
        Path release = home.resolve("release");
        if (!Files.isExecutable(home.resolve("bin").resolve("java")) || !Files.isRegularFile(release)) {
            return Optional.empty();
        }
        try {
            Matcher version = JAVA_VERSION.matcher(Files.readString(release, StandardCharsets.UTF_8));
            if (!version.find() || Runtime.Version.parse(version.group(1)).feature() < MIN_FEATURE) {
                return Optional.empty();
            }
            return Optional.of(new JavaRuntime(home, version.group(1)));
        } catch (IOException | IllegalArgumentException unreadable) {
            return Optional.empty();
        }
    }

    /** The {@code java} launcher of this runtime. */
    public Path java() {
        return home.resolve("bin").resolve("java");
    }

    /** Its feature release: 17, 25, ... */
    public int feature() {
        return Runtime.Version.parse(version).feature();
    }

    /** For the console: {@code Java 25.0.3 (/usr/lib/jvm/temurin-25-jdk-amd64)}. */
    public String describe() {
        return "Java " + version + " (" + home + ")";
    }

    private static Path realPath(Path path) {
        try {
            return path.toRealPath();
        } catch (IOException missing) {
            return path.toAbsolutePath().normalize();
        }
    }
}
