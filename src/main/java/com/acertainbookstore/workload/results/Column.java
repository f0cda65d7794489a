package com.acertainbookstore.workload.results;

/**
 * One column of a results file, defined once: its header name, and how a row of type {@code R}
 * gives its cell. The writer and the chart reader both use the same constants
 * ({@link RunColumns}, {@link IntervalColumns}). Implementations are immutable and safe to share.
 *
 * @param <R> the row type
 */
public sealed interface Column<R> permits NumberColumn, TextColumn {

    /** The header name, with its unit where it has one ({@code latency_p99_us}). */
    String name();

    /** The cell of {@code row} in the file's form. */
    String cell(R row);
}
