/**
 * The bookstore's values ({@link com.acertainbookstore.business.Book} and friends, immutable),
 * its checked {@link com.acertainbookstore.business.BookStoreException} and
 * {@link com.acertainbookstore.business.OutcomeUnknownException}, the store's locking modes
 * ({@link com.acertainbookstore.business.Locking}) and its rules on values
 * ({@link com.acertainbookstore.business.StoreRules}: what it refuses, shared with the history
 * checker's models). The store itself is in {@code store}.
 *
 * <p>Uses: nothing else in the project.
 */
package com.acertainbookstore.business;
