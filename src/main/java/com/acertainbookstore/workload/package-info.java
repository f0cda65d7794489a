/**
 * The workload harness's entry point ({@code WorkloadMain}, run by {@code mvn exec:java}): reads
 * the settings ({@code workload.settings}), checks them against this machine before any load
 * (whether it can make the network partitions the faults ask for: {@code cluster}), runs the sweep
 * ({@code workload.running}) against an in-process {@code store.CertainBookStore} or the HTTP
 * targets of {@code workload.targets}, records what ran, and draws the charts and the report page
 * ({@code report}); or only compares two results directories or merges several.
 *
 * <p>Uses: {@code business}, {@code cluster}, {@code report}, {@code store},
 * {@code workload.results}, {@code workload.running}, {@code workload.settings},
 * {@code workload.targets}.
 */
package com.acertainbookstore.workload;
