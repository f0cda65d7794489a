package com.acertainbookstore.replica;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.server.ServerJvm;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.ratis.util.FileUtils;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * A forked JVM still warming up ends with its parent: the replica during its warm-up and the AOT
 * cache's training run ({@link WarmupMain}), each told {@code bookstore.exitOnStdinEof=true}, exit
 * within seconds of their standard input's end (what a parent's death looks like to them) instead of
 * warming up for the minute they were given, and leave no scratch storage behind. The forked JVMs
 * interpret only ({@code -Xint}), so that their warm-up is still under way when their input ends (a
 * compiled one reaches its {@value Warmup#CALLS} calls within seconds here). Slow group: each forks
 * a JVM that starts a scratch group of three replicas.
 */
@Tag("slow")
@Timeout(value = 90, unit = TimeUnit.SECONDS)
class WarmupEndsWithParentTest {

    /** The warm-up each is given: far longer than the test waits for it to end. */
    private static final String WARMUP = "-D" + Warmup.PROPERTY + "=60";
    private final Path root = Path.of("target", "warmup-parent-tests", UUID.randomUUID().toString()).toAbsolutePath();
    private final Path tmp = root.resolve("tmp");

    @AfterEach
    void deleteFiles() throws IOException {
        FileUtils.deleteFully(root.toFile());
    }

    @Test
    void forkedReplica_inputEndsDuringItsWarmup_exitsAtOnceAndRemovesTheScratchStorage() throws Exception {
        int[] ports = LoopbackPorts.pick(2);
        Files.createDirectories(tmp);
        try (ServerJvm replica = ServerJvm.forkMain(ReplicaMain.class.getName(), List.of("-Xint",
                "-Xmx512m", "-Djava.io.tmpdir=" + tmp), Map.of(), WARMUP, "-Dreplica.id=0",
                "-Dreplica.peers=127.0.0.1:" + ports[0] + ":" + ports[1], "-Dreplica.storage=" + root.resolve("s"))) {
            assertEndsWithItsInput(replica, 0);
        }
    }

    @Test
    void forkedTraining_inputEndsDuringItsWarmup_exitsWithStatus1AndRemovesTheScratchStorage() throws Exception {
        Files.createDirectories(tmp);
        try (ServerJvm training = ServerJvm.forkMain(WarmupMain.class.getName(), List.of("-Xint",
                "-Xmx512m", "-Djava.io.tmpdir=" + tmp), Map.of(), WARMUP)) {
            assertEndsWithItsInput(training, 1);
        }
    }

    /** Waits for the scratch group's storage, ends the JVM's input, and checks how it ended. */
    private void assertEndsWithItsInput(ServerJvm jvm, int status) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (scratchDirectories() == 0 && System.nanoTime() < deadline && jvm.process().isAlive()) {
            Thread.sleep(100);
        }
        assertEquals(1, scratchDirectories(), "the warm-up under way has its scratch storage");
        Thread.sleep(1_000);
        assertTrue(jvm.process().isAlive(), "still warming up after a second");

        long ended = System.nanoTime();
        jvm.process().getOutputStream().close();

        assertTrue(jvm.process().waitFor(20, TimeUnit.SECONDS), "ended with its input, not after its 60 s warm-up");
        assertTrue(System.nanoTime() - ended < TimeUnit.SECONDS.toNanos(20));
        String output = jvm.restOfOutput();
        assertEquals(status, jvm.process().exitValue(), output);
        assertTrue(!output.contains("warmed up") && !output.contains("listening on"),
                "ended during its warm-up: " + output);
        assertEquals(0, scratchDirectories(), "the scratch storage is removed as the JVM exits: " + output);
    }

    private long scratchDirectories() throws IOException {
        try (Stream<Path> files = Files.list(tmp)) {
            return files.filter(file -> file.getFileName().toString().startsWith("bookstore-warmup-")).count();
        }
    }
}
