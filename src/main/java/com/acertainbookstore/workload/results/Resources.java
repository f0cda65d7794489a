package com.acertainbookstore.workload.results;

/**
 * What the process under test used during a window (in-process: the harness's JVM; over HTTP:
 * the server's). Immutable and safe to share.
 *
 * @param cpuPercent     CPU time used, in % of all its processors; NaN when unknown
 * @param gcCount        garbage collections during the window
 * @param gcTimeMs       time spent in them
 * @param heapUsedMb     heap in use at the end, MiB
 * @param processThreads live threads at the end
 */
public record Resources(double cpuPercent, long gcCount, long gcTimeMs, double heapUsedMb, long processThreads) {
}
