package com.acertainbookstore.cluster;

import com.acertainbookstore.replica.Warmup;
import com.acertainbookstore.replica.WarmupMain;
import com.acertainbookstore.server.ServerSettings;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;

/**
 * The ahead-of-time cache of a fleet's replicas, on Java {@value #MIN_FEATURE} and later (JEP 483
 * and 515: the classes a JVM loaded and linked, and its methods' profiles): trained once by a JVM
 * that runs the replicas' warm-up alone ({@link WarmupMain}, with {@code -XX:AOTCacheOutput}),
 * kept under the fleet's storage in {@value #DIRECTORY}/ (a new fleet on the same storage keeps
 * it), and given to every start and restart of every replica ({@code -XX:AOTCache}), so that a
 * restarted replica starts with the classes and profiles of a warm one. The JVM uses a cache only
 * with the JDK and the class path it was made with; the cache's file name is a digest of both
 * (the JDK's version and home, each class-path file's path, size and time), so another JDK or
 * another build finds no cache and trains one, saying so. An AOT cache takes jars only: the
 * directories of the class path ({@code target/classes} under Maven) are packed into a jar named
 * by a digest of their contents, written once. Not thread-safe: used by the thread that starts
 * the fleet.
 */
final class AotCache {

    /** The first Java whose JVM makes an AOT cache in one training run ({@code -XX:AOTCacheOutput}). */
    static final int MIN_FEATURE = 25;
    /** The directory under the fleet's storage that holds the cache and the packed classes. */
    static final String DIRECTORY = "aot";
    /** How much longer than its warm-up a training run may take: JVM start, and writing the cache at exit. */
    private static final Duration TRAINING_SLACK = Duration.ofSeconds(120);

    private final JavaRuntime runtime;
    private final String classPath;
    private final Path cache;

    private AotCache(JavaRuntime runtime, String classPath, Path cache) {
        this.runtime = runtime;
        this.classPath = classPath;
        this.cache = cache;
    }

    /**
     * The cache of a fleet on {@code runtime} with its storage at {@code storage}, or null below
     * Java {@value #MIN_FEATURE}: packs the class path's directories into jars, and removes the
     * caches and jars of other JDKs or builds.
     */
    static AotCache of(JavaRuntime runtime, Path storage, String programClassPath) throws IOException {
        if (runtime.feature() < MIN_FEATURE) {
            return null;
        }
        Path directory = Files.createDirectories(storage.resolve(DIRECTORY));
        List<String> entries = new ArrayList<>();
        for (String entry : programClassPath.split(File.pathSeparator)) {
            if (entry.isEmpty()) {
                continue;
            }
            Path path = Path.of(entry);
            entries.add(Files.isDirectory(path) ? packed(path, directory).toString() : entry);
        }
        String classPath = String.join(File.pathSeparator, entries);
        Path cache = directory.resolve("replica-" + key(runtime, entries) + ".aot");
        removeOthers(directory, cache, entries);
        return new AotCache(runtime, classPath, cache);
    }

    /** The class path every replica of the fleet runs with: the program's, its directories as jars. */
    String classPath() {
        return classPath;
    }

    /** The cache file. */
    Path file() {
        return cache;
    }

    /** Whether the cache has been trained. */
    boolean present() {
        return Files.isRegularFile(cache);
    }

    /** The JVM options that make a replica use the cache (none before it is trained). */
    List<String> jvmOptions() {
        return present() ? List.of("-XX:AOTCache=" + cache) : List.of();
    }

    /**
     * Trains the cache unless it is there: runs the warm-up of {@code properties} (its
     * {@value Warmup#PROPERTY}, above 0) alone in a JVM with the replicas' options, which writes
     * the cache as it exits. Prints one line saying what it did; a training that fails is said
     * and the replicas start without a cache.
     *
     * @param log the training JVM's output
     * @param out where the line saying what it did goes
     */
    void train(List<String> jvmOptions, Map<String, String> properties, Path log, PrintStream out)
            throws InterruptedException {
        if (present()) {
            out.println("AOT cache " + cache + " (" + runtime.describe() + ") found: the replicas start with it");
            return;
        }
        Duration warmup = Warmup.of(properties.get(Warmup.PROPERTY));
        if (warmup.isZero()) {
            out.println("no AOT cache for " + runtime.describe() + " and this class path, and no warm-up to"
                    + " train one (" + Warmup.PROPERTY + "=0): the replicas start without it");
            return;
        }
        out.println("no AOT cache for " + runtime.describe() + " and this class path: training one with a "
                + warmup.toSeconds() + " s warm-up, log " + log);
        Path partial = cache.resolveSibling(cache.getFileName() + ".partial");
        List<String> command = new ArrayList<>(List.of(runtime.java().toString()));
        command.addAll(jvmOptions);
        properties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        // Ends with this program: its standard input is a pipe this JVM holds (see run).
        command.add("-D" + ServerSettings.EXIT_ON_STDIN_EOF + "=true");
        command.add("-XX:AOTCacheOutput=" + partial);
        command.addAll(List.of("-cp", classPath, WarmupMain.class.getName()));
        long start = System.nanoTime();
        String failure = run(command, log, warmup.plus(TRAINING_SLACK));
        try {
            if (failure == null && Files.isRegularFile(partial)) {
                Files.move(partial, cache, StandardCopyOption.ATOMIC_MOVE);
                out.println("AOT cache " + cache + " trained in " + TimeUnit.NANOSECONDS.toSeconds(
                        System.nanoTime() - start) + " s: every start and restart of these replicas uses it");
                return;
            }
            Files.deleteIfExists(partial);
        } catch (IOException e) {
            failure = "the cache could not be kept (" + e.getMessage() + ")";
        }
        out.println("AOT cache training failed (" + (failure == null ? "no cache written" : failure)
                + "; see " + log + "): the replicas start without it");
    }

    /** Runs a command to its end; null when it exited 0, else what went wrong. Nothing is left running. */
    private static String run(List<String> command, Path log, Duration timeout) throws InterruptedException {
        Process process;
        try {
            Files.createDirectories(log.toAbsolutePath().getParent());
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            return "it could not start: " + e.getMessage();
        }
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                return "it did not end within " + timeout.toSeconds() + " s";
            }
            return process.exitValue() == 0 ? null : "it exited with status " + process.exitValue();
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
    }

    /** The jar of {@code classes}' files, under {@code directory}, named by their digest; written once. */
    private static Path packed(Path classes, Path directory) throws IOException {
        List<Path> files;
        try (Stream<Path> walk = Files.walk(classes)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        MessageDigest digest = sha256();
        for (Path file : files) {
            digest.update(classes.relativize(file).toString().getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
            digest.update(Files.readAllBytes(file));
        }
        Path jar = directory.resolve("classes-" + HexFormat.of().formatHex(digest.digest(), 0, 8) + ".jar");
        if (Files.isRegularFile(jar)) {
            return jar;
        }
        Path partial = directory.resolve(jar.getFileName() + ".partial");
        try (OutputStream out = Files.newOutputStream(partial); JarOutputStream zip = new JarOutputStream(out)) {
            for (Path file : files) {
                zip.putNextEntry(new JarEntry(classes.relativize(file).toString().replace(File.separatorChar, '/')));
                zip.write(Files.readAllBytes(file));
                zip.closeEntry();
            }
        }
        Files.move(partial, jar, StandardCopyOption.ATOMIC_MOVE);
        return jar;
    }

    /** A digest of the JDK and of each class-path file's path, size and time: what the JVM checks. */
    private static String key(JavaRuntime runtime, List<String> entries) throws IOException {
        MessageDigest digest = sha256();
        StringBuilder text = new StringBuilder(runtime.version()).append('\n').append(runtime.home()).append('\n');
        for (String entry : entries) {
            Path path = Path.of(entry);
            text.append(entry).append('\t');
            if (Files.exists(path)) {
                text.append(Files.size(path)).append('\t').append(Files.getLastModifiedTime(path).toMillis());
            }
            text.append('\n');
        }
        return HexFormat.of().formatHex(digest.digest(text.toString().getBytes(StandardCharsets.UTF_8)), 0, 8);
    }

    /** Removes the caches and packed jars of other JDKs or builds: each cache is tens of megabytes. */
    private static void removeOthers(Path directory, Path cache, List<String> entries) throws IOException {
        try (Stream<Path> files = Files.list(directory)) {
            for (Path file : files.toList()) {
                if (!file.equals(cache) && !entries.contains(file.toString())) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
