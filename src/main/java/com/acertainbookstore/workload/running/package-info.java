/**
 * Runs the workload: targets (in-process store, HTTP proxies, a forked server, forked replicas),
 * the interaction mix, workers, one repetition of a point, the sweep, the audit and the console
 * output. Calls the store only through {@code interfaces} (plus {@code business} values and
 * exceptions); reaches the HTTP server only by forking its public {@code main}
 * ({@code cluster.ChildJvm}), the replicas only through {@code cluster.ReplicaFleet}, and both
 * through the {@code client} proxies, taking from {@code wire} only the {@code /metrics} keys and
 * the bearer token. Reads {@code workload.settings} and writes through {@code workload.results};
 * never depends on {@code server} or {@code report}.
 */
package com.acertainbookstore.workload.running;
