package com.acertainbookstore.workload;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.history.History;
import com.acertainbookstore.history.HistoryFile;
import com.acertainbookstore.history.JacksonHistoryFile;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * Measures writing and reading the history file (not a test): histories the harness records
 * in-process (the standard mix, whose reads carry book listings, and the register profile, whose
 * lines are short), each written and read back by our own JSON code and by Jackson's streaming
 * API, interleaved in one JVM after one unmeasured round each (own then Jackson in odd rounds,
 * Jackson then own in even ones, so that neither always follows the other's write).
 * Prints each run and the median per format, in ns per call and MB/s; checks that both write the
 * same bytes and read each other's files. Files go under {@code [dir]/history-json-speed} and are
 * deleted after ({@code target} by default; {@code /dev/shm}, memory, leaves the disk's writeback
 * out of the figures). Run with {@code mvn -o -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.workload.HistoryJsonSpeed -Dexec.args="[mixCalls]
 * [registerCalls] [rounds] [dir]"} (defaults 100000 1000000 5 target).
 */
public final class HistoryJsonSpeed {

    /** One way to write and read the file. */
    private interface Format {
        void write(Path file, History history) throws IOException;

        History read(Path file) throws IOException;
    }

    private static final Map<String, Format> FORMATS = new LinkedHashMap<>();

    static {
        FORMATS.put("own", new Format() {
            @Override
            public void write(Path file, History history) throws IOException {
                HistoryFile.write(file, history);
            }

            @Override
            public History read(Path file) throws IOException {
                return HistoryFile.read(file);
            }
        });
        FORMATS.put("jackson", new Format() {
            @Override
            public void write(Path file, History history) throws IOException {
                JacksonHistoryFile.write(file, history);
            }

            @Override
            public History read(Path file) throws IOException {
                return JacksonHistoryFile.read(file);
            }
        });
    }

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
            histories.put("mix", record(dir, WorkloadConfig.defaults().withThreads(4)
                    .withCounts(0, Math.max(1, mixCalls / 8))));
            histories.put("register", record(dir, WorkloadConfig.defaults().with(Setting.PROFILE, "register")
                    .withThreads(4).withCounts(0, Math.max(1, registerCalls / 4))));
            for (Map.Entry<String, History> entry : histories.entrySet()) {
                measure(dir, entry.getKey(), entry.getValue(), rounds);
            }
        } finally {
            deleteTree(dir);
        }
    }

    private static void measure(Path dir, String name, History history, int rounds) throws IOException {
        int calls = history.calls().size();
        Map<String, Path> files = new LinkedHashMap<>();
        for (Map.Entry<String, Format> format : FORMATS.entrySet()) {
            Path file = dir.resolve(name + "-" + format.getKey() + ".jsonl");
            files.put(format.getKey(), file);
            format.getValue().write(file, history);
            format.getValue().read(file);
        }
        compare(files, calls);
        long bytes = Files.size(files.get("own"));
        System.out.printf(Locale.ROOT, "%s: %,d calls, %,d bytes (%.0f bytes per call)%n", name, calls, bytes,
                (double) bytes / calls);
        Map<String, List<double[]>> runs = new LinkedHashMap<>();
        for (int round = 1; round <= rounds; round++) {
            List<Map.Entry<String, Format>> order = new ArrayList<>(FORMATS.entrySet());
            if (round % 2 == 0) {
                Collections.reverse(order);
            }
            for (Map.Entry<String, Format> format : order) {
                Path file = files.get(format.getKey());
                System.gc();
                long t0 = System.nanoTime();
                format.getValue().write(file, history);
                long t1 = System.nanoTime();
                System.gc();
                long t2 = System.nanoTime();
                History read = format.getValue().read(file);
                long t3 = System.nanoTime();
                if (read.calls().size() != calls) {
                    throw new IllegalStateException(format.getKey() + " read " + read.calls().size() + " calls of "
                            + calls);
                }
                double[] run = {(double) (t1 - t0) / calls, (double) (t3 - t2) / calls};
                runs.computeIfAbsent(format.getKey(), k -> new ArrayList<>()).add(run);
                System.out.printf(Locale.ROOT, "  round %d %-7s write %8.1f ns/call %7.1f MB/s   read %8.1f ns/call"
                        + " %7.1f MB/s%n", round, format.getKey(), run[0], mbPerSecond(bytes, t1 - t0), run[1],
                        mbPerSecond(bytes, t3 - t2));
            }
        }
        for (Map.Entry<String, List<double[]>> format : runs.entrySet()) {
            double[] writes = format.getValue().stream().mapToDouble(r -> r[0]).sorted().toArray();
            double[] reads = format.getValue().stream().mapToDouble(r -> r[1]).sorted().toArray();
            System.out.printf(Locale.ROOT, "%s %-7s median write %.1f ns/call (%.1f-%.1f), %.1f MB/s;"
                    + " median read %.1f ns/call (%.1f-%.1f), %.1f MB/s%n", name, format.getKey(), median(writes),
                    writes[0], writes[writes.length - 1], mbPerSecond(bytes, (long) (median(writes) * calls)),
                    median(reads), reads[0], reads[reads.length - 1],
                    mbPerSecond(bytes, (long) (median(reads) * calls)));
        }
    }

    /** Both formats wrote the same bytes, or say where they differ; each reads the other's file. */
    private static void compare(Map<String, Path> files, int calls) throws IOException {
        List<Path> paths = new ArrayList<>(files.values());
        long mismatch = Files.mismatch(paths.get(0), paths.get(1));
        System.out.println(mismatch < 0 ? "same bytes from both formats"
                : "the formats' files differ from byte " + mismatch);
        for (Map.Entry<String, Format> format : FORMATS.entrySet()) {
            for (Path file : paths) {
                int read = format.getValue().read(file).calls().size();
                if (read != calls) {
                    throw new IllegalStateException(format.getKey() + " read " + read + " calls of " + calls + " from "
                            + file);
                }
            }
        }
    }

    private static double mbPerSecond(long bytes, long ns) {
        return bytes / (ns / 1e9) / 1e6;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** Runs one repetition with the history recorded and returns it. */
    private static History record(Path dir, WorkloadConfig base) throws Exception {
        Path results = dir.resolve("r" + System.nanoTime());
        WorkloadConfig config = base.with(Setting.HISTORY, true).withRepetitions(1).withLockings(Locking.TWO_LEVEL)
                .with(Setting.PROGRESS_SECONDS, 0).with(Setting.PRIMING_SECONDS, 0)
                .withOutput(results, dir.resolve("plots"));
        WorkloadMain.run(config, WorkloadMain::inProcess);
        History history = HistoryFile.read(CheckedRunTest.onlyHistory(results));
        deleteTree(results);
        return history;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (Files.notExists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
