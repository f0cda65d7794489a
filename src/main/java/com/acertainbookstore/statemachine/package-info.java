/**
 * The replicated state: the Ratis state machine over a {@link
 * com.acertainbookstore.store.CertainBookStore} ({@link
 * com.acertainbookstore.statemachine.BookStoreStateMachine}: apply, query, snapshot, with the
 * determinism argument in its class comment), the commands it applies and the outcomes it
 * returns, its binary formats (log entries, queries and their arguments, over one field reader and
 * writer), its exactly-once table of client request ids, and its snapshot files. What a replica
 * applies depends only on what is here: no HTTP, no batching, no client.
 *
 * <p>Which is which: {@code statemachine} is the state every replica holds alike;
 * {@code replication} is the request path that feeds it (batching, reads, forwarding, the Ratis
 * server it runs in) and depends on this package, never the other way; {@code replica} is one
 * replica as a process; {@code cluster} starts and manages many replica processes.
 *
 * <p>Uses: {@code business}, {@code protocol}, {@code store}, {@code wire}.
 */
package com.acertainbookstore.statemachine;
