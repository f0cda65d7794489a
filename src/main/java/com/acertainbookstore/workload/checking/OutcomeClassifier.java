package com.acertainbookstore.workload.checking;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.client.BookStoreHTTPException;
import com.acertainbookstore.history.Outcome;

/**
 * What a call's exception means for its history. In-process, a {@link BookStoreException} is the
 * store's refusal. Over HTTP, a {@link BookStoreHTTPException} with status 422 or 409 carries the
 * store's refusal; an {@link OutcomeUnknownException} means a write may or may not have been
 * applied (a read whose outcome is unknown changed nothing: it simply failed); every other failure
 * (connection refused, another status, no answer to a read) did not reach the store. Stateless;
 * safe to share.
 */
final class OutcomeClassifier {

    /** The HTTP statuses that carry the store's own refusal. */
    static final int UNPROCESSABLE = 422;
    static final int CONFLICT = 409;

    private OutcomeClassifier() {
    }

    static Outcome of(Throwable failure, boolean mutating) {
        if (failure instanceof OutcomeUnknownException) {
            return mutating ? Outcome.UNKNOWN : Outcome.FAILED;
        }
        if (failure instanceof BookStoreHTTPException http) {
            return http.status() == UNPROCESSABLE || http.status() == CONFLICT ? Outcome.REFUSED : Outcome.FAILED;
        }
        return failure instanceof BookStoreException ? Outcome.REFUSED : Outcome.FAILED;
    }
}
