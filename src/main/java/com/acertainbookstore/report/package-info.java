/**
 * Turns the workload harness's summary files ({@code <mode>-summary.csv}) into JFreeChart PNGs
 * under {@code plots/}; the entry point is {@link com.acertainbookstore.report.Charts}. Depends on
 * the results files only: no threads, no HTTP, nothing from {@code workload}, {@code server} or
 * {@code client}.
 */
package com.acertainbookstore.report;
