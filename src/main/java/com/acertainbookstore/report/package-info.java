/**
 * Turns the workload harness's results into JFreeChart PNGs; the entry point is
 * {@link com.acertainbookstore.report.Charts}. Reads the result files through the results model
 * ({@code workload.results}: its records, columns and readers): no threads, no HTTP.
 *
 * <p>Uses: {@code business}, {@code workload.results}.
 */
package com.acertainbookstore.report;
