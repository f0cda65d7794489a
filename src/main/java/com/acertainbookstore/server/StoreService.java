package com.acertainbookstore.server;

import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.WireRequest;
import java.util.concurrent.CompletableFuture;

/**
 * A store that answers asynchronously, such as a replicated one committing through consensus:
 * what {@link BookStoreHTTPServer#start(StoreService, ServerSettings, boolean)} serves besides the
 * local {@code CertainBookStore}. Implementations must be safe for any number of Jetty threads at
 * once, and must never block the calling thread: {@link #call} returns at once and completes its
 * future later, from any thread, always (a deadline is the implementation's to keep).
 */
public interface StoreService {

    /**
     * Starts one call and answers when it is decided.
     *
     * @param operation the operation, its argument already checked ({@link Operation#checkArgument})
     * @param request the decoded argument
     * @param id the request id for a mutating call (the caller's header, or a fresh one when the
     *     call came without), {@code null} for a read
     * @return a future completed with the answer; never completed exceptionally
     */
    CompletableFuture<StoreAnswer> call(Operation operation, WireRequest request, RequestId id);

    /**
     * The leader's HTTP base URL as this service knows it now, or {@code null} when it knows none:
     * sent as the {@code Bookstore-Leader} header on every answer.
     */
    String leaderUrl();

    /** The body of {@code GET /health}, beginning with the line {@code ok}. */
    String health();

    /** Lines {@code key=integer} that {@code GET /metrics} adds after the server's own. */
    String metrics();
}
