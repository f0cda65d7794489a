package com.acertainbookstore.workload.running;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The sweep of one mode: for each locking mode, each thread count (and, over HTTP with the first
 * locking mode, the health ceiling at the same count), each repetition; writes the mode's result
 * files after every point and fails on the first audit mismatch. Not thread-safe: one sweep runs on one thread;
 * {@link #abort()} may be called from any thread.
 */
public final class Sweep {

    private static final int PRIMING_THREADS = 2;

    private final WorkloadConfig config;
    private final Target.Factory targets;
    private final Progress progress;
    private final PointRunner runner;

    public Sweep(WorkloadConfig config, Target.Factory targets) {
        this.config = config;
        this.targets = targets;
        this.progress = new Progress(System.out);
        this.runner = new PointRunner(config, new BookSetup(config), progress);
    }

    /** Stops the sweep: the repetition under way ends and no other starts. */
    public void abort() {
        runner.abort();
    }

    /**
     * Runs every point; returns every repetition's result. Throws {@link AuditFailedException}
     * when an audit finds a mismatch (the files then hold every result so far, the failing one
     * included).
     */
    public List<PointResult> run() throws Exception {
        boolean health = !config.local && config.healthCeiling;
        List<Locking> lockings = config.lockingsToRun();
        // The transport ceiling does not depend on the store's locking: measured once, with the first.
        int total = (lockings.size() + (health ? 1 : 0)) * config.threads.size();
        progress.say("workload: " + config.modeName() + " mode, lockings " + lockings + ", threads "
                + config.threads + (health ? ", with the GET /health ceiling" : ""));
        progress.say("measuring: " + config.describeMeasure() + "; seed " + config.seed);
        List<PointResult> results = new ArrayList<>();
        long begin = System.nanoTime();
        int index = 0;
        for (Locking locking : lockings) {
            try (Target target = targets.open(locking)) {
                prime(locking, target);
                for (int threads : config.threads) {
                    List<Point> points = new ArrayList<>();
                    points.add(new Point(config.modeName(), locking, false, threads));
                    if (health && locking == lockings.get(0)) {
                        points.add(new Point(config.modeName(), locking, true, threads));
                    }
                    for (Point point : points) {
                        index++;
                        progress.pointStarts(index, total);
                        List<PointResult> reps = runPoint(point, target, index);
                        results.addAll(reps);
                        List<Path> files = CsvFiles.write(config.resultsDir, config.modeName(), results);
                        for (PointResult rep : reps) {
                            if (!rep.auditProblems().isEmpty()) {
                                throw new AuditFailedException(point, rep.columns().get("repetition"),
                                        rep.auditProblems(), files);
                            }
                        }
                        progress.pointDone(index, total, point, reps, (System.nanoTime() - begin) / 1e9);
                    }
                }
            }
        }
        progress.summary(results);
        progress.say("");
        for (Path file : CsvFiles.write(config.resultsDir, config.modeName(), results)) {
            progress.say("wrote " + file);
        }
        return results;
    }

    /** One discarded repetition of the mix at {@value #PRIMING_THREADS} threads warms the JIT and connections. */
    private void prime(Locking locking, Target target) throws Exception {
        progress.say("priming " + config.modeName() + " " + locking + ": one discarded repetition at "
                + PRIMING_THREADS + " threads");
        progress.pointStarts(0, 0);
        progress.repetitionStarts();
        runner.run(new Point(config.modeName(), locking, false, PRIMING_THREADS), target, 0, config.seed);
    }

    private List<PointResult> runPoint(Point point, Target target, int index) throws Exception {
        List<PointResult> reps = new ArrayList<>();
        for (int repetition = 1; repetition <= config.repetitions; repetition++) {
            progress.repetitionStarts();
            long seed = config.seed ^ (0xBF58476D1CE4E5B9L * index + 0x94D049BB133111EBL * repetition);
            PointResult result = runner.run(point, target, repetition, seed);
            reps.add(result);
            if (!result.auditProblems().isEmpty()) {
                break;
            }
        }
        return reps;
    }
}
