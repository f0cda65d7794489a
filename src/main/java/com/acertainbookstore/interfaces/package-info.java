/**
 * The two faces of the store: {@link com.acertainbookstore.interfaces.BookStore} for customers and
 * {@link com.acertainbookstore.interfaces.StockManager} for the stock manager, over the values and
 * exceptions of {@code business}.
 *
 * <p>Uses: {@code business}.
 */
package com.acertainbookstore.interfaces;
