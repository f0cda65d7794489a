/**
 * Client proxies that implement {@code BookStore} and {@code StockManager} by calling a
 * {@code BookStoreHTTPServer} or the replicas of a replicated bookstore: the HTTP/1.1 transport
 * per server (pooled keep-alive connections on which the calling thread does its own blocking
 * I/O), request ids, and failover over a list of replicas. Shares the protocol with the server
 * through {@code wire} only.
 *
 * <p>Uses: {@code business}, {@code interfaces}, {@code protocol}, {@code tls}, {@code wire}.
 */
package com.acertainbookstore.client;
