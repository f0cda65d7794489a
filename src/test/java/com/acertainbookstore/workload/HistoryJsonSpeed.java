package com.acertainbookstore.workload;

import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.replica.Directories;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Measures writing and reading the history file (not a test): histories the harness records
 * in-process (the standard mix, whose reads carry book listings, and the register profile, whose
 * lines are short), each written and read back by {@link HistoryFile} in rounds after one
 * unmeasured round. Prints each run and the medians, in ns per call and MB/s, and checks that what
 * it reads back writes the same bytes again. Files go under {@code [dir]/history-json-speed} and
 * are deleted after ({@code target} by default; {@code /dev/shm}, memory, leaves the disk's
 * writeback out of the figures). Run with {@code mvn -o -q test-compile exec:java
 * -Dexec.classpathScope=test -Dexec.mainClass=com.acertainbookstore.workload.HistoryJsonSpeed
 * -Dexec.args="[mixCalls] [registerCalls] [rounds] [dir]"} (defaults 100000 1000000 5 target). At
 * commit 280a8a0 the same class measured our former JSON code against Jackson, interleaved
 * (docs/decisions/history-json.md).
 */
public final class HistoryJsonSpeed {

    private HistoryJsonSpeed() {
    }

    public static void main(String[] args) throws Exception {
        int mixCalls = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int registerCalls = args.length > 1 ? Integer.parseInt(args[1]) : 1_000_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 5;
        Path dir = Path.of(args.length > 3 ? args[3] : "target", "history-json-speed");
        deleteTree(dir);
        try {
            Map<String, History> histories = new LinkedHashMap<>();
            // The mix makes about two calls per interaction, the register profile one; 4 workers.
            histories.put("mix", CheckerSpeed.record(dir, WorkloadConfig.defaults().withThreads(4)
                    .withCounts(0, Math.max(1, mixCalls / 8)), 0));
            histories.put("register", CheckerSpeed.record(dir, WorkloadConfig.defaults().with(Setting.PROFILE, "register")
                    .withThreads(4).withCounts(0, Math.max(1, registerCalls / 4)), 0));
            for (Map.Entry<String, History> entry : histories.entrySet()) {
                measure(dir, entry.getKey(), entry.getValue(), rounds);
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static void measure(Path dir, String name, History history, int rounds) throws IOException {
        int calls = history.calls().size();
        Path file = dir.resolve(name + ".jsonl");
        Path again = dir.resolve(name + "-again.jsonl");
        HistoryFile.write(file, history);
        HistoryFile.write(again, HistoryFile.read(file));
        long mismatch = Files.mismatch(file, again);
        if (mismatch >= 0) {
            throw new IllegalStateException(name + ": the history read back writes other bytes, from byte " + mismatch);
        }
        long bytes = Files.size(file);
        System.out.printf(Locale.ROOT, "%s: %,d calls, %,d bytes (%.0f bytes per call)%n", name, calls, bytes,
                (double) bytes / calls);
        double[] writes = new double[rounds];
        double[] reads = new double[rounds];
        for (int round = 0; round < rounds; round++) {
            System.gc();
            long t0 = System.nanoTime();
            HistoryFile.write(file, history);
            long t1 = System.nanoTime();
            System.gc();
            long t2 = System.nanoTime();
            History read = HistoryFile.read(file);
            long t3 = System.nanoTime();
            if (read.calls().size() != calls) {
                throw new IllegalStateException("read " + read.calls().size() + " calls of " + calls);
            }
            writes[round] = (double) (t1 - t0) / calls;
            reads[round] = (double) (t3 - t2) / calls;
            System.out.printf(Locale.ROOT, "  round %d write %8.1f ns/call %7.1f MB/s   read %8.1f ns/call %7.1f MB/s%n",
                    round + 1, writes[round], mbPerSecond(bytes, t1 - t0), reads[round], mbPerSecond(bytes, t3 - t2));
        }
        Arrays.sort(writes);
        Arrays.sort(reads);
        System.out.printf(Locale.ROOT, "%s median write %.1f ns/call (%.1f-%.1f), %.1f MB/s; median read %.1f ns/call"
                + " (%.1f-%.1f), %.1f MB/s%n", name, median(writes), writes[0], writes[rounds - 1],
                mbPerSecond(bytes, (long) (median(writes) * calls)), median(reads), reads[0], reads[rounds - 1],
                mbPerSecond(bytes, (long) (median(reads) * calls)));
    }

    private static double mbPerSecond(long bytes, long ns) {
        return bytes / (ns / 1e9) / 1e6;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.notExists(dir)) {
            return;
        }
        Directories.deleteTree(dir);
    }
}
