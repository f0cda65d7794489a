/**
 * Runs the workload: the sweep of one mode and load ({@code Sweep}), the open loop's plan of rates
 * ({@code OpenPlan}), one repetition of a point ({@code PointRunner}) unfolding in time as a closed
 * or open loop ({@code Timeline}: warm-up, window, drain, the live line), the merge of the workers'
 * logs into results ({@code RepetitionMerge}) and the console output ({@code Progress}: the live
 * line through {@code Console}, in place on a terminal, with the run's time left from {@code Eta}).
 * Opens its targets through {@code workload.targets}, puts the load of {@code workload.load} on
 * them, checks each repetition with {@code workload.checking}, injects the faults of
 * {@code workload.faults} and writes through {@code workload.results}; with
 * {@code workload.sampleSeconds}, samples the target's JVMs in each measured window
 * ({@code workload.sampling}).
 *
 * <p>Uses: {@code business}, {@code history}, {@code workload.checking}, {@code workload.faults},
 * {@code workload.load}, {@code workload.results}, {@code workload.sampling},
 * {@code workload.settings}, {@code workload.targets}.
 */
package com.acertainbookstore.workload.running;
