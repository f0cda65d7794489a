package com.acertainbookstore.replica;

import com.acertainbookstore.server.ProcessLife;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One replica as a process: {@code java ... -Dreplica.id=0 -Dreplica.peers=h:raft:http,...
 * com.acertainbookstore.replica.ReplicaMain}. Settings: {@code replica.*} and {@code bookstore.*}
 * system properties ({@link ReplicaConfig#fromProperties}; every one is in
 * {@code docs/replication.md}).
 *
 * <p>Prints exactly one line on standard output, {@code Replica r<id> listening on
 * http://host:port}, once its Ratis server is started and its HTTP server accepts calls. On a
 * failure to start (a bad or unknown setting, a TLS file that cannot be used, an address beyond
 * loopback without a token or without TLS, a port in use, another group's storage, storage that
 * cannot be read or written) it prints one line on standard error naming the problem and exits
 * with status 1. With {@code replica.warmupSeconds=N} it first warms its JVM for N seconds on a
 * scratch group of its own ({@link Warmup}), before it binds its ports. SIGTERM stops it cleanly (within 10 s, else it halts); with
 * {@code bookstore.exitOnStdinEof=true} so does the end of its standard input, during the warm-up too.
 */
public final class ReplicaMain {

    private ReplicaMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        ProcessLife.reportUncaught("Replica");
        Replica replica;
        // The replica once started, for the end of standard input to close.
        AtomicReference<Replica> started = new AtomicReference<>();
        try {
            ReplicaConfig config = ReplicaConfig.fromProperties(System.getProperties(), System.getenv());
            if (ServerSettings.exitOnStdinEof(System.getProperties())) {
                // From the start, so that a replica still warming up ends with its parent too.
                ProcessLife.exitWhenInputEnds("Replica r" + config.id(), System.in, () -> {
                    Replica running = started.get();
                    if (running != null) {
                        close(running);
                    }
                }, 0);
            }
            boolean warmedUp = warmUp(Warmup.of(System.getProperty(Warmup.PROPERTY)), config);
            replica = Replica.start(config, true, warmedUp);
            started.set(replica);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("Replica: " + e.getMessage());
            System.exit(1);
            return;
        }
        String name = "Replica " + replica.name();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> ProcessLife.stopOrHalt(name, () -> close(replica)),
                "replica-shutdown"));
        System.out.println(name + " listening on " + replica.httpUrl());
        System.out.flush();
        replica.awaitClosed();
    }

    /**
     * Runs the warm-up ({@link Warmup}) before the replica starts; one that fails is reported on
     * standard error and the replica starts all the same (it is then only slower at first).
     *
     * @return whether the warm-up ran
     */
    private static boolean warmUp(Duration length, ReplicaConfig config) throws InterruptedException {
        if (length.isZero()) {
            return false;
        }
        long start = System.nanoTime();
        try {
            long calls = Warmup.run(length, config.raft().locking());
            System.err.println("Replica r" + config.id() + ": warmed up in " + TimeUnit.NANOSECONDS.toMillis(
                    System.nanoTime() - start) + " ms (" + calls + " calls on a scratch group)");
            return true;
        } catch (IOException | RuntimeException e) {
            System.err.println("Replica r" + config.id() + ": warm-up failed, starting cold: " + e);
            return false;
        }
    }

    private static void close(Replica replica) {
        try {
            replica.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
