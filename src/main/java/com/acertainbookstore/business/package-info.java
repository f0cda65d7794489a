/**
 * The bookstore's values ({@link com.acertainbookstore.business.Book} and friends), its checked
 * {@link com.acertainbookstore.business.BookStoreException}, and the lock-protected
 * {@link com.acertainbookstore.store.CertainBookStore}. Depends on nothing else in the project
 * except the two interfaces it implements.
 */
package com.acertainbookstore.business;
