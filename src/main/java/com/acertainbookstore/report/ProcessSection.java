package com.acertainbookstore.report;

import com.acertainbookstore.workload.results.Point;
import com.acertainbookstore.workload.results.ProcessRow;
import com.acertainbookstore.workload.results.ProcessesFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The report's "Processes" section, from the results directory's processes files: per point, a
 * table of what each JVM of the run (the harness, the forked server or each replica) used during
 * the point's measured windows, with what its samples could not tell said in words; a line saying
 * it was not recorded for a directory without such a file. Cells are plain text (the page escapes
 * them, process names included). Stateless, safe to share.
 */
final class ProcessSection {

    /** Where each figure comes from, under the section's title. */
    static final String SOURCES = "Sampled during each point's measured windows, at their two ends and every"
            + " workload.sampleSeconds between, every repetition together. CPU: user and system time from"
            + " /proc/<pid>/stat, in % of one core over the time sampled (200 % is two cores busy). Memory: resident"
            + " set (VmRSS of /proc/<pid>/status), mean and highest sample. GC: time in garbage collection, from the"
            + " JVM's own GarbageCollectorMXBeans (a server's through its /metrics). JIT: time the JVM's just-in-time"
            + " compilers spent compiling, from its CompilationMXBean (elapsed time summed over its compiler threads;"
            + " on a busy machine it counts time a compiler waited for a core). HTTP bytes: the HTTP/1.1 requests"
            + " and answers the JVM received and sent (a server's on its connectors, the harness's through its client"
            + " proxies), before TLS; the Raft traffic between replicas is not counted. A stopped (paused) or dead"
            + " process gives no figure at that instant, and its row says so.";

    private static final List<String> HEADER = List.of("process", "pids", "CPU (% of a core)", "memory mean",
            "memory peak", "GC", "JIT", "HTTP in", "HTTP out", "sampled", "not sampled");

    private ProcessSection() {
    }

    /** Writes the section: a table per point, or the line saying the processes were not recorded. */
    static void write(Html html, Path resultsDir) {
        html.element("h2", null, "Processes");
        List<ProcessRow> rows = ProcessesFile.readAll(resultsDir);
        if (rows.isEmpty()) {
            html.element("p", "missing", "Not recorded: this results directory has no *" + ProcessesFile.SUFFIX
                    + " (written by runs that sample their JVMs, workload.sampleSeconds above 0), so what each JVM"
                    + " used is unknown.");
            return;
        }
        html.paragraph(SOURCES).raw("<div class=\"group\"><div class=\"tables\">\n");
        for (Point point : rows.stream().map(ProcessRow::point).distinct().toList()) {
            List<List<String>> cells = new ArrayList<>();
            for (ProcessRow row : rows) {
                if (row.point().equals(point)) {
                    cells.add(cells(row));
                }
            }
            html.table("Processes: " + point.describe(), HEADER, cells);
        }
        html.raw("</div></div>\n");
    }

    /** One JVM's cells, as {@link #HEADER} orders them. */
    static List<String> cells(ProcessRow row) {
        return List.of(row.process(), row.pids().isEmpty() ? ReportTables.NONE : row.pids(),
                figure(row.cpuPercent(), "%.1f %%"), mib(row.rssMeanMb()), mib(row.rssPeakMb()),
                figure(row.gcMs(), "%.0f ms"), figure(row.jitMs(), "%.0f ms"), bytes(row.httpBytesIn()),
                bytes(row.httpBytesOut()),
                String.format(Locale.ROOT, "%d samples over %.1f s", row.samples(), row.seconds()), missing(row));
    }

    /** What the samples could not tell, in words: the instants it was not running, stopped, or silent. */
    static String missing(ProcessRow row) {
        List<String> gaps = new ArrayList<>();
        long notRead = row.samples() - row.procSamples();
        long silent = row.samples() - row.jvmSamples() - row.stoppedSamples() - notRead;
        if (notRead > 0) {
            gaps.add("not running (or no /proc) at " + notRead + ": no figure then");
        }
        if (row.stoppedSamples() > 0) {
            gaps.add("stopped at " + row.stoppedSamples() + ": no GC, JIT or HTTP figure then");
        }
        if (silent > 0) {
            gaps.add("did not answer at " + silent + ": no GC, JIT or HTTP figure then");
        }
        return gaps.isEmpty() ? "none" : String.join("; ", gaps);
    }

    private static String figure(double value, String format) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, format, value) : "not sampled";
    }

    private static String mib(double mib) {
        return figure(mib, "%.0f MiB");
    }

    private static String bytes(double bytes) {
        if (!Double.isFinite(bytes)) {
            return "not sampled";
        }
        if (bytes < 1024) {
            return String.format(Locale.ROOT, "%.0f B", bytes);
        }
        return bytes < 1024 * 1024 ? String.format(Locale.ROOT, "%.1f KiB", bytes / 1024)
                : String.format(Locale.ROOT, "%.1f MiB", bytes / (1024 * 1024));
    }
}
