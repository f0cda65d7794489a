/**
 * Recorded histories of store calls and the linearizability checker over them: the history's
 * values and its JSON Lines file, the sequential model of the store, the Wing-Gong-Lowe search,
 * and the report (text and picture, Java2D) of a violation; the file is read and written with
 * Jackson's streaming API. Nothing here knows about threads, HTTP or the harness.
 *
 * <p>Uses: {@code business}.
 */
package com.acertainbookstore.history;
