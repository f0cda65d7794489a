package com.acertainbookstore.workload.checking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.client.BookStoreHTTPException;
import com.acertainbookstore.history.Outcome;
import java.net.ConnectException;
import org.junit.jupiter.api.Test;

class OutcomeClassifierTest {

    @Test
    void of_storeExceptionInProcess_isARefusal() {
        assertEquals(Outcome.REFUSED, OutcomeClassifier.of(new BookStoreException("ISBN 3: 1 copies requested, 0"
                + " available"), true));
    }

    @Test
    void of_httpRefusalStatuses_areRefusals() {
        assertEquals(Outcome.REFUSED, OutcomeClassifier.of(new BookStoreHTTPException(422, "ISBN 3 ..."), true));
        assertEquals(Outcome.REFUSED, OutcomeClassifier.of(new BookStoreHTTPException(409, "conflict"), false));
    }

    @Test
    void of_otherHttpFailures_didNotHappen() {
        assertEquals(Outcome.FAILED, OutcomeClassifier.of(new BookStoreHTTPException(400, "bad request"), true));
        assertEquals(Outcome.FAILED, OutcomeClassifier.of(new BookStoreHTTPException("POST failed: refused",
                new ConnectException("Connection refused")), true));
        assertEquals(Outcome.FAILED, OutcomeClassifier.of(new IllegalStateException("bug"), true));
    }

    @Test
    void of_outcomeUnknown_isUnknownForAWriteAndFailedForARead() {
        OutcomeUnknownException lost = new OutcomeUnknownException("no answer after the request was sent");
        assertEquals(Outcome.UNKNOWN, OutcomeClassifier.of(lost, true));
        assertEquals(Outcome.FAILED, OutcomeClassifier.of(lost, false));
    }
}
