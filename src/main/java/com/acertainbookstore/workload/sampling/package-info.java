/**
 * Samples the JVMs of a run while it measures: the harness itself, the server it forked or each
 * replica ({@code SampledProcess}, implemented by {@code workload.targets}). Once a sampling period
 * and at each measured window's two ends, {@code ProcessSampler} reads each process's CPU time,
 * state and resident memory from {@code /proc} ({@code ProcReading}, from outside the process, so
 * a paused one is read too) and asks the process for its own counters ({@code JvmCounters}: GC
 * time, HTTP bytes) unless it is stopped; per point it folds the windows into one
 * {@code workload.results.ProcessRow} per process. Knows nothing of targets, HTTP or the load.
 *
 * <p>Uses: {@code workload.results}.
 */
package com.acertainbookstore.workload.sampling;
