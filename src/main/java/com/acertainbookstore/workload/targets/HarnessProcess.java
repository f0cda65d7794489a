package com.acertainbookstore.workload.targets;

import com.acertainbookstore.client.ClientTraffic;
import com.acertainbookstore.workload.sampling.JvmCounters;
import com.acertainbookstore.workload.sampling.SampledProcess;
import java.lang.management.CompilationMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * This JVM, the harness, as the process sampler sees it: its own pid, its garbage collectors'
 * time (its MXBeans) and the HTTP bytes of its client proxies ({@link ClientTraffic}); in process,
 * the store runs here too. Stateless, safe to share.
 */
final class HarnessProcess implements SampledProcess {

    /** The harness's name in the results. */
    static final String NAME = "harness";
    static final HarnessProcess INSTANCE = new HarnessProcess();

    private HarnessProcess() {
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public long pid() {
        return ProcessHandle.current().pid();
    }

    @Override
    public JvmCounters counters() {
        long gcTime = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            gcTime += Math.max(0, gc.getCollectionTime());
        }
        CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
        long jitTime = compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime() : -1;
        return new JvmCounters(gcTime, jitTime, ClientTraffic.bytesReceived(), ClientTraffic.bytesSent());
    }
}
