package com.acertainbookstore.workload.checking;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.workload.targets.Listing;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ReplicaComparisonTest {

    private static StockBook book(int isbn, int copies) {
        return new ImmutableStockBook(isbn, "title " + isbn, "author " + isbn, 10f, copies, 2, 3, 12, true);
    }

    @Test
    void differences_sameBooksInAnotherOrder_none() {
        List<StockBook> books = List.of(book(1, 100), book(2, 90), book(3, 80));
        assertEquals(List.of(), ReplicaComparison.differences(List.of(new Listing("r0", books),
                new Listing("r1", List.of(book(3, 80), book(1, 100), book(2, 90))), new Listing("r2", books))));
        assertEquals(List.of(), ReplicaComparison.differences(List.of(new Listing("store", books))));
    }

    @Test
    void differences_oneFieldDiffers_namesReplicaIsbnFieldAndBothValues() {
        List<StockBook> books = List.of(book(1, 100), book(7, 96));
        List<StockBook> behind = List.of(book(1, 100), book(7, 95));
        List<StockBook> other = List.of(book(1, 100), new ImmutableStockBook(7, "title 7", "author 7", 10.5f, 96, 2,
                3, 12, false));

        assertEquals(List.of("replica r2, ISBN 7: numCopies 95, replica r0 has 96",
                "replica r3, ISBN 7: price 10.5, replica r0 has 10.0",
                "replica r3, ISBN 7: editorPick false, replica r0 has true"),
                ReplicaComparison.differences(List.of(new Listing("r0", books), new Listing("r1", books),
                        new Listing("r2", behind), new Listing("r3", other))));
    }

    @Test
    void differences_everyStockField_isCompared() {
        StockBook base = book(4, 50);
        List<StockBook> variants = List.of(
                new ImmutableStockBook(4, "other", "author 4", 10f, 50, 2, 3, 12, true),
                new ImmutableStockBook(4, "title 4", "other", 10f, 50, 2, 3, 12, true),
                new ImmutableStockBook(4, "title 4", "author 4", 10f, 50, 1, 3, 12, true),
                new ImmutableStockBook(4, "title 4", "author 4", 10f, 50, 2, 4, 12, true),
                new ImmutableStockBook(4, "title 4", "author 4", 10f, 50, 2, 3, 11, true));
        List<String> fields = List.of("title other, replica r0 has title 4", "author other, replica r0 has author 4",
                "numSaleMisses 1, replica r0 has 2", "numTimesRated 4, replica r0 has 3",
                "totalRating 11, replica r0 has 12");
        for (int i = 0; i < variants.size(); i++) {
            assertEquals(List.of("replica r1, ISBN 4: " + fields.get(i)), ReplicaComparison.differences(List.of(
                    new Listing("r0", List.of(base)), new Listing("r1", List.of(variants.get(i))))));
        }
    }

    @Test
    void differences_missingAndExtraBooks_areNamedWithTheirCopies() {
        List<String> problems = ReplicaComparison.differences(List.of(
                new Listing("r0", List.of(book(1, 100), book(2, 90))),
                new Listing("r1", List.of(book(1, 100), book(12, 10)))));
        assertEquals(List.of("replica r1, ISBN 2: not held, replica r0 holds it with 90 copies",
                "replica r1, ISBN 12: held with 10 copies, replica r0 does not hold it"), problems);
    }

    @Test
    void differences_manyDifferences_listTenThenCountTheRest() {
        List<StockBook> mine = new ArrayList<>();
        List<StockBook> theirs = new ArrayList<>();
        for (int isbn = 1; isbn <= 25; isbn++) {
            mine.add(book(isbn, 100));
            theirs.add(book(isbn, 99));
        }
        List<String> problems = ReplicaComparison.differences(List.of(new Listing("r0", mine),
                new Listing("r1", theirs)));
        assertEquals(11, problems.size());
        assertEquals("replica r1, ISBN 1: numCopies 99, replica r0 has 100", problems.get(0));
        assertEquals("... and 15 more differences between replicas", problems.get(10));
    }
}
