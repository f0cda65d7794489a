package com.acertainbookstore.interfaces;

import static com.acertainbookstore.interfaces.Contract.assertRefused;
import static com.acertainbookstore.interfaces.Contract.assertRefusedLeavingState;
import static com.acertainbookstore.interfaces.Contract.seed;
import static com.acertainbookstore.interfaces.Contract.setOf;
import static com.acertainbookstore.interfaces.Contract.setWithNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.interfaces.StoreImplementations.Factory;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** {@link BookStore#buyBooks} against every implementation: success, sale misses, refusals. */
class BuyBooksContractTest {

    @ForEachStore
    void buyBooks_enoughCopies_removesRequestedCopiesOnly(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 5, 1, 2, 3);
            StockSnapshot before = StockSnapshot.of(store.stock());

            store.client().buyBooks(setOf(new BookCopy(3, 5), new BookCopy(1, 2)));

            StockSnapshot after = StockSnapshot.of(store.stock());
            assertEquals(3, after.row(1).copies(), "copies of ISBN 1");
            assertEquals(5, after.row(2).copies(), "copies of ISBN 2 (not bought)");
            assertEquals(0, after.row(3).copies(), "copies of ISBN 3 (all bought)");
            for (int isbn = 1; isbn <= 3; isbn++) {
                assertEquals(0, after.row(isbn).saleMisses(), "sale misses of ISBN " + isbn);
                assertEquals(before.row(isbn).timesRated(), after.row(isbn).timesRated());
                assertEquals(before.row(isbn).totalRating(), after.row(isbn).totalRating());
                assertEquals(before.row(isbn).editorPick(), after.row(isbn).editorPick());
            }
        }
    }

    @ForEachStore
    void buyBooks_emptySet_changesNothing(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1);
            StockSnapshot before = StockSnapshot.of(store.stock());

            store.client().buyBooks(new HashSet<>());

            before.assertSameAs(StockSnapshot.of(store.stock()));
        }
    }

    @ForEachStore
    void buyBooks_someBooksShort_recordsMissOnEachShortBookAndBuysNothing(Factory factory)
            throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 5, 1);
            seed(store.stock(), 2, 2);
            seed(store.stock(), 1, 3);
            seed(store.stock(), 9, 4);
            StockSnapshot before = StockSnapshot.of(store.stock());

            String message = assertRefusedLeavingState(
                    () -> store.client().buyBooks(setOf(new BookCopy(1, 3), new BookCopy(2, 6),
                            new BookCopy(3, 4))),
                    "requested").getMessage();

            assertTrue(message.contains("ISBN 2: 6 copies requested, 2 available")
                    || message.contains("ISBN 3: 4 copies requested, 1 available"),
                    () -> "message '" + message + "' should name a short book and its shortfall");
            // ISBN 2: 6 requested, 2 available; ISBN 3: 4 requested, 1 available; nothing else changes.
            before.withSaleMisses(2, 4).withSaleMisses(3, 3).assertSameAs(StockSnapshot.of(store.stock()));
            assertEquals(List.of(2, 3), Contract.isbnsOf(store.stock().getBooksInDemand()));
        }
    }

    @ForEachStore
    void buyBooks_repeatedShortfalls_accumulateMisses(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 7);
            StockSnapshot before = StockSnapshot.of(store.stock());

            assertRefusedLeavingState(() -> store.client().buyBooks(setOf(new BookCopy(7, 6))),
                    "ISBN 7", "6 copies requested, 1 available");
            assertRefusedLeavingState(() -> store.client().buyBooks(setOf(new BookCopy(7, 3))), "ISBN 7");

            before.withSaleMisses(7, 5 + 2).assertSameAs(StockSnapshot.of(store.stock()));
        }
    }

    @ForEachStore
    void buyBooks_shortfallOnAlmostFullMissCounter_missesStopAtLongMax(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            store.stock().addBooks(setOf(new ImmutableStockBook(7, "T", "A", 1f, 1, Long.MAX_VALUE - 2, 0, 0, false)));
            StockSnapshot before = StockSnapshot.of(store.stock());

            assertRefusedLeavingState(() -> store.client().buyBooks(setOf(new BookCopy(7, 6))), "ISBN 7");

            before.withSaleMisses(7, Long.MAX_VALUE).assertSameAs(StockSnapshot.of(store.stock()));
        }
    }

    @ForEachStore
    void buyBooks_invalidIsbn_refusedNamingIt(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1);
            assertRefused(store, () -> store.client().buyBooks(setOf(new BookCopy(1, 1), new BookCopy(-3, 1))),
                    "-3", "invalid");
            assertRefused(store, () -> store.client().buyBooks(setOf(new BookCopy(0, 1))), "ISBN 0", "invalid");
        }
    }

    @ForEachStore
    void buyBooks_isbnNotInStore_refusedWithoutMisses(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1);
            // ISBN 1 is short as well, but an invalid request must record nothing.
            assertRefused(store, () -> store.client().buyBooks(setOf(new BookCopy(1, 10), new BookCopy(42, 1))),
                    "42", "not in the store");
        }
    }

    @ForEachStore
    void buyBooks_copiesBelowOne_refusedNamingValue(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1, 2);
            assertRefused(store, () -> store.client().buyBooks(setOf(new BookCopy(1, 1), new BookCopy(2, 0))),
                    "ISBN 2", "0");
            assertRefused(store, () -> store.client().buyBooks(setOf(new BookCopy(1, -4))), "ISBN 1", "-4");
        }
    }

    @ForEachStore
    void buyBooks_nullSetOrElement_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1);
            assertRefused(store, () -> store.client().buyBooks(null), "null");
            Set<BookCopy> withNull = setWithNull(new BookCopy(1, 1));
            assertRefused(store, () -> store.client().buyBooks(withNull), "null");
        }
    }

    @ForEachStore
    void buyBooks_argumentChangedAfterCall_storeUnaffected(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 4, 1);
            Set<BookCopy> request = setOf(new BookCopy(1, 1));
            store.client().buyBooks(request);
            StockSnapshot before = StockSnapshot.of(store.stock());

            request.clear();
            request.add(new BookCopy(1, 3));

            before.assertSameAs(StockSnapshot.of(store.stock()));
            assertEquals(3, before.row(1).copies());
        }
    }
}
