package com.acertainbookstore.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.cluster.ChildJvm;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The live progress line of a real run of the harness, in a JVM of its own whose output is a pipe
 * to a file (not a terminal, as in a log or CI): one line per interval, each with the run's time
 * left, and no carriage return anywhere. Forced in place on the same pipe, the line is rewritten
 * with carriage returns and every other line still starts on a line of its own.
 */
class ProgressOutputTest {

    private static final long RUN_TIMEOUT_SECONDS = 120;
    private static final Pattern LIVE = Pattern.compile("    \\.\\.\\. run (~[^;]+|\\?) left; point 1/1 local SINGLE"
            + " at 2 threads, repetition 1: (\\d+\\.\\d) s elapsed, .*");

    @TempDir
    Path dir;

    /** Runs the harness (priming 1 s, one point of 0.5 s warm-up and a 3 s window, a line every 0.5 s); its output. */
    private String run(String... settings) throws IOException, InterruptedException {
        Path log = dir.resolve("run.log");
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-cp", ChildJvm.classPath(), "-Djava.awt.headless=true", "-Dworkload.local=true",
                "-Dworkload.locking=SINGLE", "-Dworkload.threads=2", "-Dworkload.repetitions=1",
                "-Dworkload.primingSeconds=1", "-Dworkload.warmupSeconds=0.5", "-Dworkload.windowSeconds=3",
                "-Dworkload.progressSeconds=0.5", "-Dworkload.resultsDir=" + dir.resolve("results"),
                "-Dworkload.plotsDir=" + dir.resolve("plots")));
        for (String setting : settings) {
            command.add("-D" + setting);
        }
        command.add(WorkloadMain.class.getName());
        Process run = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            run.getOutputStream().close();
            assertTrue(run.waitFor(RUN_TIMEOUT_SECONDS, TimeUnit.SECONDS), "the run did not end within "
                    + RUN_TIMEOUT_SECONDS + " s:\n" + Files.readString(log, StandardCharsets.UTF_8));
            assertEquals(0, run.exitValue(), "the run failed:\n" + Files.readString(log, StandardCharsets.UTF_8));
        } finally {
            run.descendants().forEach(ProcessHandle::destroyForcibly);
            run.destroyForcibly();
            run.waitFor(30, TimeUnit.SECONDS);
        }
        return Files.readString(log, StandardCharsets.UTF_8);
    }

    @Test
    @Tag("slow")
    @Timeout(150)
    void run_outputPiped_printsOneLiveLinePerIntervalWithTheTimeLeftAndNoCarriageReturn() throws Exception {
        String output = run();

        assertFalse(output.contains("\r"), "no carriage return in a log:\n" + output);
        List<Double> elapsed = new ArrayList<>();
        for (String line : output.split("\n")) {
            Matcher live = LIVE.matcher(line);
            if (live.matches()) {
                assertTrue(live.group(1).startsWith("~"), "the time left is known: " + line);
                elapsed.add(Double.parseDouble(live.group(2)));
            }
        }
        assertTrue(elapsed.size() >= 4 && elapsed.size() <= 8, elapsed.size() + " live lines in a 3.5 s repetition"
                + " at one per 0.5 s:\n" + output);
        for (int i = 1; i < elapsed.size(); i++) {
            assertTrue(elapsed.get(i) > elapsed.get(i - 1), "one line per interval, in order: " + elapsed);
        }
        assertTrue(output.contains("\npoint 1/1  local SINGLE at 2 threads: "), output);
    }

    /** The same run again, a few seconds more: slow group (ProgressTest checks the same lines in process). */
    @Test
    @Tag("slow")
    @Timeout(150)
    void run_inPlaceForcedOnAPipe_rewritesTheLineAndEndsItBeforeEveryOtherLine() throws Exception {
        String output = run("workload.progressStyle=inplace", "workload.windowSeconds=1.5");

        List<String> rewrites = new ArrayList<>();
        for (String line : output.split("\n")) {
            if (line.contains("\r")) {
                for (String part : line.split("\r")) {
                    if (!part.isEmpty()) {
                        rewrites.add(part);
                    }
                }
                assertTrue(line.startsWith("\r") && line.endsWith("\u001b[K"), "a line of live lines only, ended"
                        + " by a newline before anything else: " + line.replace("\r", "\\r"));
            }
        }
        assertTrue(rewrites.size() >= 3, rewrites.size() + " live lines rewritten:\n" + output);
        for (String live : rewrites) {
            assertTrue(live.length() <= 80 + 3 && live.startsWith("    ... run "), live);
        }
        assertTrue(output.contains("\npoint 1/1  local SINGLE at 2 threads: "), output);
    }
}
