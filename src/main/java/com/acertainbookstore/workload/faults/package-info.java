/**
 * Timed faults in a replicated run ({@code workload.fault}): the plan parsed, or drawn from a seed
 * ({@link com.acertainbookstore.workload.faults.RandomSchedule}), and checked before the run
 * ({@link com.acertainbookstore.workload.faults.FaultPlan}), its injection into the forked
 * replicas during each measured window ({@link com.acertainbookstore.workload.faults.FaultInjector}),
 * and what the clients felt around each fault, per second
 * ({@link com.acertainbookstore.workload.faults.FaultReport}). The replicas are reached through
 * {@link com.acertainbookstore.cluster.FaultTarget}, which the fleet implements.
 *
 * <p>Uses: {@code cluster}, {@code workload.results}.
 */
package com.acertainbookstore.workload.faults;
