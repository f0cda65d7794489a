package com.acertainbookstore.workload.targets;

/** One call of the server's {@code GET /health}; implementations are safe to share between threads. */
@FunctionalInterface
public interface HealthProbe {

    /** Calls {@code /health}; throws when it does not answer 200. */
    void check() throws Exception;
}
