/**
 * The results model: typed records of what a run measured ({@code Repetition} per repetition,
 * {@code PointSummary} per point, {@code Interval} per interval, the history check's
 * {@code CheckOutcome} beside the audit's), the one column schema that the
 * CSV writer and the chart reader share ({@code RunColumns}, {@code IntervalColumns},
 * {@code SummaryFile}), structured failure causes, and the files a run writes, HdrHistogram
 * interval logs and the record of what ran ({@code RunRecord}) included, and the merge of several
 * load machines' results into one ({@code ResultsMerge}). No threads, no I/O but its files.
 *
 * <p>Uses: {@code business}, {@code history}.
 */
package com.acertainbookstore.workload.results;
