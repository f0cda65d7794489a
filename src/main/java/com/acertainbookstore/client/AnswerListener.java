package com.acertainbookstore.client;

import java.util.concurrent.CompletableFuture;
import org.eclipse.jetty.client.BufferingResponseListener;
import org.eclipse.jetty.client.Result;

/**
 * Collects one HTTP answer (status and body) into a future. Unlike Jetty's own listeners it keeps
 * an answer that arrived complete even when sending the request failed: a server refusing a large
 * body (413) answers before it has read the body, and that answer is what the caller must see, not
 * the "Expectation failed" or broken pipe of the unsent rest. Used for one request only, by
 * Jetty's threads; the future is safe to wait on from any thread.
 */
final class AnswerListener extends BufferingResponseListener {

    /** A complete answer. */
    record Answer(int status, byte[] body) {
    }

    private final CompletableFuture<Answer> answer = new CompletableFuture<>();

    AnswerListener(int maxBodyBytes) {
        super(maxBodyBytes);
    }

    CompletableFuture<Answer> answer() {
        return answer;
    }

    @Override
    public void onComplete(Result result) {
        if (result.getResponseFailure() == null && result.getResponse() != null && result.getResponse().getStatus() > 0) {
            answer.complete(new Answer(result.getResponse().getStatus(), getContent()));
        } else {
            answer.completeExceptionally(result.getFailure());
        }
    }
}
