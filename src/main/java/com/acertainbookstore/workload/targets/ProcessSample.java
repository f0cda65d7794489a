package com.acertainbookstore.workload.targets;

import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.workload.results.Resources;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.List;
import java.util.Map;

/**
 * Resource counters of the process under test at one instant. Immutable and safe to share.
 *
 * @param cpuTimeNs     CPU time the process has used since it started
 * @param gcCount       garbage collections so far (all collectors)
 * @param gcTimeMs      time spent in them so far
 * @param heapUsedBytes heap in use now
 * @param threads       live threads now
 * @param processors    processors available to the process
 * @param takenAtNs     when the sample was taken ({@code System.nanoTime()} of this JVM)
 */
public record ProcessSample(long cpuTimeNs, long gcCount, long gcTimeMs, long heapUsedBytes,
        long threads, int processors, long takenAtNs) {

    /** This JVM, through its MXBeans. */
    public static ProcessSample ofThisJvm() {
        long count = 0;
        long time = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            count += Math.max(0, gc.getCollectionCount());
            time += Math.max(0, gc.getCollectionTime());
        }
        long cpu = ManagementFactory.getOperatingSystemMXBean()
                instanceof com.sun.management.OperatingSystemMXBean os ? os.getProcessCpuTime() : -1;
        return new ProcessSample(cpu, count, time,
                ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed(),
                ManagementFactory.getThreadMXBean().getThreadCount(),
                Runtime.getRuntime().availableProcessors(), System.nanoTime());
    }

    /** A server's {@code /metrics} map (keys as the HTTP server defines them). */
    public static ProcessSample ofServerMetrics(Map<Metric, Long> metrics) {
        return new ProcessSample(value(metrics, Metric.PROCESS_CPU_TIME_NS), value(metrics, Metric.GC_COUNT),
                value(metrics, Metric.GC_TIME_MS), value(metrics, Metric.HEAP_USED_BYTES),
                value(metrics, Metric.THREADS), (int) value(metrics, Metric.AVAILABLE_PROCESSORS), System.nanoTime());
    }

    /**
     * Several processes together (the replicas of a group on this machine): counters, heap and
     * threads summed, so the CPU figure is their share of all processors together; the
     * processors of the first, taken at the latest instant. A counter unknown in one (negative)
     * is unknown in the sum.
     */
    public static ProcessSample sum(List<ProcessSample> samples) {
        if (samples.isEmpty()) {
            throw new IllegalArgumentException("no samples to sum");
        }
        long cpu = 0;
        long gcCount = 0;
        long gcTime = 0;
        long heap = 0;
        long threads = 0;
        long taken = Long.MIN_VALUE;
        for (ProcessSample sample : samples) {
            cpu = cpu < 0 || sample.cpuTimeNs < 0 ? -1 : cpu + sample.cpuTimeNs;
            gcCount += sample.gcCount;
            gcTime += sample.gcTimeMs;
            heap += sample.heapUsedBytes;
            threads += sample.threads;
            taken = Math.max(taken, sample.takenAtNs);
        }
        return new ProcessSample(cpu, gcCount, gcTime, heap, threads, samples.get(0).processors, taken);
    }

    private static long value(Map<Metric, Long> metrics, Metric metric) {
        Long value = metrics.get(metric);
        if (value == null) {
            throw new IllegalStateException("server metrics lack " + metric.key() + " (got " + metrics.keySet() + ")");
        }
        return value;
    }

    /** CPU used between {@code before} and this sample, in % of all processors; NaN if unknown. */
    public double cpuPercentSince(ProcessSample before) {
        long wall = takenAtNs - before.takenAtNs;
        if (cpuTimeNs < 0 || before.cpuTimeNs < 0 || wall <= 0 || processors <= 0) {
            return Double.NaN;
        }
        return 100.0 * (cpuTimeNs - before.cpuTimeNs) / ((double) wall * processors);
    }

    /** What the process used between {@code before} and this sample, for the results. */
    public Resources since(ProcessSample before) {
        return new Resources(cpuPercentSince(before), gcCount - before.gcCount, gcTimeMs - before.gcTimeMs,
                heapUsedBytes / (1024.0 * 1024.0), threads);
    }
}
