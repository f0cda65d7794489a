/**
 * The one entry point of the packaged artifact ({@code java -jar certainbookstore.jar <role>}):
 * picks the role (server, replica, cluster, certs, workload), turns {@code --key=value} arguments into
 * the settings each role reads, and answers {@code --help} with the role's settings. Nothing in
 * the project depends on it.
 *
 * <p>Uses: {@code cluster}, {@code replica}, {@code server}, {@code tls}, {@code workload},
 * {@code workload.settings}.
 */
package com.acertainbookstore.launch;
