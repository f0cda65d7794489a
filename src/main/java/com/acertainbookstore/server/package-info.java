/**
 * The store over HTTP: {@link com.acertainbookstore.server.BookStoreHTTPServer} (embeddable and
 * standalone, serving a {@code store.CertainBookStore} or another {@code StoreService}), its
 * validated settings and its non-blocking Jetty handler (the protocol it serves is
 * {@code docs/protocol.md}).
 *
 * <p>Uses: {@code business}, {@code interfaces}, {@code protocol}, {@code store}, {@code tls}, {@code wire}.
 */
package com.acertainbookstore.server;
