package com.acertainbookstore.workload.results;

import java.util.Objects;

/**
 * What one JVM of a run used during one point's measured windows, sampled while they ran: a row of
 * the processes file ({@link ProcessesFile}). Each figure is over the time sampled, every window
 * of the point's repetitions together; a figure no sample could give is NaN (never a made-up
 * zero), and the sample counts say how many instants gave each kind of figure. Immutable.
 *
 * @param point          the point
 * @param process        the JVM's name: {@code harness}, {@code server}, or a replica's id ({@code r0})
 * @param pids           the pids it ran under, in the order seen, space-separated (a replica restarted
 *                       during the point has two)
 * @param seconds        the time sampled: from each window's first sample to its last, summed
 * @param samples        instants sampled (each window's two ends and every sampling period between)
 * @param procSamples    of those, the instants its {@code /proc} entry could be read (not while it was
 *                       dead)
 * @param jvmSamples     the instants it answered with its own counters (not while it was dead, stopped or
 *                       starting)
 * @param stoppedSamples the instants it was stopped (SIGSTOP), when it was not asked for its counters
 * @param cpuPercent     CPU time used (user and system) over {@code seconds}, in % of one core
 * @param rssMeanMb      resident memory, mean of the samples, MiB
 * @param rssPeakMb      resident memory, the highest sample, MiB
 * @param gcMs           time in garbage collection during the windows, ms
 * @param jitMs          time its just-in-time compilers spent compiling during the windows, ms (their
 *                       compilations' elapsed times, summed over its compiler threads)
 * @param httpBytesIn    HTTP bytes it received during the windows
 * @param httpBytesOut   HTTP bytes it sent during the windows
 */
public record ProcessRow(Point point, String process, String pids, double seconds, long samples, long procSamples,
        long jvmSamples, long stoppedSamples, double cpuPercent, double rssMeanMb, double rssPeakMb, double gcMs,
        double jitMs, double httpBytesIn, double httpBytesOut) {

    public ProcessRow {
        Objects.requireNonNull(point, "point");
        Objects.requireNonNull(process, "process");
        Objects.requireNonNull(pids, "pids");
        if (process.contains("\n") || process.contains("\r")) {
            throw new IllegalArgumentException("process name '" + process.replace("\n", "\\n").replace("\r", "\\r")
                    + "' holds a line break: a row of the processes file is one line");
        }
    }

    /** The same row under another name and point (a merged results directory names each part's JVMs). */
    public ProcessRow as(Point newPoint, String newProcess) {
        return new ProcessRow(newPoint, newProcess, pids, seconds, samples, procSamples, jvmSamples, stoppedSamples,
                cpuPercent, rssMeanMb, rssPeakMb, gcMs, jitMs, httpBytesIn, httpBytesOut);
    }
}
