package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import com.acertainbookstore.business.StoreRules;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The store model alone: its parts, and the steps the register model has no part in. */
class StoreModelTest {

    private static final Budget BUDGET = Budget.of(10, 256);

    private static Verdict check(Histories history) {
        return Checker.check(history.build(), StoreModel.INSTANCE, BUDGET).verdict();
    }

    private static BookView titled(int isbn, String title, int copies) {
        return BookView.stock(isbn, title, "author", 1f, copies, 0, false);
    }

    private static Histories addTitled(Histories history, long start, Outcome outcome, BookView... books) {
        return history.call(0, Method.ADD_BOOKS, null, null, List.of(books), 0, start, start + 5, outcome, List.of());
    }

    private static Histories remove(Histories history, int isbn, long start, Outcome outcome) {
        return history.call(0, Method.REMOVE_BOOKS, new int[] {isbn}, null, List.of(), 0, start, start + 5, outcome,
                List.of());
    }

    private static Histories readOne(Histories history, long start, BookView seen) {
        return history.call(1, Method.GET_BOOKS_BY_ISBN, new int[] {seen.isbn()}, null, List.of(), 0, start,
                start + 5, Outcome.OK, List.of(seen));
    }

    @Test
    void partition_wholeStoreReads_makeOnePart() {
        History history = store().book(1, 5).book(2, 5).buy(0, 1, 0, 10, Outcome.OK)
                .readAll(1, 20, 30, List.of()).build();

        List<Model.Part> parts = StoreModel.INSTANCE.partition(history.initial(), history.calls());

        assertEquals(List.of(StoreModel.WHOLE_STORE), parts.stream().map(Model.Part::name).toList());
        assertEquals(2, parts.get(0).initial().size());
    }

    @Test
    void check_isbnRemovedAndAddedAgainWithAnotherTitle_readsTheNewTitle() {
        Histories history = addTitled(store(), 0, Outcome.OK, titled(7, "first", 3));
        history = remove(history, 7, 10, Outcome.OK);
        history = addTitled(history, 20, Outcome.OK, titled(7, "second", 4));
        assertEquals(Verdict.LINEARIZABLE, check(readOne(history, 30, titled(7, "second", 4))));

        Histories stale = addTitled(store(), 0, Outcome.OK, titled(7, "first", 3));
        stale = remove(stale, 7, 10, Outcome.OK);
        stale = addTitled(stale, 20, Outcome.OK, titled(7, "second", 4));
        assertEquals(Verdict.VIOLATION, check(readOne(stale, 30, titled(7, "first", 3))));
    }

    @Test
    void check_removeOfAnAbsentBook_isRefused() {
        assertEquals(Verdict.LINEARIZABLE, check(remove(store(), 7, 0, Outcome.REFUSED)));
        assertEquals(Verdict.VIOLATION, check(remove(store(), 7, 0, Outcome.OK)));
    }

    @Test
    void check_addBooksBreakingARatingRule_isRefused() {
        BookView tooRated = titled(7, "t", 1).rated(StoreRules.MAX_TIMES_RATED + 1, 0);
        BookView overRated = titled(7, "t", 1).rated(2, 2L * StoreRules.MAX_RATING + 1);
        BookView atTheBound = titled(7, "t", 1).rated(StoreRules.MAX_TIMES_RATED,
                StoreRules.MAX_TIMES_RATED * StoreRules.MAX_RATING);

        assertEquals(Verdict.LINEARIZABLE, check(addTitled(store(), 0, Outcome.REFUSED, tooRated)));
        assertEquals(Verdict.LINEARIZABLE, check(addTitled(store(), 0, Outcome.REFUSED, overRated)));
        assertEquals(Verdict.VIOLATION, check(addTitled(store(), 0, Outcome.REFUSED, atTheBound)));
        assertEquals(Verdict.LINEARIZABLE, check(readOne(addTitled(store(), 0, Outcome.OK, atTheBound), 10,
                atTheBound)));
    }

    @Test
    void check_addBooksOfOneIsbnTwice_isRefused() {
        assertEquals(Verdict.LINEARIZABLE, check(addTitled(store(), 0, Outcome.REFUSED, titled(7, "a", 1),
                titled(7, "b", 1))));
    }

    @Test
    void check_editorPicksPastTheirBound_areRefusedOnlyForANegativeNumber() {
        Histories refused = store().book(1, 1).call(0, Method.GET_EDITOR_PICKS, null, null, List.of(), -1, 0, 10,
                Outcome.REFUSED, List.of());
        Histories none = store().book(1, 1).picks(0, 0, 0, 10, List.of());

        assertEquals(Verdict.LINEARIZABLE, check(refused));
        assertEquals(Verdict.LINEARIZABLE, check(none));
    }

    @Test
    void step_refusedBuyOfTwoBooks_recordsMissesOnTheShortOneOnly() {
        History history = store().book(1, 1).book(2, 5).call(0, Method.BUY_BOOKS, new int[] {1, 2},
                new int[] {3, 2}, List.of(), 0, 0, 10, Outcome.REFUSED, List.of()).build();
        PartModel<long[]> part = StoreModel.INSTANCE.compile(history.initial(), history.calls());

        long[] after = part.step(part.initialState(), 0);

        assertNotNull(after);
        assertEquals("#1: 1 copies, 2 misses, pick; #2: 5 copies, 0 misses, pick", part.describe(after));
    }
}
