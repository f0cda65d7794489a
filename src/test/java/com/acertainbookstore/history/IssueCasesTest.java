package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.check;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The legal histories issue 43 found the checker wrong on, each as small as it gets: every one
 * is a history the real store produces, so each must be linearizable (before the fix the first
 * was called a violation and the others threw "unsupported history").
 */
class IssueCasesTest {

    private static void assertLinearizable(History history) {
        CheckResult result = check(history);
        assertEquals(Verdict.LINEARIZABLE, result.verdict(), ViolationReport.text(result));
    }

    @Test
    void addCopies_pastIntegerMaxValue_refusedInOneCall_isLinearizable() {
        assertLinearizable(store().book(1, Integer.MAX_VALUE - 5)
                .add(0, 1, 10, 0, 10, Outcome.REFUSED).build());
    }

    @Test
    void addCopies_pastIntegerMaxValue_refusedThenReadUnchanged_isLinearizable() {
        assertLinearizable(store().book(1, Integer.MAX_VALUE - 5)
                .add(0, 1, 10, 0, 10, Outcome.REFUSED).read(0, 1, 20, 30, Integer.MAX_VALUE - 5, 0).build());
    }

    @Test
    void saleMisses_above2To30_inTheInitialStore_isLinearizable() {
        Histories history = store();
        history.call(0, Method.GET_BOOKS_BY_ISBN, new int[] {1}, null, List.of(), 0, 0, 10, Outcome.OK,
                List.of(Histories.stock(1, 0, 1L << 30, true)));
        assertLinearizable(new History("misses", List.of(Histories.stock(1, 0, 1L << 30, true)),
                history.build().calls()));
    }

    @Test
    void saleMisses_pushedPast2To30ByARefusedBuy_isLinearizable() {
        long before = (1L << 30) - 2;
        Histories history = store();
        history.call(0, Method.BUY_BOOKS, new int[] {1}, new int[] {5}, List.of(), 0, 0, 10, Outcome.REFUSED,
                List.of());
        history.call(0, Method.GET_BOOKS_BY_ISBN, new int[] {1}, null, List.of(), 0, 20, 30, Outcome.OK,
                List.of(Histories.stock(1, 0, before + 5, true)));
        assertLinearizable(new History("misses", List.of(Histories.stock(1, 0, before, true)),
                history.build().calls()));
    }

    @Test
    void saleMisses_nearLongMaxValue_stopThere_isLinearizable() {
        long before = Long.MAX_VALUE - 2;
        Histories history = store();
        history.call(0, Method.BUY_BOOKS, new int[] {1}, new int[] {5}, List.of(), 0, 0, 10, Outcome.REFUSED,
                List.of());
        history.call(0, Method.GET_BOOKS_BY_ISBN, new int[] {1}, null, List.of(), 0, 20, 30, Outcome.OK,
                List.of(Histories.stock(1, 0, Long.MAX_VALUE, true)));
        assertLinearizable(new History("misses", List.of(Histories.stock(1, 0, before, true)),
                history.build().calls()));
    }

    @Test
    void addBooks_negativeSaleMisses_refused_isLinearizable() {
        Histories history = store();
        history.call(0, Method.ADD_BOOKS, null, null, List.of(Histories.stock(7, 3, -1, false)), 0, 0, 10,
                Outcome.REFUSED, List.of());
        assertLinearizable(history.build());
    }

    @Test
    void addBooks_sameIsbnOtherTitle_refusedWhileTheFirstIsIn_isLinearizable() {
        Histories history = store().addBook(0, 7, 3, 0, 10, Outcome.OK);
        history.call(0, Method.ADD_BOOKS, null, null,
                List.of(BookView.stock(7, "another title", "author 7", 10f, 3, 0, false)), 0, 20, 30,
                Outcome.REFUSED, List.of());
        assertLinearizable(history.build());
    }

    /** Before the fix a history could not even hold the removal: removeBooks was neither recorded nor modelled. */
    @Test
    void isbnRemovedThenAddedWithAnotherTitle_readOfTheNewTitle_isLinearizable() {
        Histories history = store().addBook(0, 7, 3, 0, 10, Outcome.OK);
        history.call(0, Method.REMOVE_BOOKS, new int[] {7}, null, List.of(), 0, 20, 30, Outcome.OK, List.of());
        BookView again = BookView.stock(7, "another title", "author 7", 10f, 4, 0, false);
        history.call(0, Method.ADD_BOOKS, null, null, List.of(again), 0, 40, 50, Outcome.OK, List.of());
        history.call(1, Method.GET_BOOKS_BY_ISBN, new int[] {7}, null, List.of(), 0, 60, 70, Outcome.OK,
                List.of(again));
        assertLinearizable(history.build());
    }
}
