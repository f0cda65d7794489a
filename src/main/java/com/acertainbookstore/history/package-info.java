/**
 * Recorded histories of store calls and the linearizability checker over them: the history's
 * values and its JSON Lines file, the sequential model of the store, the Wing-Gong-Lowe search,
 * and the report (text and picture) of a violation. Depends on {@code business} values only (and
 * Java2D for the picture, Jackson's streaming API for the file): nothing here knows about threads,
 * HTTP or the harness.
 */
package com.acertainbookstore.history;
