package com.acertainbookstore.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.Book;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The editor-pick draw on both of its paths: rejection (few of many) and partial shuffle. */
class CatalogueTest {

    @Test
    void randomPicks_fewOfMany_distinctPicksCoveringEveryPick() {
        assertDistinctAndCovering(40, 5);
    }

    @Test
    void randomPicks_mostOfFew_distinctPicksCoveringEveryPick() {
        assertDistinctAndCovering(8, 6);
    }

    private static void assertDistinctAndCovering(int pickCount, int drawn) {
        Catalogue catalogue = new Catalogue();
        BookEntry[] books = new BookEntry[pickCount];
        for (int i = 0; i < pickCount; i++) {
            books[i] = new BookEntry(TestStores.book(i + 1, 1, true));
        }
        catalogue.add(books);
        Set<Integer> seen = new HashSet<>();
        for (int draw = 0; draw < 2_000; draw++) {
            List<Book> picks = catalogue.randomPicks(drawn);
            Set<Integer> isbns = new HashSet<>();
            for (Book book : picks) {
                isbns.add(book.getISBN());
            }
            assertEquals(drawn, isbns.size(), "distinct picks: " + picks);
            seen.addAll(isbns);
        }
        assertEquals(pickCount, seen.size(), "every pick drawn at least once in 2000 draws");
        assertTrue(seen.stream().allMatch(isbn -> isbn >= 1 && isbn <= pickCount));
    }
}
