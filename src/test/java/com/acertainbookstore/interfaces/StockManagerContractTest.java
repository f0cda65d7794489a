package com.acertainbookstore.interfaces;

import static com.acertainbookstore.interfaces.Contract.assertRefused;
import static com.acertainbookstore.interfaces.Contract.assertRefusedLeavingState;
import static com.acertainbookstore.interfaces.Contract.isbnsOf;
import static com.acertainbookstore.interfaces.Contract.seed;
import static com.acertainbookstore.interfaces.Contract.setOf;
import static com.acertainbookstore.interfaces.Contract.setWithNull;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.StoreImplementations.Factory;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The stock manager's {@link StockManager} against every implementation: addCopies, the three
 * stock reads, removeBooks and removeAllBooks ({@code addBooks} and editor picks have their own
 * classes).
 */
class StockManagerContractTest {

    @ForEachStore
    void addCopies_validCounts_addCopiesAndResetMisses(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2, 3);
            assertRefusedLeavingState(() -> store.client().buyBooks(setOf(new BookCopy(1, 4), new BookCopy(3, 2))),
                    "requested");

            store.stock().addCopies(setOf(new BookCopy(1, 5)));

            StockSnapshot after = StockSnapshot.of(store.stock());
            assertEquals(6, after.row(1).copies());
            assertEquals(0, after.row(1).saleMisses(), "misses reset by addCopies");
            assertEquals(1, after.row(3).saleMisses(), "misses of a book not restocked stay");
            assertEquals(1, after.row(2).copies());
            assertEquals(List.of(3), isbnsOf(store.stock().getBooksInDemand()));
        }
    }

    @ForEachStore
    void addCopies_badInput_refusedNamingIt(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 1, 2);
            assertRefused(store, () -> store.stock().addCopies(setOf(new BookCopy(1, 1), new BookCopy(-7, 1))),
                    "ISBN -7", "invalid");
            assertRefused(store, () -> store.stock().addCopies(setOf(new BookCopy(1, 1), new BookCopy(42, 1))),
                    "ISBN 42", "not in the store");
            assertRefused(store, () -> store.stock().addCopies(setOf(new BookCopy(1, 1), new BookCopy(2, 0))),
                    "ISBN 2", "0");
            assertRefused(store, () -> store.stock().addCopies(setOf(new BookCopy(2, -3))), "ISBN 2", "-3");
            assertRefused(store, () -> store.stock().addCopies(setOf(new BookCopy(1, 1),
                    new BookCopy(2, Integer.MAX_VALUE))), "ISBN 2", String.valueOf(Integer.MAX_VALUE));
            assertRefused(store, () -> store.stock().addCopies(null), "null");
            Set<BookCopy> withNull = setWithNull(new BookCopy(1, 1));
            assertRefused(store, () -> store.stock().addCopies(withNull), "null");
        }
    }

    @ForEachStore
    void getBooks_severalBooks_stockBooksInAscendingIsbnOrder(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            assertEquals(List.of(), store.stock().getBooks(), "empty store");
            seed(store.stock(), 3, 30, 10, 20);

            List<StockBook> books = store.stock().getBooks();

            assertEquals(List.of(10, 20, 30), isbnsOf(books));
            for (StockBook book : books) {
                assertSame(ImmutableStockBook.class, book.getClass());
                assertEquals(3, book.getNumCopies());
            }
        }
    }

    @ForEachStore
    void getBooks_laterChanges_earlierResultUnchanged(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 3, 1);
            List<StockBook> earlier = store.stock().getBooks();
            List<StockBook> earlierByIsbn = store.stock().getBooksByISBN(setOf(1));

            store.client().buyBooks(setOf(new BookCopy(1, 2)));
            Contract.tryToClear(earlier);

            assertEquals(1, StockSnapshot.of(store.stock()).row(1).copies());
            assertEquals(3, earlierByIsbn.get(0).getNumCopies(), "a result is a snapshot, not a live view");
        }
    }

    @ForEachStore
    void getBooksByISBN_anyArgumentOrder_stockBooksInAscendingOrder(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 5, 1, 3, 4);

            List<StockBook> books = store.stock().getBooksByISBN(setOf(5, 1, 3));

            assertEquals(List.of(1, 3, 5), isbnsOf(books));
            for (StockBook book : books) {
                assertSame(ImmutableStockBook.class, book.getClass());
                assertEquals(2, book.getNumCopies());
            }
            assertEquals(List.of(), store.stock().getBooksByISBN(new HashSet<>()));
        }
    }

    @ForEachStore
    void getBooksByISBN_badIsbnOrNull_refused(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1);
            assertRefused(store, () -> store.stock().getBooksByISBN(setOf(1, 0)), "ISBN 0", "invalid");
            assertRefused(store, () -> store.stock().getBooksByISBN(setOf(1, 42)), "ISBN 42", "not in the store");
            assertRefused(store, () -> store.stock().getBooksByISBN(null), "null");
            Set<Integer> withNull = setWithNull(1);
            assertRefused(store, () -> store.stock().getBooksByISBN(withNull), "null");
        }
    }

    @ForEachStore
    void getBooksInDemand_someMissed_onlyThoseInAscendingOrder(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 1, 4, 2, 3, 1);
            assertEquals(List.of(), store.stock().getBooksInDemand());
            assertRefusedLeavingState(() -> store.client().buyBooks(setOf(new BookCopy(4, 2))), "ISBN 4");
            assertRefusedLeavingState(() -> store.client().buyBooks(setOf(new BookCopy(2, 3))), "ISBN 2");

            List<StockBook> inDemand = store.stock().getBooksInDemand();

            assertEquals(List.of(2, 4), isbnsOf(inDemand));
            assertEquals(2, inDemand.get(0).getNumSaleMisses());
            assertEquals(1, inDemand.get(1).getNumSaleMisses());
            assertSame(ImmutableStockBook.class, inDemand.get(0).getClass());
        }
    }

    @ForEachStore
    void removeBooks_someBooks_removesExactlyThose(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1, 2, 3, 4);
            store.stock().updateEditorPicks(setOf(new BookEditorPick(2, true)));

            store.stock().removeBooks(setOf(4, 2));

            assertEquals(List.of(1, 3), isbnsOf(store.stock().getBooks()));
            assertEquals(List.of(), store.client().getEditorPicks(3), "a removed pick is no longer picked");
            assertRefused(store, () -> store.client().getBooks(setOf(2)), "ISBN 2", "not in the store");
            seed(store.stock(), 9, 2);
            assertEquals(9, StockSnapshot.of(store.stock()).row(2).copies(), "a removed ISBN can be added again");
        }
    }

    @ForEachStore
    void removeBooks_badIsbnOrNull_refusedAndNothingRemoved(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1, 2);
            assertRefused(store, () -> store.stock().removeBooks(setOf(1, 42)), "ISBN 42", "not in the store");
            assertRefused(store, () -> store.stock().removeBooks(setOf(2, -1)), "ISBN -1", "invalid");
            assertRefused(store, () -> store.stock().removeBooks(null), "null");
            Set<Integer> withNull = setWithNull(1);
            assertRefused(store, () -> store.stock().removeBooks(withNull), "null");
        }
    }

    @ForEachStore
    void removeAllBooks_fullStore_emptiesItAndAllowsNewBooks(Factory factory) throws Exception {
        try (StoreFixture store = factory.open()) {
            seed(store.stock(), 2, 1, 2, 3);
            store.stock().updateEditorPicks(setOf(new BookEditorPick(1, true)));

            store.stock().removeAllBooks();

            assertEquals(List.of(), store.stock().getBooks());
            assertEquals(List.of(), store.client().getEditorPicks(2));
            assertEquals(List.of(), store.client().getTopRatedBooks(2));
            store.stock().removeAllBooks();
            seed(store.stock(), 1, 3);
            assertEquals(List.of(3), isbnsOf(store.stock().getBooks()));
        }
    }
}
