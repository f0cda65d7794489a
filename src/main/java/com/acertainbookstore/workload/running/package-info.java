/**
 * Runs the workload: targets (in-process store, HTTP proxies, a forked server), the interaction
 * mix, workers, one repetition of a point, the sweep, the audit and the console output. Calls the
 * store only through {@code interfaces} (plus {@code business} values); reaches the HTTP server
 * only by forking its public {@code main} and through the {@code client} proxies.
 */
package com.acertainbookstore.workload.running;
