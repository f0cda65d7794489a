/**
 * Client proxies that implement {@code BookStore} and {@code StockManager} by calling a
 * {@code BookStoreHTTPServer}, and the one HTTP transport they share. Depends on {@code wire},
 * {@code interfaces} and the {@code business} values; never on {@code server}.
 */
package com.acertainbookstore.client;
