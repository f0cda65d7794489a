package com.acertainbookstore.workload.sampling;

import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ProcessRow;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Samples the JVMs of a run during each measured window, on a thread of its own so that the
 * coordinator never waits on a slow process: at the window's start, every sampling period after,
 * and at its end. At each instant, for each process: its {@code /proc} reading ({@link
 * ProcReading}) and, unless {@code /proc} shows it stopped, its own counters ({@link
 * SampledProcess#counters}); what cannot be had is left out and counted as missing, never made
 * up. Per point, {@link #pointDone} folds the windows of its repetitions into one row per process
 * ({@link ProcessTally} says how).
 *
 * <p>Concurrency: every sample and every tally lives on the sampler's one thread (a single-thread
 * scheduled executor): the public methods hand it tasks, and those that answer wait for theirs,
 * so nothing here is shared between threads and nothing needs a lock. Safe to call from any
 * thread; the coordinator calls it.
 */
public final class ProcessSampler implements AutoCloseable {

    /** The name of the sampler's thread. */
    public static final String THREAD_NAME = "process-sampler";
    /** How long a caller waits for the sampler's answer: far beyond a sample of every process. */
    private static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(60);
    /** A sample this close to the window's end is its last. */
    private static final long END_SLACK_NS = TimeUnit.MILLISECONDS.toNanos(1);

    private final List<SampledProcess> processes;
    private final long periodNs;
    private final ScheduledExecutorService thread;

    // Confined to the sampler's thread (see the class comment): read and written by its tasks only.
    /** The tallies of the point under way, one per process, in order. */
    private List<ProcessTally> tallies;
    /** Whether a window is open. */
    private boolean windowOpen;
    /** The open window's end ({@code nanoTime}; {@code Long.MAX_VALUE}: at {@link #endWindow}). */
    private long windowEnd;
    /** When the open window's first and latest instants were sampled; -1 before its first. */
    private long firstInstantNs = -1;
    private long lastInstantNs;
    /** The open window's next scheduled sample, or null. */
    private ScheduledFuture<?> next;

    /**
     * A sampler of these processes, sampling every {@code period} within a window.
     *
     * @throws IllegalArgumentException no process, two with one name, or a period not above 0
     */
    public ProcessSampler(List<SampledProcess> processes, Duration period) {
        if (processes.isEmpty()) {
            throw new IllegalArgumentException("no process to sample");
        }
        if (processes.stream().map(SampledProcess::name).distinct().count() != processes.size()) {
            throw new IllegalArgumentException("two sampled processes share a name: "
                    + processes.stream().map(SampledProcess::name).toList());
        }
        if (period.isZero() || period.isNegative()) {
            throw new IllegalArgumentException("sampling period (" + period + ") must be > 0");
        }
        this.processes = List.copyOf(processes);
        this.periodNs = period.toNanos();
        this.tallies = newTallies();
        this.thread = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread sampler = new Thread(task, THREAD_NAME);
            sampler.setDaemon(true);
            return sampler;
        });
    }

    /** The names of the processes sampled, in order. */
    public List<String> names() {
        return processes.stream().map(SampledProcess::name).toList();
    }

    /**
     * Opens a window: a sample at {@code startNs} ({@code System.nanoTime()}, now or later), one
     * every period after, and the last at {@code endNs}; {@code Long.MAX_VALUE} when the end is not
     * known, for {@link #endWindow} to take it. A window still open is ended first. Returns at once.
     */
    public void window(long startNs, long endNs) {
        if (endNs < startNs) {
            throw new IllegalArgumentException("window end " + endNs + " is before its start " + startNs);
        }
        thread.execute(() -> {
            closeWindow();
            windowOpen = true;
            windowEnd = endNs;
            firstInstantNs = -1;
            schedule(startNs);
        });
    }

    /**
     * Ends the open window, if any: when its last sample was not taken yet (the end was not known,
     * or the repetition stopped early), it is taken now. Waits for it.
     */
    public void endWindow() {
        answer(() -> {
            if (windowOpen) {
                if (next != null) {
                    next.cancel(false);
                }
                sampleNow();
                closeWindow();
            }
            return null;
        });
    }

    /**
     * The point's rows (one per process sampled during its windows; none when no window ran) and a
     * fresh start for the next point. An open window is ended first.
     */
    public List<ProcessRow> pointDone(Point point) {
        endWindow();
        return answer(() -> {
            List<ProcessRow> rows = ProcessTally.rows(tallies, point);
            tallies = newTallies();
            return rows;
        });
    }

    /** Stops the sampler's thread; a window still open is dropped. */
    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private List<ProcessTally> newTallies() {
        List<ProcessTally> fresh = new ArrayList<>();
        for (SampledProcess process : processes) {
            fresh.add(new ProcessTally(process.name()));
        }
        return fresh;
    }

    /** On the sampler's thread: the next sample at {@code atNs}. */
    private void schedule(long atNs) {
        next = thread.schedule(this::periodic, Math.max(0, atNs - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /** On the sampler's thread: a scheduled sample, then the next one, or the end of the window. */
    private void periodic() {
        if (!windowOpen) {
            return;
        }
        sampleNow();
        if (lastInstantNs >= windowEnd - END_SLACK_NS) {
            closeWindow();
            return;
        }
        long following = firstInstantNs + ((lastInstantNs - firstInstantNs) / periodNs + 1) * periodNs;
        schedule(Math.min(following, windowEnd));
    }

    /** On the sampler's thread: one instant of every process. */
    private void sampleNow() {
        for (int i = 0; i < processes.size(); i++) {
            SampledProcess process = processes.get(i);
            long pid = pidOf(process);
            ProcReading proc = ProcReading.of(pid);
            JvmCounters counters = pid <= 0 || (proc != null && proc.stopped()) ? null : countersOf(process);
            tallies.get(i).record(pid, proc, counters);
        }
        lastInstantNs = System.nanoTime();
        if (firstInstantNs < 0) {
            firstInstantNs = lastInstantNs;
        }
    }

    /** On the sampler's thread: closes the open window, if any, into the tallies. */
    private void closeWindow() {
        if (!windowOpen) {
            return;
        }
        windowOpen = false;
        if (next != null) {
            next.cancel(false);
            next = null;
        }
        long nanos = firstInstantNs < 0 ? 0 : lastInstantNs - firstInstantNs;
        for (ProcessTally tally : tallies) {
            tally.endWindow(nanos);
        }
    }

    /** A process's pid, or -1 when asking failed: a sampled process that cannot tell has no sample. */
    private static long pidOf(SampledProcess process) {
        try {
            return process.pid();
        } catch (RuntimeException e) {
            return -1;
        }
    }

    private static JvmCounters countersOf(SampledProcess process) {
        try {
            return process.counters();
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** Runs {@code task} on the sampler's thread and waits for its answer. */
    private <T> T answer(Callable<T> task) {
        try {
            return thread.submit(task).get(ANSWER_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the process sampler failed: " + e.getCause(), e.getCause());
        } catch (TimeoutException e) {
            throw new IllegalStateException("the process sampler did not answer within " + ANSWER_TIMEOUT.toSeconds()
                    + " s", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for the process sampler", e);
        }
    }
}
