package com.acertainbookstore.history;

import static com.acertainbookstore.history.Histories.stock;
import static com.acertainbookstore.history.Histories.store;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class BudgetTest {

    /**
     * 40 books, an addCopies to each all at once, then a listing no order explains: the search
     * must try every subset of the 40 writes (2^40 (set, state) pairs) before it could say so.
     */
    private static History tooConcurrentForWholeStoreSearch() {
        Histories history = store();
        List<BookView> listing = new ArrayList<>();
        for (int isbn = 1; isbn <= 40; isbn++) {
            history.book(isbn, 5);
            history.add(isbn, isbn, 1, isbn, 1000 + isbn, Outcome.OK);
            listing.add(stock(isbn, 5, 0, true));
        }
        return history.readAll(0, 2000, 2100, listing).build();
    }

    @Test
    @Timeout(20)
    void check_tooConcurrentForItsTimeBudget_isUnknownWithinTheBudget() {
        long start = System.nanoTime();
        CheckResult result = Checker.check(tooConcurrentForWholeStoreSearch(), Budget.of(1, 4096));
        double seconds = (System.nanoTime() - start) / 1e9;

        assertEquals(Verdict.UNKNOWN, result.verdict(), result.summary());
        assertTrue(result.reason().startsWith("time budget"), result.reason());
        assertTrue(seconds < 2.0, "took " + seconds + " s for a 1 s budget");
        assertEquals(1, result.parts());
    }

    @Test
    @Timeout(20)
    void check_tooConcurrentForItsMemoryBudget_isUnknownNamingMemory() {
        CheckResult result = Checker.check(tooConcurrentForWholeStoreSearch(), Budget.of(10, 1));
        assertEquals(Verdict.UNKNOWN, result.verdict(), result.summary());
        assertTrue(result.reason().startsWith("memory budget"), result.reason());
    }

    @Test
    @Timeout(20)
    void check_fingerprintCache_holdsManyMoreStatesInTheSameMemoryThanExactPairs() {
        Budget budget = Budget.of(10, 4);
        CheckResult exact = Checker.check(tooConcurrentForWholeStoreSearch(), StoreModel.INSTANCE, budget,
                Search.Cache.EXACT);
        CheckResult prints = Checker.check(tooConcurrentForWholeStoreSearch(), StoreModel.INSTANCE, budget,
                Search.Cache.FINGERPRINT);

        assertTrue(exact.reason().startsWith("memory budget"), exact.reason());
        assertTrue(prints.reason().startsWith("memory budget"), prints.reason());
        long exactStates = statesCached(exact.reason());
        long printStates = statesCached(prints.reason());
        assertTrue(printStates > 5 * exactStates, "fingerprints " + printStates + ", exact " + exactStates);
    }

    private static long statesCached(String reason) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+) states cached").matcher(reason);
        assertTrue(m.find(), reason);
        return Long.parseLong(m.group(1));
    }
}
