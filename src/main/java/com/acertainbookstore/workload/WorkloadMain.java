package com.acertainbookstore.workload;

import com.acertainbookstore.business.Locking;
import com.acertainbookstore.cluster.ReplicaNetwork;
import com.acertainbookstore.report.Charts;
import com.acertainbookstore.report.ComparePage;
import com.acertainbookstore.report.FaultCharts;
import com.acertainbookstore.report.ReportPage;
import com.acertainbookstore.report.Results;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.results.Repetition;
import com.acertainbookstore.workload.results.ResultFiles;
import com.acertainbookstore.workload.results.ResultsMerge;
import com.acertainbookstore.workload.running.Sweep;
import com.acertainbookstore.workload.settings.ConfigLoader;
import com.acertainbookstore.workload.settings.Setting;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import com.acertainbookstore.workload.targets.HttpTarget;
import com.acertainbookstore.workload.targets.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Entry point of {@code mvn exec:java}: reads the settings, runs the sweep of the chosen mode,
 * writes results and charts ({@code report.Charts}). Returns normally when the run and every audit passed; otherwise
 * throws (so that {@code mvn} exits non-zero) after stopping every thread and server it started.
 * Not meant to be shared: one run per call.
 */
public final class WorkloadMain {

    /** The outcome a run record gives a run that passed. */
    static final String PASSED = "passed";

    private WorkloadMain() {
    }

    public static void main(String[] args) throws Exception {
        WorkloadConfig config = ConfigLoader.load(System.getProperties(), System.getenv());
        if (config.help) {
            System.out.print(Setting.markdownTable());
            return;
        }
        if (!config.compare.isEmpty()) {
            System.out.println("wrote " + ComparePage.write(config.compare.get(0), config.compare.get(1),
                    config.plotsDir));
            return;
        }
        if (!config.merge.isEmpty()) {
            for (Path file : ResultsMerge.merge(config.merge, config.resultsDir)) {
                System.out.println("wrote " + file);
            }
            drawCharts(config);
            return;
        }
        if (!config.chartsOnly) {
            RunRecorder recorder = new RunRecorder(ConfigLoader.given(System.getProperties()));
            WorkloadConfig runnable = onThisMachine(config);
            try {
                run(runnable, runnable.local ? WorkloadMain::inProcess : locking -> HttpTarget.open(runnable, locking));
            } catch (Exception | Error e) {
                recorder.finish("FAILED: " + e.getMessage()).write(config.resultsDir);
                drawAfterFailure(config, e);
                throw e;
            }
            recorder.finish(PASSED).write(config.resultsDir);
        }
        drawCharts(config);
    }

    /**
     * The settings as this machine can run them, decided before any load: when the faults may cut
     * replicas off from each other, asks once whether this machine can make network namespaces
     * (an OS probe, {@link ReplicaNetwork#unavailableReason}); when it cannot, a plan or kinds that
     * need them are refused naming the setting, and a random schedule of every kind leaves them
     * out ({@link WorkloadConfig#withoutPartitions}). Replicas as hosts ({@code workload.hosts})
     * need namespaces too: where they cannot be made, the run is refused before it starts.
     *
     * @throws IllegalArgumentException naming the setting and why partitions or hosts cannot be made here
     */
    static WorkloadConfig onThisMachine(WorkloadConfig config) {
        if (!config.faultsMayPartition() && !config.hosts) {
            return config;
        }
        String reason = ReplicaNetwork.unavailableReason();
        if (reason != null && config.hosts) {
            throw new IllegalArgumentException("setting " + Setting.HOSTS.key() + "=true cannot run here: " + reason);
        }
        return reason == null ? config : config.withoutPartitions(reason);
    }

    /** Draws every chart and the report page from the results directory and prints each file written. */
    public static List<Path> drawCharts(WorkloadConfig config) {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
        Results results = Results.load(config.resultsDir);
        List<Path> written = new ArrayList<>(Charts.writeAll(results, config.plotsDir, null, config.timeline));
        written.addAll(FaultCharts.writeAll(config.resultsDir, results, config.plotsDir));
        written.add(ReportPage.write(config.resultsDir, config.plotsDir, config.timeline));
        for (Path chart : written) {
            System.out.println("wrote " + chart);
        }
        return written;
    }

    /**
     * Draws the charts and the report of a run that failed, when its results allow, so that the
     * page shows the failure; a failure to draw is added to the run's as suppressed.
     */
    private static void drawAfterFailure(WorkloadConfig config, Throwable failure) {
        if (!Files.isDirectory(config.resultsDir) || ResultFiles.summaries(config.resultsDir).isEmpty()) {
            return;
        }
        try {
            drawCharts(config);
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /** Runs the sweep on the given targets, stopping it if the JVM is asked to exit meanwhile. */
    public static List<Repetition> run(WorkloadConfig config, Target.Factory targets) throws Exception {
        Sweep sweep = new Sweep(config, targets);
        Thread hook = new Thread(sweep::abort, "workload-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return sweep.run();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // The JVM is exiting: the hook is running or has run.
            }
        }
    }

    public static Target inProcess(Locking locking) {
        CertainBookStore store = new CertainBookStore(locking);
        return Target.inProcess(locking, store, store);
    }
}
