package com.acertainbookstore.workload.checking;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import java.util.List;
import org.junit.jupiter.api.Test;

class AuditTest {

    private static StockBook book(int isbn, int copies) {
        return new ImmutableStockBook(isbn, "t", "a", 10f, copies, 0, 0, 0, true);
    }

    @Test
    void mismatches_consistentStore_none() {
        long[] initial = {0, 100, 100, 0};
        long[] added = {0, 20, 0, 100};
        long[] bought = {0, 5, 7, 1};
        assertEquals(List.of(), Audit.mismatches(initial, added, bought,
                List.of(book(1, 115), book(2, 93), book(3, 99))));
    }

    @Test
    void mismatches_lostCopies_nameTheIsbnAndNumbers() {
        long[] initial = {0, 100, 100};
        long[] added = {0, 20, 0};
        long[] bought = {0, 5, 0};
        List<String> problems = Audit.mismatches(initial, added, bought, List.of(book(1, 105), book(2, 100)));
        assertEquals(List.of("ISBN 1: initial 100 + added 20 - bought 5 = 115 copies expected, store has 105"),
                problems);
    }

    @Test
    void mismatches_missingAndUnexpectedBooks_areReported() {
        long[] initial = {0, 100, 0, 0};
        long[] added = {0, 0, 100, 0};
        long[] bought = {0, 0, 0, 0};
        List<String> problems = Audit.mismatches(initial, added, bought, List.of(book(1, 100), book(3, 100),
                book(9, 1)));
        assertEquals(3, problems.size(), problems.toString());
        assertTrue(problems.get(0).startsWith("ISBN 3: in the store with 100 copies but never added"));
        assertTrue(problems.get(1).startsWith("ISBN 9: in the store with 1 copies but outside the catalogue"));
        assertTrue(problems.get(2).startsWith("ISBN 2: initial 0 + added 100 - bought 0 = 100 copies expected,"
                + " but the book is not in the store"));
    }

    @Test
    void mismatches_unknownOutcomes_allowTheRangeTheyCouldHaveMadeAndNoMore() {
        long[] initial = {0, 100, 100, 0, 0};
        long[] added = {0, 20, 0, 0, 0};
        long[] bought = {0, 5, 0, 0, 0};
        long[] addedUnknown = {0, 10, 0, 5, 5};
        long[] boughtUnknown = {0, 3, 2, 0, 0};
        // 1: 115 expected, 112..125 allowed; 2: 98..100; 3: added only by an unknown call, there or not;
        // 4: the same, absent.
        assertEquals(List.of(), Audit.mismatches(initial, added, bought, addedUnknown, boughtUnknown,
                List.of(book(1, 112), book(2, 98), book(3, 5))));
        assertEquals(List.of(), Audit.mismatches(initial, added, bought, addedUnknown, boughtUnknown,
                List.of(book(1, 125), book(2, 100), book(3, 5))));

        List<String> problems = Audit.mismatches(initial, added, bought, addedUnknown, boughtUnknown,
                List.of(book(1, 126), book(2, 97), book(3, 6)));

        assertEquals(List.of("ISBN 1: initial 100 + added 20 - bought 5 = 115 (give or take the calls of unknown"
                + " outcome: up to 10 more added, up to 3 more bought) copies expected, store has 126",
                "ISBN 2: initial 100 + added 0 - bought 0 = 100 (give or take the calls of unknown outcome: up to 0"
                        + " more added, up to 2 more bought) copies expected, store has 97",
                "ISBN 3: initial 0 + added 0 - bought 0 = 0 (give or take the calls of unknown outcome: up to 5"
                        + " more added, up to 0 more bought) copies expected, store has 6"), problems);
    }
}
