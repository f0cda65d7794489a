package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The register model alone: its fit, its parts, and each step of one book's stock. */
class RegisterModelTest {

    private static final Budget BUDGET = Budget.of(10, 256);

    private static PartModel<long[]> part(History history) {
        return RegisterModel.INSTANCE.compile(history.initial(), history.calls());
    }

    @Test
    void fits_onlyBuysAddsAndReadsOfOneBook() {
        assertTrue(RegisterModel.fits(store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).add(0, 2, 3, 20, 30,
                Outcome.OK).read(1, 1, 5, 15, 4, 0).build().calls()));
        assertFalse(RegisterModel.fits(store().book(1, 5).addBook(0, 2, 3, 0, 10, Outcome.OK).build().calls()));
        assertFalse(RegisterModel.fits(store().readAll(0, 0, 10, List.of()).build().calls()));
        History twoBooks = store().call(0, Method.BUY_BOOKS, new int[] {1, 2}, new int[] {1, 1}, List.of(), 0, 0, 10,
                Outcome.OK, List.of()).build();
        assertFalse(RegisterModel.fits(twoBooks.calls()));
        assertThrows(IllegalArgumentException.class,
                () -> RegisterModel.INSTANCE.partition(twoBooks.initial(), twoBooks.calls()));
    }

    @Test
    void partition_splitsPerIsbn_eachPartStartingFromItsBook() {
        History history = store().book(1, 5).book(2, 7).buy(0, 1, 0, 10, Outcome.OK).add(1, 2, 3, 5, 15, Outcome.OK)
                .buy(2, 1, 20, 30, Outcome.OK).build();

        List<Model.Part> parts = RegisterModel.INSTANCE.partition(history.initial(), history.calls());

        assertEquals(List.of("ISBN 1", "ISBN 2"), parts.stream().map(Model.Part::name).toList());
        assertEquals(2, parts.get(0).calls().size());
        assertEquals(List.of(7), parts.get(1).initial().stream().map(BookView::copies).toList());
    }

    @Test
    void step_buy_takesCopiesOrRefusesRecordingMisses() {
        PartModel<long[]> part = part(store().book(1, 2).buy(0, 1, 0, 10, Outcome.OK)
                .buy(0, 1, 20, 30, Outcome.REFUSED).build());
        long[] two = part.initialState();

        assertArrayEquals(new long[] {1, 0}, part.step(two, 0));
        assertNull(part.step(two, 1), "a refusal while copies are left");
        assertArrayEquals(new long[] {0, 1}, part.step(new long[] {0, 0}, 1), "refused with one copy missed");
        assertNull(part.step(new long[] {0, 0}, 0), "a buy with no copy left");
    }

    @Test
    void step_addCopies_pastTheLimit_isRefusedAndChangesNothing() {
        PartModel<long[]> part = part(store().book(1, Integer.MAX_VALUE - 1).add(0, 1, 2, 0, 10, Outcome.REFUSED)
                .add(0, 1, 2, 20, 30, Outcome.OK).add(0, 1, 2, 40, 50, Outcome.UNKNOWN).build());
        long[] full = part.initialState();

        assertEquals(full, part.step(full, 0));
        assertNull(part.step(full, 1));
        assertEquals(full, part.step(full, 2), "an unknown add past the limit is refused, so changes nothing");
        assertArrayEquals(new long[] {5, 0}, part.step(new long[] {3, 9}, 1), "an add resets the misses");
    }

    @Test
    void step_read_mustSeeTheStateAndTheBooksFields() {
        History history = store().book(1, 3).read(0, 1, 0, 10, 3, 0).read(0, 1, 20, 30, 4, 0).build();
        PartModel<long[]> part = part(history);

        assertEquals(part.initialState(), part.step(part.initialState(), 0));
        assertNull(part.step(part.initialState(), 1));
        History otherTitle = store().book(1, 3).call(0, Method.GET_BOOKS_BY_ISBN, new int[] {1}, null, List.of(), 0,
                0, 10, Outcome.OK, List.of(BookView.stock(1, "other", "author 1", 10f, 3, 0, true))).build();
        assertNull(part(otherTitle).step(part(otherTitle).initialState(), 0));
    }

    @Test
    void step_absentBook_refusesEveryCall() {
        PartModel<long[]> part = part(store().buy(0, 1, 0, 10, Outcome.REFUSED).readRefused(0, 1, 20, 30)
                .add(0, 1, 1, 40, 50, Outcome.OK).build());

        assertEquals(part.initialState(), part.step(part.initialState(), 0));
        assertEquals(part.initialState(), part.step(part.initialState(), 1));
        assertNull(part.step(part.initialState(), 2));
    }

    @Test
    void check_registerModelAlone_findsAStaleReadAndPassesAGoodHistory() {
        History stale = store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).read(1, 1, 20, 30, 5, 0).build();
        History good = store().book(1, 5).buy(0, 1, 0, 10, Outcome.OK).read(1, 1, 5, 30, 5, 0).build();

        assertEquals(Verdict.VIOLATION, Checker.check(stale, RegisterModel.INSTANCE, BUDGET).verdict());
        assertEquals(Verdict.LINEARIZABLE, Checker.check(good, RegisterModel.INSTANCE, BUDGET).verdict());
    }
}
