/**
 * The workload harness: settings, the interaction mix, workers, the sweep over thread counts, the
 * audit and the result files. Calls the store only through {@code interfaces} (plus
 * {@code business} values); reaches the HTTP server only by forking its public {@code main} and
 * through the {@code client} proxies.
 */
package com.acertainbookstore.workload;
