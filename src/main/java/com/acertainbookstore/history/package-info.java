/**
 * Recorded histories of store calls and the linearizability checker over them: the history's
 * values and its JSON Lines file, the sequential models (the store's and the register's, both
 * refusing by the store's own {@code business.StoreRules}), the Wing-Gong-Lowe search generic over
 * a model, and the report of a violation: its text, its window saved for drawing later and its
 * picture (SVG text); the files are read and written with Jackson's streaming API. Nothing here
 * knows about threads, HTTP or the harness.
 *
 * <p>Uses: {@code business}, {@code protocol}.
 */
package com.acertainbookstore.history;
