/**
 * The store over HTTP: {@link com.acertainbookstore.server.BookStoreHTTPServer} (embeddable and
 * standalone), its validated settings and its blocking Jetty handler. Depends on {@code wire},
 * {@code business} and {@code interfaces}; never on {@code client} or {@code workload}.
 */
package com.acertainbookstore.server;
