package com.acertainbookstore.workload;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.replica.Directories;
import com.acertainbookstore.server.ServerJvm;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measures what recording the history costs (not a test): the same closed-loop point with
 * {@code workload.history} off and on, interleaved (off-on, then on-off, ...), in-process or over
 * HTTP against one forked server JVM (whose {@code /health} ceiling is measured once at the same
 * thread count). Run with {@code mvn -o -q test-compile exec:java -Dexec.classpathScope=test
 * -Dexec.mainClass=com.acertainbookstore.workload.RecordingOverhead
 * -Dexec.args="<local|http> <mix|register> [threads] [rounds] [windowSeconds]"}.
 */
public final class RecordingOverhead {

    private RecordingOverhead() {
    }

    public static void main(String[] args) throws Exception {
        boolean local = args[0].equals("local");
        String profile = args[1];
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        int rounds = args.length > 3 ? Integer.parseInt(args[3]) : 3;
        double window = args.length > 4 ? Double.parseDouble(args[4]) : 2;
        Path dir = Files.createTempDirectory("cbs-recording-overhead");
        ServerJvm server = local ? null : ServerJvm.fork(List.of());
        try {
            WorkloadConfig base = WorkloadConfig.defaults().with(Setting.PROFILE, profile).withThreads(threads)
                    .withWindow(1, window).withRepetitions(1).withLockings(Locking.TWO_LEVEL)
                    .with(Setting.PRIMING_SECONDS, 5).with(Setting.PROGRESS_SECONDS, 0)
                    .with(Setting.HEALTH_CEILING, false);
            if (server != null) {
                base = base.withLocal(false).withServer(server.awaitUrl());
                Process process = server.process();
                Thread drain = new Thread(() -> {
                    try {
                        process.getInputStream().transferTo(OutputStream.nullOutputStream());
                    } catch (java.io.IOException e) {
                        // The server exited.
                    }
                }, "server-output");
                drain.setDaemon(true);
                drain.start();
                WorkloadConfig ceiling = base.with(Setting.HEALTH_CEILING, true);
                for (Repetition r : run(dir, ceiling)) {
                    if (r.point().series().isCeiling()) {
                        System.out.printf(Locale.ROOT, "RESULT /health ceiling at %d threads: %,.0f calls/s%n",
                                threads, r.throughput());
                    }
                }
            }
            List<Double> off = new ArrayList<>();
            List<Double> on = new ArrayList<>();
            for (int round = 0; round < rounds; round++) {
                for (int i = 0; i < 2; i++) {
                    boolean record = (round + i) % 2 == 1;
                    double throughput = run(dir, base.with(Setting.HISTORY, record)).get(0).throughput();
                    (record ? on : off).add(throughput);
                    System.out.printf(Locale.ROOT, "RESULT %s %s %d threads, round %d, history %s: %,.0f"
                            + " interactions/s%n", local ? "local" : "http", profile, threads, round + 1,
                            record ? "on " : "off", throughput);
                }
            }
            double meanOff = off.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            double meanOn = on.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
            System.out.printf(Locale.ROOT, "RESULT %s %s %d threads: off %,.0f/s, on %,.0f/s (means of %d), recording"
                    + " costs %.1f %%%n", local ? "local" : "http", profile, threads, meanOff, meanOn, rounds,
                    100 * (1 - meanOn / meanOff));
        } finally {
            if (server != null) {
                server.close();
            }
            Directories.deleteTree(dir);
        }
    }

    private static List<Repetition> run(Path dir, WorkloadConfig config) throws Exception {
        Path results = dir.resolve("r" + System.nanoTime());
        WorkloadConfig placed = config.withOutput(results, dir.resolve("plots"));
        List<Repetition> repetitions = WorkloadMain.run(placed, placed.local ? WorkloadMain::inProcess
                : locking -> HttpTarget.open(placed, locking));
        Directories.deleteTree(results);
        return repetitions;
    }
}
