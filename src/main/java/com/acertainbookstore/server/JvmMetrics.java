package com.acertainbookstore.server;

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
        return "process_cpu_time_ns=" + cpu + "\n"
                + "gc_count=" + gcCount + "\n"
                + "gc_time_ms=" + gcTime + "\n"
                + "heap_used_bytes=" + ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() + "\n"
                + "threads=" + ManagementFactory.getThreadMXBean().getThreadCount() + "\n"
                + "uptime_ms=" + ManagementFactory.getRuntimeMXBean().getUptime() + "\n"
                + "available_processors=" + Runtime.getRuntime().availableProcessors() + "\n";
    }
}
