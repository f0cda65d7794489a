package com.acertainbookstore.replica;

import com.acertainbookstore.server.ProcessLife;
import com.acertainbookstore.server.ServerSettings;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The warm-up alone, in a JVM of its own, which then exits: the training run of an AOT cache
 * (started with {@code -XX:AOTCacheOutput}, the JVM writes the cache of what the warm-up loaded
 * and profiled as it exits; {@code cluster.AotCache}). Settings as a replica's:
 * {@code replica.warmupSeconds} (must be above 0) and {@code bookstore.locking}; with {@code
 * bookstore.exitOnStdinEof=true} it exits (status 1) when its standard input ends, as a forked one
 * does when its parent is gone. Prints one line with the calls made; exits 0 when the warm-up ran,
 * 1 with the reason when it did not.
 */
public final class WarmupMain {

    private WarmupMain() {
    }

    public static void main(String[] args) throws InterruptedException {
        try {
            if (ServerSettings.exitOnStdinEof(System.getProperties())) {
                ProcessLife.exitWhenInputEnds("Warm-up", System.in, () -> { }, 1);
            }
            Duration length = Warmup.of(System.getProperty(Warmup.PROPERTY));
            if (length.isZero()) {
                throw new IllegalArgumentException("setting " + Warmup.PROPERTY + " is 0: a training run needs a"
                        + " warm-up to run");
            }
            long start = System.nanoTime();
            long calls = Warmup.run(length, ServerSettings.fromProperties(System.getProperties()).locking());
            System.out.println("warmed up in " + TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start) + " ms ("
                    + calls + " calls on a scratch group)");
            System.exit(0);
        } catch (IOException | IllegalArgumentException e) {
            System.err.println("Warm-up: " + e.getMessage());
            System.exit(1);
        }
    }
}
