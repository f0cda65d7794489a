/**
 * The load: what runs on the worker threads. The books of a run ({@code BookSetup}), the mix and
 * its interactions ({@code Mix}, {@code Interactions}, {@code RegisterInteractions}), closed- and
 * open-loop workers ({@code ClosedWorker}, {@code OpenWorker}) with the open loop's
 * {@code Schedule}, the coordinator's gate and phase ({@code RunControl}), and what each worker
 * measures ({@code WorkerLog}, {@code IntervalRecorder}, failures by cause through
 * {@code FailureClassifier}). Calls the store only through {@code interfaces}; knows nothing of
 * how its calls are recorded or checked, nor of the coordinator that drives it.
 *
 * <p>Uses: {@code business}, {@code interfaces}, {@code workload.results},
 * {@code workload.settings}, {@code workload.targets}.
 */
package com.acertainbookstore.workload.load;
