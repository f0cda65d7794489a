/**
 * Client proxies that implement {@code BookStore} and {@code StockManager} by calling a
 * {@code BookStoreHTTPServer}, and the one HTTP/1.1 transport they share (pooled keep-alive
 * connections on which the calling thread does its own blocking I/O). Depends on {@code wire},
 * {@code interfaces} and the {@code business} values and exceptions; never on {@code server}.
 */
package com.acertainbookstore.client;
