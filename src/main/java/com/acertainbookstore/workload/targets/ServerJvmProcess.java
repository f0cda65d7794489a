package com.acertainbookstore.workload.targets;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.workload.sampling.JvmCounters;
import com.acertainbookstore.workload.sampling.SampledProcess;
import java.time.Duration;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A server JVM this harness forked (the single server, or a replica), as the process sampler sees
 * it: the pid of its current process, and its counters from its {@code /metrics} ({@link
 * Metric#GC_TIME_MS}, {@link Metric#HTTP_BYTES_IN}, {@link Metric#HTTP_BYTES_OUT}), asked through a
 * proxy of its own with a short deadline, so that a process that does not answer costs the
 * sampler one deadline and no more. Not thread-safe: the sampler's thread calls it;
 * {@link #close()} closes its proxy.
 */
final class ServerJvmProcess implements SampledProcess, AutoCloseable {

    /** Each {@code /metrics} call's deadline. */
    static final Duration METRICS_TIMEOUT = Duration.ofSeconds(1);

    private final String name;
    private final LongSupplier pid;
    private final BookStoreHTTPProxy metrics;

    /**
     * @param pid     the pid of its process now, or -1 when none runs
     * @param metrics a proxy of this server alone (with the token {@code /metrics} needs), owned from now on
     */
    ServerJvmProcess(String name, LongSupplier pid, BookStoreHTTPProxy metrics) {
        this.name = name;
        this.pid = pid;
        this.metrics = metrics;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public long pid() {
        return pid.getAsLong();
    }

    /** Its {@code /metrics} counters, or null when it does not answer 200 within the deadline. */
    @Override
    public JvmCounters counters() {
        Map<Metric, Long> figures;
        try {
            figures = metrics.serverMetrics();
        } catch (BookStoreException e) {
            return null;
        }
        return new JvmCounters(figures.getOrDefault(Metric.GC_TIME_MS, -1L),
                figures.getOrDefault(Metric.JIT_TIME_MS, -1L),
                figures.getOrDefault(Metric.HTTP_BYTES_IN, -1L), figures.getOrDefault(Metric.HTTP_BYTES_OUT, -1L));
    }

    @Override
    public void close() {
        metrics.close();
    }
}
