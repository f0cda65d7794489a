/**
 * The store over HTTP: {@link com.acertainbookstore.server.BookStoreHTTPServer} (embeddable and
 * standalone), its validated settings and its non-blocking Jetty handler (the protocol it serves
 * is {@code docs/protocol.md}). Depends on {@code wire},
 * {@code business} and {@code interfaces}; never on {@code client} or {@code workload}.
 */
package com.acertainbookstore.server;
