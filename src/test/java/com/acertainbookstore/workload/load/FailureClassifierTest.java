package com.acertainbookstore.workload.load;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.workload.results.FailureCause;
import com.acertainbookstore.workload.results.FailureKind;
import org.junit.jupiter.api.Test;

class FailureClassifierTest {

    @Test
    void of_namedException_takesItsSimpleNameAndKind() {
        FailureCause cause = FailureClassifier.of(new BookStoreException("ISBN 3: 6 copies requested, 2 available"));
        assertEquals("BookStoreException", cause.exception());
        assertEquals(FailureKind.NOT_ENOUGH_COPIES, cause.kind());
    }

    @Test
    void of_anonymousException_isNamedByItsClassInsteadOfFailing() {
        RuntimeException anonymous = new RuntimeException("boom 42") {
        };
        FailureCause cause = FailureClassifier.of(anonymous);
        assertEquals(anonymous.getClass().getName(), cause.exception());
        assertEquals(FailureKind.OTHER, cause.kind());
        assertEquals("boom N", cause.detail());
    }

    @Test
    void of_unknownOutcomeAfterTheDeadline_isATimeoutNamedByItsException() {
        FailureCause cause = FailureClassifier.of(new OutcomeUnknownException("POST http://127.0.0.1:1/BUYBOOKS: outcome"
                + " unknown, the request was sent and then no answer within 300 ms (the server may or may not have"
                + " applied it; it was not sent again)"));
        assertEquals("OutcomeUnknownException", cause.exception());
        assertEquals(FailureKind.TIMEOUT, cause.kind());
    }
}
