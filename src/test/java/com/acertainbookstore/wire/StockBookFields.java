package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.ImmutableStockBook;

/**
 * Field-by-field comparison of stock books (their {@code equals} ignores the stock fields and
 * compares the price only to within 1e-6).
 */
final class StockBookFields {

    private StockBookFields() {
    }

    /** {@code actual} is a stock book with every field of {@code expected}, the price to the bit. */
    static void assertSameFields(ImmutableStockBook expected, Object actual) {
        ImmutableStockBook got = (ImmutableStockBook) actual;
        assertEquals(expected.getISBN(), got.getISBN());
        assertEquals(expected.getTitle(), got.getTitle());
        assertEquals(expected.getAuthor(), got.getAuthor());
        assertEquals(Float.floatToIntBits(expected.getPrice()), Float.floatToIntBits(got.getPrice()));
        assertEquals(expected.getNumCopies(), got.getNumCopies());
        assertEquals(expected.getNumSaleMisses(), got.getNumSaleMisses());
        assertEquals(expected.getNumTimesRated(), got.getNumTimesRated());
        assertEquals(expected.getTotalRating(), got.getTotalRating());
        assertEquals(expected.isEditorPick(), got.isEditorPick());
    }
}
