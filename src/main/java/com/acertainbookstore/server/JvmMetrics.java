package com.acertainbookstore.server;

import com.acertainbookstore.protocol.Metric;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/**
 * The server JVM's figures answered by {@code GET /metrics}: {@code key=value} lines of integers.
 * Stateless; safe to call from any thread.
 */
final class JvmMetrics {

    private JvmMetrics() {
    }

    /**
     * Time this JVM's just-in-time compilers spent compiling since it started, ms; -1 where the JVM
     * has no compiler or does not keep the time.
     */
    static long compilationTimeMs() {
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime() : -1;
    }

    static String text() {
        long gcCount = 0;
        long gcTime = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcCount += Math.max(0, gc.getCollectionCount());
            gcTime += Math.max(0, gc.getCollectionTime());
        }
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        long cpu = os instanceof com.sun.management.OperatingSystemMXBean
                ? ((com.sun.management.OperatingSystemMXBean) os).getProcessCpuTime() : -1;
        return Metric.PROCESS_CPU_TIME_NS.line(cpu)
                + Metric.GC_COUNT.line(gcCount)
                + Metric.GC_TIME_MS.line(gcTime)
                + Metric.JIT_TIME_MS.line(compilationTimeMs())
                + Metric.HEAP_USED_BYTES.line(ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed())
                + Metric.THREADS.line(ManagementFactory.getThreadMXBean().getThreadCount())
                + Metric.UPTIME_MS.line(ManagementFactory.getRuntimeMXBean().getUptime())
                + Metric.AVAILABLE_PROCESSORS.line(Runtime.getRuntime().availableProcessors());
    }
}
