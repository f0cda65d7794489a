package com.acertainbookstore.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.wire.WireFormatException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/** Merging an answer's changes into the listing held, and refusing answers that cannot be merged. */
class ListingCacheTest {

    private static ImmutableStockBook book(int isbn, int copies) {
        return new ImmutableStockBook(isbn, "T" + isbn, "A" + isbn, 1f, copies, 0, 0, 0, false);
    }

    private static List<Integer> isbns(List<StockBook> books) {
        return books.stream().map(StockBook::getISBN).toList();
    }

    @Test
    void wholeAnswer_isReturnedAndHeldUnderItsId() throws Exception {
        ListingCache cache = new ListingCache();
        assertNull(cache.held());
        List<StockBook> got = cache.resolve(null, "7", null, List.of(book(1, 1), book(4, 1)));
        assertEquals(List.of(1, 4), isbns(got));
        assertEquals("7", cache.held().id());
        got.clear();
        assertEquals(2, cache.held().books().length, "the caller's list is its own");
    }

    @Test
    void changes_replaceAndJoinTheHeldBooksInIsbnOrder() throws Exception {
        ListingCache cache = new ListingCache();
        cache.resolve(null, "7", null, List.of(book(2, 1), book(4, 1), book(6, 1)));
        ImmutableStockBook newFour = book(4, 9);
        List<StockBook> got = cache.resolve(cache.held(), "8", "7", List.of(book(1, 1), newFour, book(5, 1), book(9, 1)));
        assertEquals(List.of(1, 2, 4, 5, 6, 9), isbns(got));
        assertSame(newFour, got.get(2));
        assertEquals("8", cache.held().id());
    }

    @Test
    void noChanges_giveTheHeldListingAgain() throws Exception {
        ListingCache cache = new ListingCache();
        cache.resolve(null, "7", null, List.of(book(2, 1), book(4, 1)));
        ListingCache.Held held = cache.held();
        List<StockBook> got = cache.resolve(held, "8", "7", List.of());
        assertEquals(List.of(2, 4), isbns(got));
        assertSame(held.books()[0], got.get(0));
    }

    @Test
    void randomChanges_mergeAsAMapWould() throws Exception {
        Random random = new Random(11);
        ListingCache cache = new ListingCache();
        TreeMap<Integer, StockBook> truth = new TreeMap<>();
        cache.resolve(null, "1", null, List.of());
        for (int round = 2; round < 500; round++) {
            TreeMap<Integer, StockBook> changes = new TreeMap<>();
            for (int i = random.nextInt(6); i > 0; i--) {
                int isbn = 1 + random.nextInt(40);
                changes.put(isbn, book(isbn, random.nextInt(100)));
            }
            truth.putAll(changes);
            ListingCache.Held held = cache.held();
            List<StockBook> got = cache.resolve(held, Integer.toString(round), held.id(), new ArrayList<>(changes.values()));
            assertEquals(new ArrayList<>(truth.values()), got);
            for (int i = 0; i < got.size(); i++) {
                assertSame(truth.get(got.get(i).getISBN()), got.get(i));
            }
        }
    }

    @Test
    void changesAgainstAnotherListing_areRefusedAndTheHeldListingStays() throws Exception {
        ListingCache cache = new ListingCache();
        cache.resolve(null, "7", null, List.of(book(1, 1)));
        ListingCache.Held held = cache.held();
        WireFormatException e = assertThrows(WireFormatException.class,
                () -> cache.resolve(held, "9", "6", List.of(book(1, 2))));
        assertTrue(e.getMessage().contains("'6'"), e.getMessage());
        assertThrows(WireFormatException.class, () -> cache.resolve(null, "9", "7", List.of(book(1, 2))));
        assertSame(held, cache.held());
    }

    @Test
    void changesOutOfOrder_areRefused() throws Exception {
        ListingCache cache = new ListingCache();
        cache.resolve(null, "7", null, List.of(book(1, 1), book(5, 1)));
        ListingCache.Held held = cache.held();
        WireFormatException e = assertThrows(WireFormatException.class,
                () -> cache.resolve(held, "8", "7", List.of(book(3, 1), book(2, 1))));
        assertTrue(e.getMessage().contains("ascending"), e.getMessage());
        assertThrows(WireFormatException.class, () -> cache.resolve(held, "8", "7", List.of(book(3, 1), book(3, 2))));
        assertSame(held, cache.held());
    }

    @Test
    void malformedId_isRefused() {
        ListingCache cache = new ListingCache();
        for (String id : new String[] {"", "x", "0", "-3", "12345678901234567890", "1\r\nX: y"}) {
            assertThrows(WireFormatException.class, () -> cache.resolve(null, id, null, List.of(book(1, 1))), id);
        }
        assertNull(cache.held());
    }

    @Test
    void wholeAnswerOutOfOrder_isReturnedButNotHeld() throws Exception {
        ListingCache cache = new ListingCache();
        List<StockBook> got = cache.resolve(null, "7", null, List.of(book(3, 1), book(1, 1)));
        assertEquals(List.of(3, 1), isbns(got));
        assertNull(cache.held(), "only a listing in ISBN order can take changes");
    }

    @Test
    void answerWithoutId_isReturnedAndTheHeldListingStays() throws Exception {
        ListingCache cache = new ListingCache();
        cache.resolve(null, "7", null, List.of(book(1, 1)));
        ListingCache.Held held = cache.held();
        List<StockBook> got = cache.resolve(held, null, null, List.of(book(2, 1)));
        assertEquals(List.of(2), isbns(got));
        assertSame(held, cache.held());
        assertNotSame(held.books(), got);
    }
}
