/**
 * Turns the workload harness's results into JFreeChart PNGs; the entry point is
 * {@link com.acertainbookstore.report.Charts}. Reads the result files through the results model
 * ({@code workload.results}: its records, columns and readers) and depends on nothing else of the
 * project: no threads, no HTTP, nothing from {@code workload.running}, {@code server} or
 * {@code client}.
 */
package com.acertainbookstore.report;
