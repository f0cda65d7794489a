package com.acertainbookstore.workload.sampling;

import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.Point;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * One process's samples over a point: window by window, then folded into the point's figures.
 * A counter's use over a window is, for each pid seen in it, its last reading less its first; a
 * pid that was not there at the window's first instant started during the window (a restart),
 * so its counters count from zero; a pid read once only gives no figure (a span of no time). What
 * a process used between its last sample and its end is not seen. Not thread-safe: the sampler's thread owns it.
 */
final class ProcessTally {

    private static final double MIB = 1024.0 * 1024.0;

    private final String name;
    /** Every pid seen during the point, in order. */
    private final Set<Long> pids = new LinkedHashSet<>();
    private long samples;
    private long procSamples;
    private long jvmSamples;
    private long stoppedSamples;
    private long sampledNs;
    private double rssSum;
    private long rssPeak = -1;
    private final Use cpuNs = new Use();
    private final Use gcMs = new Use();
    private final Use jitMs = new Use();
    private final Use bytesIn = new Use();
    private final Use bytesOut = new Use();

    /** The open window's pids and the first instant's pid; empty between windows. */
    private final Map<Long, Track> tracks = new LinkedHashMap<>();
    private long firstPid = -1;
    private boolean firstInstant = true;

    ProcessTally(String name) {
        this.name = name;
    }

    /** A sum over pids that stays unknown (NaN) until one of them gave a known figure. */
    private static final class Use {
        private double total = Double.NaN;

        /**
         * Adds a pid's use: {@code last - first}, or {@code last} for a pid that started in the
         * window; unknown for a pid read once only (a span of no time says nothing).
         */
        void add(long last, long first, boolean fromZero, int readings) {
            if (last < 0 || (!fromZero && (first < 0 || readings < 2))) {
                return;
            }
            total = (Double.isNaN(total) ? 0 : total) + Math.max(0, last - (fromZero ? 0 : first));
        }
    }

    /** One pid's first and last readings in the open window. */
    private static final class Track {
        final boolean fromZero;
        ProcReading firstProc;
        ProcReading lastProc;
        int procReadings;
        JvmCounters firstJvm;
        JvmCounters lastJvm;
        int jvmReadings;

        Track(boolean fromZero) {
            this.fromZero = fromZero;
        }
    }

    /**
     * Records one instant of the open window: the process's pid then ({@code -1}: none running),
     * its {@code /proc} reading and its own counters (either {@code null} when not had).
     */
    void record(long pid, ProcReading proc, JvmCounters jvm) {
        samples++;
        if (firstInstant) {
            firstPid = pid;
            firstInstant = false;
        }
        if (proc != null) {
            procSamples++;
            rssSum += proc.rssBytes();
            rssPeak = Math.max(rssPeak, proc.rssBytes());
            if (proc.stopped()) {
                stoppedSamples++;
            }
        }
        if (jvm != null) {
            jvmSamples++;
        }
        if (pid <= 0 || (proc == null && jvm == null)) {
            return;
        }
        pids.add(pid);
        Track track = tracks.computeIfAbsent(pid, p -> new Track(p != firstPid));
        if (proc != null) {
            if (track.firstProc == null) {
                track.firstProc = proc;
            }
            track.lastProc = proc;
            track.procReadings++;
        }
        if (jvm != null) {
            if (track.firstJvm == null) {
                track.firstJvm = jvm;
            }
            track.lastJvm = jvm;
            track.jvmReadings++;
        }
    }

    /** Closes the open window, which ran {@code nanos} from its first sample to its last. */
    void endWindow(long nanos) {
        sampledNs += Math.max(0, nanos);
        for (Track track : tracks.values()) {
            if (track.lastProc != null) {
                cpuNs.add(track.lastProc.cpuNs(), track.firstProc.cpuNs(), track.fromZero, track.procReadings);
            }
            if (track.lastJvm != null) {
                int readings = track.jvmReadings;
                gcMs.add(track.lastJvm.gcTimeMs(), track.firstJvm.gcTimeMs(), track.fromZero, readings);
                jitMs.add(track.lastJvm.jitTimeMs(), track.firstJvm.jitTimeMs(), track.fromZero, readings);
                bytesIn.add(track.lastJvm.httpBytesIn(), track.firstJvm.httpBytesIn(), track.fromZero, readings);
                bytesOut.add(track.lastJvm.httpBytesOut(), track.firstJvm.httpBytesOut(), track.fromZero, readings);
            }
        }
        tracks.clear();
        firstPid = -1;
        firstInstant = true;
    }

    /** Whether any instant was sampled since the point began. */
    boolean sampled() {
        return samples > 0;
    }

    /** The point's row. */
    ProcessRow row(Point point) {
        double seconds = sampledNs / 1e9;
        double cpu = seconds > 0 && !Double.isNaN(cpuNs.total) ? 100.0 * cpuNs.total / sampledNs : Double.NaN;
        return new ProcessRow(point, name, pids.stream().map(String::valueOf).collect(Collectors.joining(" ")),
                seconds, samples, procSamples, jvmSamples, stoppedSamples, cpu,
                procSamples == 0 ? Double.NaN : rssSum / procSamples / MIB,
                rssPeak < 0 ? Double.NaN : rssPeak / MIB, gcMs.total, jitMs.total, bytesIn.total, bytesOut.total);
    }

    /** The rows of these tallies that were sampled, in order. */
    static List<ProcessRow> rows(List<ProcessTally> tallies, Point point) {
        List<ProcessRow> rows = new ArrayList<>();
        for (ProcessTally tally : tallies) {
            if (tally.sampled()) {
                rows.add(tally.row(point));
            }
        }
        return rows;
    }
}
