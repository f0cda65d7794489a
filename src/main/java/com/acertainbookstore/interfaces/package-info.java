/**
 * The two faces of the store: {@link com.acertainbookstore.interfaces.BookStore} for customers and
 * {@link com.acertainbookstore.interfaces.StockManager} for the stock manager. Depends only on the
 * value types and the exception of {@code business}.
 */
package com.acertainbookstore.interfaces;
