package com.acertainbookstore.workload;

import com.acertainbookstore.workload.results.RunRecord;
import com.acertainbookstore.workload.settings.Setting;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * Gathers what a run was ({@link RunRecord}): the settings that differ from their defaults, the
 * command line, the machine, the commit of the working directory and the times. Not thread-safe:
 * one per run.
 */
final class RunRecorder {

    /** How long each git command may take before the commit is reported unknown. */
    private static final long GIT_TIMEOUT_SECONDS = 5;
    private static final String UNKNOWN = "unknown";

    private final Map<String, String> given;
    private final String startedAt;
    /** The commit and whether the tree was clean as the run started: the code that ran. */
    private final String commit;
    private final String treeClean;

    /**
     * Starts the record now, with the settings as given ({@code ConfigLoader.given}); the commit
     * and the tree's state are read now, before the run writes anything (a reference run writes
     * into the tree).
     */
    RunRecorder(Map<String, String> given) {
        this.given = new TreeMap<>(given);
        this.startedAt = now();
        this.commit = git("rev-parse", "HEAD");
        String status = commit.equals(UNKNOWN) ? null : gitStatus();
        this.treeClean = status == null ? UNKNOWN : status.isEmpty() ? "clean" : "modified";
    }

    /** The record of the run, ended now with {@code outcome}. */
    RunRecord finish(String outcome) {
        Runtime runtime = Runtime.getRuntime();
        return new RunRecord(startedAt, now(), outcome,
                ProcessHandle.current().info().commandLine().orElse(UNKNOWN), changedSettings(given),
                runtime.availableProcessors(), physicalMemoryMb(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"),
                System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.name") + " "
                        + System.getProperty("java.runtime.version"),
                String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()), commit, treeClean);
    }

    /** The settings whose value, as given, is not their default, in key order. */
    static List<RunRecord.ChangedSetting> changedSettings(Map<String, String> given) {
        List<RunRecord.ChangedSetting> changed = new ArrayList<>();
        for (Map.Entry<String, String> entry : new TreeMap<>(given).entrySet()) {
            Setting setting = Setting.byKey(entry.getKey());
            if (setting != null && !entry.getValue().trim().equals(setting.defaultValue())) {
                changed.add(new RunRecord.ChangedSetting(setting.key(), entry.getValue(), setting.defaultValue()));
            }
        }
        return changed;
    }

    /** The machine's memory, MiB, or 0 when the JVM cannot say. */
    private static long physicalMemoryMb() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() / (1024 * 1024);
        }
        return 0;
    }

    private static String now() {
        return Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /** {@code git status --porcelain} of the working directory, or null when git cannot say. */
    private static String gitStatus() {
        String status = git("status", "--porcelain");
        return status.equals(UNKNOWN) ? null : status;
    }

    /** The output of a git command, trimmed, or {@code unknown} when it fails or takes too long. */
    private static String git(String... arguments) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        Process process = null;
        try {
            process = new ProcessBuilder(command).directory(Path.of("").toAbsolutePath().toFile())
                    .redirectError(ProcessBuilder.Redirect.DISCARD).start();
            process.getOutputStream().close();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return UNKNOWN;
            }
            return output.trim();
        } catch (IOException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        } finally {
            if (process != null && process.isAlive()) {
                process.destroyForcibly();
            }
        }
    }
}
