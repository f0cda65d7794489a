package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.acertainbookstore.cluster.ChildJvm;
import com.acertainbookstore.cluster.ReplicaNetwork;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A README command leaves a clean checkout clean: the reference fault plan's settings file
 * ({@code workload/faults.properties}), shortened on the command line to one repetition of a few
 * seconds with the same kinds of fault (a kill, its restart, a pause and, where this user can make
 * network namespaces, a cut), run by the harness in a JVM of its own from a fresh git repository
 * holding a copy of this checkout's files. Afterwards {@code git status} of the copy must show
 * nothing, and the results must be under {@code target/}. Settings given on the command line win
 * over the file's, so the output directories tested are the file's own.
 */
class CleanCheckoutTest {

    private static final long RUN_TIMEOUT_SECONDS = 240;

    @TempDir
    Path dir;

    @Test
    @Tag("slow")
    @Timeout(300)
    void faultPlan_runFromACleanCopy_leavesGitStatusClean() throws Exception {
        Path project = Path.of("").toAbsolutePath();
        assumeTrue(Files.isDirectory(project.resolve(".git")) || Files.isRegularFile(project.resolve(".git")),
                "not a git checkout: " + project);
        Path copy = dir.resolve("checkout");
        copyTrackedFiles(project, copy);
        git(copy, "init", "-q");
        git(copy, "add", "-A");
        git(copy, "-c", "user.name=test", "-c", "user.email=test@localhost", "commit", "-q", "-m", "copy");
        assertEquals("", git(copy, "status", "--porcelain"), "the copy starts clean");

        String faults = "kill-leader@1,restart@2,pause-leader@3.5:1"
                + (ReplicaNetwork.unavailableReason() == null ? ",isolate-leader@5:1" : "");
        Path log = dir.resolve("run.log");
        List<String> command = List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", ChildJvm.classPath(), "-Djava.awt.headless=true",
                "-Dworkload.config=workload/faults.properties", "-Dworkload.repetitions=1",
                "-Dworkload.primingSeconds=1", "-Dworkload.warmupSeconds=0.5", "-Dworkload.windowSeconds=7",
                "-Dworkload.threads=8", "-Dworkload.intervalSeconds=0.25", "-Dworkload.replicaWarmupSeconds=0",
                "-Dworkload.progressSeconds=0", "-Dworkload.fault=" + faults,
                WorkloadMain.class.getName());
        Process run = new ProcessBuilder(command).directory(copy.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile()).start();
        try {
            boolean ended = run.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS);
            assertTrue(ended, "the run did not end within " + RUN_TIMEOUT_SECONDS + " s:\n" + tail(log));
            assertEquals(0, run.exitValue(), "the run failed:\n" + tail(log));
        } finally {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
            run.waitFor(30, TimeUnit.SECONDS);
        }

        assertEquals("", git(copy, "status", "--porcelain"), "the run changed the checkout:\n" + tail(log));
        Path summary = copy.resolve("target/workload-faults/results/http-summary.csv");
        assertTrue(Files.size(summary) > 0, "the results are under target/: " + summary);
    }

    /** Copies every file git tracks here (as it is in the work tree) to {@code copy}. */
    private static void copyTrackedFiles(Path project, Path copy) throws Exception {
        for (String file : git(project, "ls-files", "-z").split("\0")) {
            Path source = project.resolve(file);
            if (file.isEmpty() || !Files.isRegularFile(source)) {
                continue;
            }
            Path target = copy.resolve(file);
            Files.createDirectories(target.getParent());
            Files.copy(source, target);
        }
    }

    /** Runs git in {@code where}; its output, or a failure naming the command and what it printed. */
    private static String git(Path where, String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        Process git = new ProcessBuilder(command).directory(where.toFile()).redirectErrorStream(true).start();
        String output = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(git.waitFor(60, TimeUnit.SECONDS), "git did not end: " + command);
        assertEquals(0, git.exitValue(), command + " failed: " + output);
        return output.strip();
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
