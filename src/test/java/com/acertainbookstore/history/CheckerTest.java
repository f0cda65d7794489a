package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.check;
import static com.acertainbookstore.history.Histories.plain;
import static com.acertainbookstore.history.Histories.stock;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class CheckerTest {

    private static void assertViolation(History history) {
        CheckResult result = check(history);
        assertEquals(Verdict.VIOLATION, result.verdict(), ViolationReport.text(result));
    }

    private static void assertLinearizable(History history) {
        CheckResult result = check(history);
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), ViolationReport.text(result));
    }

    @Test
    void check_staleRead_isAViolation() {
        assertViolation(store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).read(1, 1, 20, 30, 5, 0).build());
    }

    @Test
    void check_lostUpdate_isAViolation() {
        assertViolation(store().book(1, 5).add(0, 1, 3, 0, 10, Outcome.OK).add(1, 1, 2, 5, 15, Outcome.OK)
                .read(2, 1, 20, 30, 7, 0).build());
    }

    @Test
    void check_readOfAWriteThatNeverHappened_isAViolation() {
        assertViolation(store().book(1, 5).read(0, 1, 0, 10, 8, 0).build());
    }

    @Test
    void check_buyThatSucceededWithNoCopiesLeft_isAViolation() {
        assertViolation(store().book(1, 1).buy(0, 1, 0, 10, Outcome.OK).buy(1, 1, 20, 30, Outcome.OK).build());
    }

    @Test
    void check_acknowledgedWriteThatVanished_isAViolation() {
        assertViolation(store().book(1, 5).add(0, 1, 4, 0, 10, Outcome.OK).read(1, 1, 20, 30, 9, 0)
                .read(2, 1, 40, 50, 5, 0).build());
    }

    @Test
    void check_refusalWhileCopiesWereThere_isAViolation() {
        assertViolation(store().book(1, 2).buy(0, 1, 0, 10, Outcome.REFUSED).build());
    }

    @Test
    void check_readOfABookNeverAdded_isAViolation() {
        assertViolation(store().book(1, 2).read(0, 2, 0, 10, 2, 0).build());
    }

    @Test
    void check_concurrentBuysAndReadsInAnyOrder_isLinearizable() {
        assertLinearizable(store().book(1, 2).buy(0, 1, 0, 100, Outcome.OK).buy(1, 1, 10, 110, Outcome.OK)
                .read(2, 1, 20, 30, 1, 0).read(3, 1, 40, 50, 1, 0).read(2, 1, 120, 130, 0, 0)
                .buy(3, 1, 140, 150, Outcome.REFUSED).read(2, 1, 160, 170, 0, 1)
                .add(1, 1, 10, 180, 190, Outcome.OK).read(0, 1, 200, 210, 10, 0).build());
    }

    @Test
    void check_overlappingReadsSeeTheWriteInEitherOrder_isLinearizable() {
        assertLinearizable(store().book(1, 5).add(0, 1, 1, 0, 100, Outcome.OK).read(1, 1, 10, 20, 6, 0)
                .read(2, 1, 30, 40, 6, 0).read(3, 1, 110, 120, 6, 0).build());
    }

    @Test
    void check_unknownWriteThatApplied_isLinearizable() {
        assertLinearizable(store().book(1, 5).buy(0, 1, 0, 10, Outcome.UNKNOWN).read(1, 1, 20, 30, 4, 0).build());
    }

    @Test
    void check_unknownWriteThatDidNotApply_isLinearizable() {
        assertLinearizable(store().book(1, 5).buy(0, 1, 0, 10, Outcome.UNKNOWN).read(1, 1, 20, 30, 5, 0)
                .read(1, 1, 40, 50, 5, 0).build());
    }

    @Test
    void check_unknownWriteThatAppliedLongAfterItsClientGaveUp_isLinearizable() {
        assertLinearizable(store().book(1, 5).add(0, 1, 3, 0, 10, Outcome.UNKNOWN).read(1, 1, 20, 30, 5, 0)
                .read(1, 1, 40, 50, 8, 0).read(2, 1, 60, 70, 8, 0).build());
    }

    @Test
    void check_unknownWriteSeenThenUnseen_isAViolation() {
        assertViolation(store().book(1, 5).add(0, 1, 3, 0, 10, Outcome.UNKNOWN).read(1, 1, 20, 30, 8, 0)
                .read(1, 1, 40, 50, 5, 0).build());
    }

    @Test
    void check_failedCallsAndUnknownReads_areLeftOut() {
        History history = store().book(1, 5).add(0, 1, 3, 0, 10, Outcome.FAILED)
                .call(1, Method.GET_BOOKS_BY_ISBN, new int[] {1}, null, List.of(), 0, 5, 15, Outcome.UNKNOWN, List.of())
                .read(1, 1, 20, 30, 5, 0).build();
        CheckResult result = check(history);
        assertEquals(Verdict.LINEARIZABLE, result.verdict());
        assertEquals(1, result.calls());
    }

    @Test
    void check_singleIsbnCalls_splitPerIsbn() {
        CheckResult result = check(store().book(1, 5).book(2, 5).buy(0, 1, 0, 10, Outcome.OK)
                .buy(1, 2, 0, 10, Outcome.OK).read(0, 1, 20, 30, 4, 0).read(1, 2, 20, 30, 4, 0).build());
        assertEquals(Verdict.LINEARIZABLE, result.verdict());
        assertTrue(result.perIsbn());
        assertEquals(2, result.parts());
    }

    @Test
    void check_wholeStoreReads_explainedByTheStateOfTheStore() {
        History history = store().book(1, 1).book(2, 3).buy(0, 1, 0, 10, Outcome.OK)
                .readAll(1, 20, 30, List.of(stock(1, 0, 0, true), stock(2, 3, 0, true)))
                .addBook(0, 4, 7, 40, 50, Outcome.OK).addBook(1, 4, 7, 45, 55, Outcome.REFUSED)
                .picks(2, 10, 60, 70, List.of(plain(4), plain(2), plain(1)))
                .picks(2, 2, 80, 90, List.of(plain(1), plain(4))).build();
        CheckResult result = check(history);
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), ViolationReport.text(result));
        assertEquals(1, result.parts());
    }

    @Test
    void check_editorPicksWithABookThatIsNoPick_isAViolation() {
        assertViolation(store().book(1, 1).addBook(0, 3, 7, 0, 10, Outcome.OK)
                .picks(1, 10, 20, 30, List.of(plain(1), plain(3))).build());
    }

    @Test
    void check_editorPicksWithWrongFields_isAViolation() {
        assertViolation(store().book(1, 1)
                .picks(1, 10, 20, 30, List.of(BookView.plain(1, "another title", "author 1", 10f))).build());
    }

    @Test
    void check_getBooksMissingAnAddedBook_isAViolation() {
        assertViolation(store().book(1, 1).addBook(0, 4, 7, 0, 10, Outcome.OK)
                .readAll(1, 20, 30, List.of(stock(1, 1, 0, true))).build());
    }
}
