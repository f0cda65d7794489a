/**
 * The checks of a repetition: the audit of the copies ({@code Audit}) and of the replicas against
 * each other ({@code ReplicaComparison}), the recording of every call into a history
 * ({@code RecordingStore}, {@code CallLog}, {@code OutcomeClassifier}, {@code HistoryCapture}) and
 * its linearizability check ({@code HistoryRun}, through {@code history}), and the exceptions
 * that fail a run ({@code AuditFailedException}, {@code CheckFailedException}). Observes the load
 * (the books of the run, the store it calls) without driving it.
 *
 * <p>Uses: {@code business}, {@code client}, {@code history}, {@code interfaces}, {@code protocol},
 * {@code workload.load}, {@code workload.results}, {@code workload.settings},
 * {@code workload.targets}.
 */
package com.acertainbookstore.workload.checking;
