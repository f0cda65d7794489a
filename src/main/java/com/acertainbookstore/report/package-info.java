/**
 * Turns the workload harness's results into JFreeChart PNGs ({@link com.acertainbookstore.report.Charts})
 * and self-contained HTML pages: one per run ({@link com.acertainbookstore.report.ReportPage}) and one
 * comparing two runs ({@link com.acertainbookstore.report.ComparePage}).
 * Reads the result files through the results model ({@code workload.results}: its records,
 * columns and readers) and a failed history check's saved window through {@code history}, which
 * draws it: no threads, no HTTP.
 *
 * <p>Uses: {@code business}, {@code history}, {@code workload.results}.
 */
package com.acertainbookstore.report;
