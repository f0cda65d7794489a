package com.acertainbookstore.cluster;

import com.acertainbookstore.replica.ReplicaConfig;
import com.acertainbookstore.replica.ReplicaMain;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * One replica as the artifact's {@code replica} role starts it: on the JVM {@value #JAVA} names
 * ({@link JavaRuntime}: {@code newest}, the default, {@code current} or a JDK home), and on Java
 * {@value AotCache#MIN_FEATURE} or later with an AOT cache kept under the replica's storage root
 * ({@code <replica.storage>/aot/}, as a fleet keeps it, {@link AotCache}: trained by the replica's
 * warm-up, {@code replica.warmupSeconds}, once, and used by every later start) unless {@value #AOT_CACHE} is {@code false}. When neither asks for another
 * JVM, the replica runs in this one ({@link ReplicaMain}); else this JVM starts the replica's JVM,
 * shares its standard streams, passes SIGTERM and Ctrl-C on (a shutdown hook stops it, within
 * {@value #STOP_SECONDS} s, else kills it) and exits with its status. Like any supervisor's
 * child, the replica outlives a SIGKILL of this JVM. Prints on standard error which JVM the replica
 * runs on, with its version; standard output stays the replica's one line. Used by the main
 * thread only.
 */
public final class OneReplica {

    /** The replica's JVM: {@code newest} (the default), {@code current} or a JDK home. */
    public static final String JAVA = ReplicaConfig.PREFIX + "java";
    /** Whether a replica on Java 25 or later starts with an AOT cache: {@code true}, the default, or {@code false}. */
    public static final String AOT_CACHE = ReplicaConfig.PREFIX + "aotCache";
    private static final int STOP_SECONDS = 15;

    private OneReplica() {
    }

    public static void main(String[] args) throws InterruptedException {
        Properties properties = System.getProperties();
        JavaRuntime runtime;
        boolean aot;
        Path storageRoot;
        try {
            runtime = JavaRuntime.of(JAVA, properties.getProperty(JAVA, JavaRuntime.NEWEST), System.getenv());
            aot = aotCache(properties.getProperty(AOT_CACHE));
            storageRoot = ReplicaConfig.fromProperties(properties, System.getenv()).storageRoot().toAbsolutePath();
        } catch (IllegalArgumentException e) {
            System.err.println("Replica: " + e.getMessage());
            System.exit(1);
            return;
        }
        boolean cache = aot && runtime.feature() >= AotCache.MIN_FEATURE;
        System.err.println("Replica: on " + runtime.describe() + (cache ? ", with an AOT cache" : ""));
        if (runtime.home().equals(JavaRuntime.current().home()) && !cache) {
            ReplicaMain.main(args);
            return;
        }
        int status;
        try {
            status = runChild(runtime, cache ? storageRoot : null, properties);
        } catch (IOException e) {
            System.err.println("Replica: " + e.getMessage());
            status = 1;
        }
        System.exit(status);
    }

    /**
     * Whether an AOT cache is asked for.
     *
     * @throws IllegalArgumentException the value is neither {@code true} nor {@code false}
     */
    static boolean aotCache(String value) {
        String choice = value == null ? "true" : value.strip();
        if (!choice.equals("true") && !choice.equals("false")) {
            throw new IllegalArgumentException("setting " + AOT_CACHE + " '" + choice + "' must be true or false");
        }
        return choice.equals("true");
    }

    /**
     * The settings the replica's JVM is given: every {@code replica.*} and {@code bookstore.*}
     * property but this class's own.
     */
    static Map<String, String> replicaSettings(Properties properties) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            boolean ours = key.equals(JAVA) || key.equals(AOT_CACHE);
            if (!ours && (key.startsWith(ReplicaConfig.PREFIX) || key.startsWith(ServerSettings.PREFIX))) {
                settings.put(key, properties.getProperty(key));
            }
        }
        return settings;
    }

    /**
     * This JVM's own options that the replica's JVM gets too (a heap size, say): all but system
     * properties, which {@link #replicaSettings} passes, and AOT options, which are the cache's.
     */
    static List<String> inheritedOptions(List<String> inputArguments) {
        return inputArguments.stream()
                .filter(option -> !option.startsWith("-D") && !option.startsWith("-XX:AOT"))
                .toList();
    }

    /** Runs the replica in a child JVM on {@code runtime}, with an AOT cache under {@code cacheRoot} unless null. */
    private static int runChild(JavaRuntime runtime, Path cacheRoot, Properties properties)
            throws IOException, InterruptedException {
        Map<String, String> settings = replicaSettings(properties);
        List<String> jvm = inheritedOptions(ManagementFactory.getRuntimeMXBean().getInputArguments());
        String classPath = ChildJvm.classPath();
        List<String> aotOptions = List.of();
        if (cacheRoot != null) {
            AotCache aot = AotCache.of(runtime, cacheRoot, classPath);
            aot.train(jvm, settings, aot.file().resolveSibling("training.log"), System.err);
            classPath = aot.classPath();
            aotOptions = aot.jvmOptions();
        }
        List<String> command = new ArrayList<>(List.of(runtime.java().toString()));
        command.addAll(jvm);
        command.addAll(aotOptions);
        settings.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(List.of("-cp", classPath, ReplicaMain.class.getName()));
        Process child = new ProcessBuilder(command).inheritIO().start();
        Thread stopper = new Thread(() -> stop(child), "replica-stopper");
        Runtime.getRuntime().addShutdownHook(stopper);
        int status = child.waitFor();
        try {
            Runtime.getRuntime().removeShutdownHook(stopper);
        } catch (IllegalStateException exiting) {
            // This JVM is already stopping: the hook stops the child.
        }
        return status;
    }

    private static void stop(Process child) {
        child.destroy();
        try {
            if (!child.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                child.destroyForcibly().waitFor(STOP_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            child.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
