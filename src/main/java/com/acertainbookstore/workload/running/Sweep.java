package com.acertainbookstore.workload.running;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.history.Verdict;
import com.acertainbookstore.workload.checking.AuditFailedException;
import com.acertainbookstore.workload.checking.CheckFailedException;
import com.acertainbookstore.workload.checking.HistoryRun;
import com.acertainbookstore.workload.faults.FaultReport;
import com.acertainbookstore.workload.load.BookSetup;
import com.acertainbookstore.workload.results.FaultRow;
import com.acertainbookstore.workload.results.FaultsFile;
import com.acertainbookstore.workload.results.Interval;
import com.acertainbookstore.workload.results.IntervalLogFile;
import com.acertainbookstore.workload.results.Load;
import com.acertainbookstore.workload.results.Measure;
import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.PointSummary;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.Series;
import com.acertainbookstore.workload.sampling.ProcReading;
import com.acertainbookstore.workload.sampling.ProcessSampler;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.Target;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The sweep of one mode and load. Each locking mode opens its target and first runs discarded
 * priming repetitions. Closed loop: then each thread count (and, over HTTP with the first locking
 * mode when {@code workload.healthCeiling} is on, the health ceiling at the same count), each
 * repetition. Open loop: then a closed-loop probe when needed ({@link OpenPlan}), then each
 * offered rate, each repetition. Writes the result files after every point and fails on the first
 * audit mismatch. Not thread-safe: one sweep runs on one thread; {@link #abort()} may be called
 * from any thread.
 */
public final class Sweep {

    /** Priming left shorter than this is not run: a repetition's reset and audit would outlast it. */
    private static final double MIN_PRIMING_REPETITION_SECONDS = 0.1;

    private final WorkloadConfig config;
    private final Target.Factory targets;
    private final Progress progress;
    private final PointRunner runner;
    private final List<Repetition> repetitions = new ArrayList<>();
    private final List<Interval> intervals = new ArrayList<>();
    /** What each fault did in each repetition (runs with {@code workload.fault}). */
    private final List<FaultRow> faultRows = new ArrayList<>();
    /** What each JVM used during each point's windows (runs with {@code workload.sampleSeconds} above 0). */
    private final List<ProcessRow> processRows = new ArrayList<>();
    /** Each recorded repetition's history and, when checked, its verdict, for the summary. */
    private final List<String> checks = new ArrayList<>();
    /** Points whose interval log is written (each log is dropped once written), and where. */
    private int loggedPoints;
    private Path logDirectory;
    private int index;

    public Sweep(WorkloadConfig config, Target.Factory targets) {
        this.config = config;
        this.targets = targets;
        boolean inPlace = config.progressStyle.inPlace(System.console() != null);
        this.progress = new Progress(new Console(System.out, inPlace, inPlace ? Console.terminalWidth()
                : Console.DEFAULT_WIDTH), System::nanoTime);
        this.runner = new PointRunner(config, new BookSetup(config), progress);
    }

    /** Stops the sweep: the repetition under way ends and no other starts. */
    public void abort() {
        runner.abort();
    }

    /**
     * Runs every point; returns every repetition's result. Throws {@link AuditFailedException}
     * when an audit finds a mismatch, and {@link CheckFailedException} when a recorded history is
     * not linearizable (the files then hold every result so far, the failing one included).
     */
    public List<Repetition> run() throws Exception {
        Console console = progress.console();
        PrintStream out = System.out;
        PrintStream err = System.err;
        if (console.inPlace()) {
            System.setOut(console.routed(out));
            System.setErr(console.routed(err));
        }
        try {
            return sweep();
        } finally {
            progress.finish();
            if (console.inPlace()) {
                System.setOut(out);
                System.setErr(err);
            }
        }
    }

    private List<Repetition> sweep() throws Exception {
        List<Locking> lockings = config.lockingsToRun();
        progress.runStarts(plan(lockings));
        ResultFiles.clearIntervalLogs(config.resultsDir, config.mode(), config.load);
        // A processes file of an earlier run would stand beside this run's results: the files are all this run's.
        Files.deleteIfExists(ProcessesFile.of(config.resultsDir, config.mode(), config.load));
        progress.say("measuring: " + config.describeMeasure() + "; seed " + config.seed);
        if (!config.faults.isEmpty()) {
            progress.say(config.describeFaults());
        }
        if (config.load == Load.OPEN) {
            openSweep(lockings);
        } else {
            closedSweep(lockings);
        }
        progress.summary(repetitions);
        if (!faultRows.isEmpty()) {
            progress.say("");
            progress.say("== faults (" + FaultsFile.of(config.resultsDir, config.mode(), config.load)
                    + "; medians over the repetitions)");
            FaultReport.medians(faultRows).forEach(progress::say);
            progress.say("== faults by kind (median and worst over every fault of the kind)");
            FaultReport.byKind(faultRows).forEach(progress::say);
        }
        if (!checks.isEmpty()) {
            progress.say("");
            progress.say("== histories (" + config.resultsDir.resolve(HistoryRun.DIRECTORY) + ")");
            checks.forEach(progress::say);
        }
        progress.say("");
        for (Path file : write(null, List.of())) {
            progress.say("wrote " + file);
        }
        if (loggedPoints > 0) {
            progress.say("wrote interval logs of " + loggedPoints + " points under " + logDirectory);
        }
        return List.copyOf(repetitions);
    }

    /** The points of the sweep: each locking's thread counts (and the ceiling's), or its offered rates. */
    private int points(List<Locking> lockings) {
        if (config.load == Load.OPEN) {
            return lockings.size() * (config.rates.isEmpty() ? config.rateFractions.size() : config.rates.size());
        }
        return (lockings.size() + (healthCeiling() ? 1 : 0)) * config.threads.size();
    }

    /** Whether the transport ceiling is measured beside the closed loop's points. */
    private boolean healthCeiling() {
        return !config.local && config.healthCeiling;
    }

    /** What the run will time, for the time left: priming, the open loop's probes, every repetition. */
    private Eta.Plan plan(List<Locking> lockings) {
        int probes = config.load == Load.OPEN && OpenPlan.needsProbe(config)
                ? lockings.size() * config.probeThreads.size() : 0;
        return new Eta.Plan(lockings.size() * config.primingSeconds, probes + points(lockings) * config.repetitions,
                repetitionSeconds());
    }

    /** A measured or probing repetition's planned seconds: warm-up and window; NaN in count mode. */
    private double repetitionSeconds() {
        return config.measure == Measure.TIME ? config.warmupSeconds + config.windowSeconds : Double.NaN;
    }

    private void closedSweep(List<Locking> lockings) throws Exception {
        boolean health = healthCeiling();
        // The transport ceiling does not depend on the store's locking: measured once, with the first.
        int total = points(lockings);
        progress.say("workload: " + config.mode().label() + " mode" + config.describeReplicas() + ", closed loop, lockings " + lockings + ", threads "
                + config.threads + (health ? ", with the GET /health ceiling" : ""));
        for (Locking locking : lockings) {
            try (Target target = targets.open(locking); ProcessSampler sampler = samplerOf(target)) {
                prime(locking, target);
                for (int threads : config.threads) {
                    runPoint(Point.closed(new Series(config.mode(), Load.CLOSED, locking), threads), target, sampler,
                            total, Double.NaN);
                    if (health && locking == lockings.get(0)) {
                        runPoint(Point.closed(Series.ceiling(), threads), target, sampler, total, Double.NaN);
                    }
                }
            }
        }
    }

    private void openSweep(List<Locking> lockings) throws Exception {
        int total = points(lockings);
        progress.say("workload: " + config.mode().label() + " mode" + config.describeReplicas() + ", open loop, lockings " + lockings + ", "
                + (config.rates.isEmpty() ? "offered rates at " + config.rateFractions
                        + " of the closed-loop peak found by a probe" : "offered rates " + config.rates + "/s"));
        for (Locking locking : lockings) {
            try (Target target = targets.open(locking); ProcessSampler sampler = samplerOf(target)) {
                prime(locking, target);
                OpenPlan plan = OpenPlan.of(config, OpenPlan.needsProbe(config) ? probe(locking, target) : null);
                Series series = new Series(config.mode(), Load.OPEN, locking);
                progress.say(plan.describe(series));
                for (double rate : plan.rates()) {
                    runPoint(Point.open(series, plan.workers(), rate), target, sampler, total, plan.peakPerSecond());
                }
            }
        }
    }

    /** The closed-loop probe: one repetition at each probe thread count, not written to the results. */
    private OpenPlan.Probe probe(Locking locking, Target target) throws Exception {
        Series series = new Series(config.mode(), Load.CLOSED, locking);
        List<OpenPlan.Probed> probed = new ArrayList<>();
        for (int threads : config.probeThreads) {
            progress.pointStarts(0, 0);
            progress.repetitionStarts(repetitionSeconds());
            Point point = Point.closed(series, threads);
            Repetition result = runner.run(point, target, 0, config.seed + threads, Double.NaN, null).repetition();
            progress.repetitionEnds();
            if (!result.auditProblems().isEmpty()) {
                throw new AuditFailedException(point, 0, result.auditProblems(), List.of());
            }
            progress.say(String.format(Locale.ROOT, "probe %s: %,.0f interactions/s", point.describe(),
                    result.throughput()));
            probed.add(new OpenPlan.Probed(threads, result.throughput()));
        }
        return new OpenPlan.Probe(probed);
    }

    /**
     * Discarded repetitions of the mix at {@value WorkloadConfig#PRIMING_THREADS} threads, for
     * about {@code workload.primingSeconds}: the JIT of both JVMs needs seconds of load on two
     * busy cores before a point measures compiled code (measured over HTTP: 2 to 17 thousand
     * interactions/s over the first 8 s), and connections are opened. Each repetition is
     * time-based, no longer than a measured repetition's warm-up and window, and none runs past
     * the priming time, so priming lasts what it is told whatever the window (one repetition at
     * least). None with {@code workload.primingSeconds=0} (short test runs).
     */
    private void prime(Locking locking, Target target) throws Exception {
        if (config.primingSeconds == 0) {
            progress.say("no priming (" + Setting.PRIMING_SECONDS.key() + "=0)");
            return;
        }
        progress.say(String.format(Locale.ROOT, "priming %s %s: discarded closed-loop repetitions at %d threads"
                + " for %.1f s", config.mode().label(), locking, WorkloadConfig.PRIMING_THREADS,
                config.primingSeconds));
        Point point = Point.closed(new Series(config.mode(), Load.CLOSED, locking), WorkloadConfig.PRIMING_THREADS);
        double longest = config.measure == Measure.TIME ? config.warmupSeconds + config.windowSeconds
                : config.primingSeconds;
        long start = System.nanoTime();
        int repetition = 0;
        double left = config.primingSeconds;
        do {
            progress.pointStarts(0, 0);
            progress.repetitionStarts(Math.min(longest, left));
            runner.prime(point, target, config.seed + repetition++, Math.min(longest, left));
            progress.repetitionEnds();
            left = config.primingSeconds - (System.nanoTime() - start) / 1e9;
        } while (left >= MIN_PRIMING_REPETITION_SECONDS);
    }

    /**
     * The sampler of the target's JVMs, or null with {@code workload.sampleSeconds=0}; a
     * try-with-resources closes it with the target.
     */
    private ProcessSampler samplerOf(Target target) {
        if (config.sampleSeconds == 0) {
            return null;
        }
        ProcessSampler sampler = new ProcessSampler(target.processes(),
                Duration.ofNanos((long) (config.sampleSeconds * 1e9)));
        progress.say("sampling " + String.join(", ", sampler.names()) + " every " + config.sampleSeconds
                + " s of each window" + (ProcReading.available() ? "" : " (no /proc here: their JVM counters only)"));
        return sampler;
    }

    private void runPoint(Point point, Target target, ProcessSampler sampler, int total, double peak)
            throws Exception {
        index++;
        progress.pointStarts(index, total);
        List<Repetition> reps = new ArrayList<>();
        List<IntervalLogFile.RepetitionLog> pointLogs = new ArrayList<>();
        for (int repetition = 1; repetition <= config.repetitions; repetition++) {
            progress.repetitionStarts(repetitionSeconds());
            long seed = config.seed ^ (0xBF58476D1CE4E5B9L * index + 0x94D049BB133111EBL * repetition);
            RepetitionMerge.Recording recording = runner.run(point, target, repetition, seed, peak, sampler);
            progress.repetitionEnds();
            HistoryRun history = recording.history();
            if (history != null) {
                progress.say("    " + point.describe() + ", repetition " + repetition + ": " + history.describe());
                checks.add(point.describe() + ", repetition " + repetition + ": "
                        + (history.check() == null ? "recorded, not checked" : history.check().summary()));
            }
            if (recording.faults() != null) {
                List<FaultRow> rows = FaultReport.rows(point, repetition, recording.intervals(), recording.faults());
                for (FaultRow row : rows) {
                    progress.say("    " + FaultReport.describe(row));
                    progress.say(FaultReport.perSecond(row, recording.intervals()));
                }
                faultRows.addAll(rows);
            }
            reps.add(recording.repetition());
            repetitions.add(recording.repetition());
            intervals.addAll(recording.intervals());
            pointLogs.add(recording.log());
            if (!recording.repetition().auditProblems().isEmpty()) {
                sampled(point, sampler);
                throw new AuditFailedException(point, repetition, recording.repetition().auditProblems(),
                        write(point, pointLogs));
            }
            if (history != null && history.check() != null && history.check().verdict() == Verdict.VIOLATION) {
                sampled(point, sampler);
                write(point, pointLogs);
                throw new CheckFailedException(point, repetition, history.check(), history.file(), history.report());
            }
        }
        sampled(point, sampler);
        write(point, pointLogs);
        progress.pointDone(index, total, PointSummary.of(reps));
    }

    /** Adds the point's samples of the target's JVMs (its windows so far) to the processes file's rows. */
    private void sampled(Point point, ProcessSampler sampler) {
        if (sampler != null) {
            processRows.addAll(sampler.pointDone(point));
        }
    }

    /**
     * (Re)writes the mode's result files and, when given, the point's interval log of
     * {@code pointLogs}; returns the files written.
     */
    private List<Path> write(Point point, List<IntervalLogFile.RepetitionLog> pointLogs) throws IOException {
        List<Path> files = new ArrayList<>(ResultFiles.write(config.resultsDir, config.mode(), config.load,
                repetitions, intervals));
        if (!faultRows.isEmpty()) {
            Path faults = FaultsFile.of(config.resultsDir, config.mode(), config.load);
            FaultsFile.write(faults, faultRows);
            files.add(faults);
        }
        if (!processRows.isEmpty()) {
            Path processes = ProcessesFile.of(config.resultsDir, config.mode(), config.load);
            ProcessesFile.write(processes, processRows);
            files.add(processes);
        }
        if (point != null) {
            Path log = ResultFiles.intervalLog(config.resultsDir, point);
            IntervalLogFile.write(log, point, pointLogs);
            files.add(log);
            loggedPoints++;
            logDirectory = log.getParent();
        }
        return files;
    }
}
