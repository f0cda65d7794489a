/**
 * The store a series runs against ({@code Target}): the in-process store, the HTTP proxies to a
 * running or forked server ({@code HttpTarget}, {@code ServerProcess}) and the forked replicas
 * ({@code ReplicatedTarget}); how to watch the process that hosts it ({@code ProcessSample}, the
 * {@code /health} probe), the JVMs of a run as the process sampler sees them ({@code HarnessProcess},
 * {@code ServerJvmProcess}), and list every copy of it for the audit ({@code Listing}). Knows nothing
 * of the load put on the store or of the checks made after it.
 *
 * <p>Uses: {@code business}, {@code client}, {@code cluster}, {@code interfaces}, {@code protocol},
 * {@code replica}, {@code replication}, {@code server}, {@code tls}, {@code workload.faults}, {@code workload.results},
 * {@code workload.sampling}, {@code workload.settings}.
 */
package com.acertainbookstore.workload.targets;
