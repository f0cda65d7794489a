/**
 * The bookstore's values ({@link com.acertainbookstore.business.Book} and friends, immutable),
 * its checked {@link com.acertainbookstore.business.BookStoreException} and
 * {@link com.acertainbookstore.business.OutcomeUnknownException}, and the store's locking modes
 * ({@link com.acertainbookstore.business.Locking}). The store itself is in {@code store}.
 *
 * <p>Uses: nothing else in the project.
 */
package com.acertainbookstore.business;
