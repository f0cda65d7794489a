/**
 * The harness's settings: every {@code workload.*} key with its default ({@code Setting}), parsed
 * and checked into one immutable {@code WorkloadConfig}. Settings are values and their rules; the
 * machine is not asked here (whether it can make network partitions is the run's question,
 * {@code WorkloadMain}). The values that other packages define are parsed by their own rules: the
 * fault plan and random schedule ({@code workload.faults}), the replicas' read mode
 * ({@code replication.ReadMode}), the bearer token ({@code wire}), the results model's modes,
 * loads and output folders ({@code workload.results}) and the locking modes ({@code business}).
 *
 * <p>Uses: {@code business}, {@code cluster}, {@code protocol}, {@code replication}, {@code workload.faults},
 * {@code workload.results}.
 */
package com.acertainbookstore.workload.settings;
