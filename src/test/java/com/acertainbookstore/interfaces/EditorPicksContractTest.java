package com.acertainbookstore.interfaces;

import static com.acertainbookstore.interfaces.Contract.assertPlainBooks;
import static com.acertainbookstore.interfaces.Contract.assertRefused;
import static com.acertainbookstore.interfaces.Contract.isbnsOf;
import static com.acertainbookstore.interfaces.Contract.seed;
import static com.acertainbookstore.interfaces.Contract.setOf;
import static com.acertainbookstore.interfaces.Contract.setWithNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.interfaces.StoreImplementations.Factory;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/** {@link BookStore#getEditorPicks} and {@link StockManager#updateEditorPicks} against every implementation. */
class EditorPicksContractTest {

    @ForEachStore
    void updateEditorPicks_setAndClear_flagsFollowAndPicksAreOnlyFlaggedBooks(Factory factory)
            throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2, 3, 4, 5);

            store.stock().updateEditorPicks(setOf(new BookEditorPick(2, true), new BookEditorPick(4, true),
                    new BookEditorPick(5, true)));
            store.stock().updateEditorPicks(setOf(new BookEditorPick(5, false), new BookEditorPick(1, false)));

            StockSnapshot after = StockSnapshot.of(store.stock());
            for (int isbn = 1; isbn <= 5; isbn++) {
                assertEquals(isbn == 2 || isbn == 4, after.row(isbn).editorPick(), "editor flag of ISBN " + isbn);
            }
            assertEquals(Set.of(2, 4), new TreeSet<>(isbnsOf(store.client().getEditorPicks(10))));
        }
    }

    @ForEachStore
    void getEditorPicks_fewerThanPicks_distinctPlainPicks(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2, 3, 4, 5, 6);
            pick(store, 1, 3, 4, 6);

            for (int round = 0; round < 20; round++) {
                List<Book> picks = store.client().getEditorPicks(3);
                assertEquals(3, picks.size());
                assertEquals(3, new HashSet<>(isbnsOf(picks)).size(), "distinct picks: " + picks);
                assertTrue(Set.of(1, 3, 4, 6).containsAll(isbnsOf(picks)), "only editor picks: " + picks);
                assertPlainBooks(picks);
            }
        }
    }

    @ForEachStore
    void getEditorPicks_moreThanPicksOrZero_allPicksOrEmpty(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            assertEquals(List.of(), store.client().getEditorPicks(4), "empty store");
            seed(store.stock(), 1, 1, 2, 3);
            assertEquals(List.of(), store.client().getEditorPicks(4), "no picks yet");
            pick(store, 1, 3);

            assertEquals(Set.of(1, 3), new TreeSet<>(isbnsOf(store.client().getEditorPicks(4))));
            assertEquals(2, store.client().getEditorPicks(2).size());
            assertEquals(List.of(), store.client().getEditorPicks(0));
        }
    }

    @ForEachStore
    void getEditorPicks_oneOfFour_eachPickChosenAboutEquallyOften(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2, 3, 4, 5);
            pick(store, 1, 2, 4, 5);
            Map<Integer, Integer> counts = new TreeMap<>();

            int draws = 400;
            for (int i = 0; i < draws; i++) {
                counts.merge(store.client().getEditorPicks(1).get(0).getISBN(), 1, Integer::sum);
            }

            // Expected 100 each; below 50 or above 150 is more than five standard deviations away.
            assertEquals(Set.of(1, 2, 4, 5), counts.keySet(), "counts " + counts);
            for (int count : counts.values()) {
                assertTrue(count > 50 && count < 150, "not uniform: " + counts);
            }
        }
    }

    @ForEachStore
    void getEditorPicks_negativeCount_refusedNamingIt(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1);
            assertRefused(store, () -> store.client().getEditorPicks(-2), "numBooks", "-2");
        }
    }

    @ForEachStore
    void updateEditorPicks_badIsbnOrNull_refusedAndNoFlagChanges(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2);
            assertRefused(store, () -> store.stock().updateEditorPicks(
                    setOf(new BookEditorPick(1, true), new BookEditorPick(42, true))), "ISBN 42", "not in the store");
            assertRefused(store, () -> store.stock().updateEditorPicks(
                    setOf(new BookEditorPick(1, true), new BookEditorPick(0, true))), "ISBN 0", "invalid");
            assertRefused(store, () -> store.stock().updateEditorPicks(null), "null");
            Set<BookEditorPick> withNull = setWithNull(new BookEditorPick(2, true));
            assertRefused(store, () -> store.stock().updateEditorPicks(withNull), "null");
            assertEquals(List.of(), store.client().getEditorPicks(2));
        }
    }

    private static void pick(StoreFixture store, int... isbns) throws Exception {
        Set<BookEditorPick> picks = new HashSet<>();
        for (int isbn : isbns) {
            picks.add(new BookEditorPick(isbn, true));
        }
        store.stock().updateEditorPicks(picks);
    }
}
