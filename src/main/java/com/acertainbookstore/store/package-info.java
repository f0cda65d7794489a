/**
 * The lock-protected in-process store: {@link com.acertainbookstore.store.CertainBookStore}
 * (validate every argument, then apply under the locks its {@code LockPolicy} maps each call to),
 * its catalogue and book entries, and the spinning read-write lock. Implements the two faces of
 * {@code interfaces} over the values of {@code business}.
 *
 * <p>Uses: {@code business}, {@code interfaces}.
 */
package com.acertainbookstore.store;
