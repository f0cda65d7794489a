package com.acertainbookstore.business;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The value types' equality rules, hash codes and derived fields, as the API spec states them. */
class ValueTypesTest {

    private static final ImmutableBook BOOK = new ImmutableBook(7, "Emma", "Austen", 9.99f);

    @Test
    void equals_bookAndStockBookWithSameFourFields_equalBothWaysDespiteStock() {
        ImmutableStockBook stock = new ImmutableStockBook(7, "Emma", "Austen", 9.99f, 3, 4, 5, 20, true);
        ImmutableStockBook otherStock = new ImmutableStockBook(7, "Emma", "Austen", 9.99f, 0, 0, 0, 0, false);

        assertEquals(BOOK, stock);
        assertEquals(stock, BOOK);
        assertEquals(stock, otherStock, "stock fields take no part in equality");
        assertEquals(BOOK.hashCode(), stock.hashCode());
    }

    @Test
    void equals_anyOfIsbnTitleAuthorDiffers_notEqual() {
        assertNotEquals(BOOK, new ImmutableBook(8, "Emma", "Austen", 9.99f));
        assertNotEquals(BOOK, new ImmutableBook(7, "Persuasion", "Austen", 9.99f));
        assertNotEquals(BOOK, new ImmutableBook(7, "Emma", "Bronte", 9.99f));
        assertNotEquals(BOOK, new ImmutableBook(7, null, "Austen", 9.99f));
        assertNotEquals(BOOK, "Emma");
        assertNotEquals(BOOK, null);
        assertEquals(new ImmutableBook(7, null, null, 1f), new ImmutableBook(7, null, null, 1f));
    }

    @Test
    void equals_pricesWithinOneMillionth_equalOtherwiseNot() {
        assertEquals(new ImmutableBook(1, "T", "A", 1.0f), new ImmutableBook(1, "T", "A", Math.nextUp(1.0f)));
        assertNotEquals(new ImmutableBook(1, "T", "A", 1.0f), new ImmutableBook(1, "T", "A", 1.001f));
    }

    @Test
    void hashCode_anyBook_isTheIsbn() {
        assertEquals(7, BOOK.hashCode());
        assertEquals(42, new ImmutableStockBook(42, "T", "A", 1f, 1, 0, 0, 0, false).hashCode());
    }

    @Test
    void getAverageRating_neverRatedOrRated_minusOneOrTotalOverCount() {
        assertEquals(-1.0f, new ImmutableStockBook(1, "T", "A", 1f, 1, 0, 0, 0, false).getAverageRating());
        assertEquals(-1.0f, new ImmutableStockBook(1, "T", "A", 1f, 1, 0, 0, 9, false).getAverageRating());
        assertEquals(2.5f, new ImmutableStockBook(1, "T", "A", 1f, 1, 0, 4, 10, false).getAverageRating());
    }

    @Test
    void getters_stockBook_returnConstructorArgumentsInSpecOrder() {
        ImmutableStockBook book = new ImmutableStockBook(3, "T", "A", 2.5f, 4, 5, 6, 7, true);

        assertEquals(3, book.getISBN());
        assertEquals("T", book.getTitle());
        assertEquals("A", book.getAuthor());
        assertEquals(2.5f, book.getPrice());
        assertEquals(4, book.getNumCopies());
        assertEquals(5, book.getNumSaleMisses());
        assertEquals(6, book.getNumTimesRated());
        assertEquals(7, book.getTotalRating());
        assertTrue(book.isEditorPick());
    }

    @Test
    void equals_copyRatingPickWithSameIsbn_equalWhateverTheOtherField() {
        assertEquals(new BookCopy(5, 1), new BookCopy(5, 9));
        assertNotEquals(new BookCopy(5, 1), new BookCopy(6, 1));
        assertEquals(5, new BookCopy(5, 1).hashCode());
        assertEquals(new BookRating(5, 1), new BookRating(5, 4));
        assertNotEquals(new BookRating(5, 1), new BookRating(6, 1));
        assertEquals(5, new BookRating(5, 3).hashCode());
        assertEquals(new BookEditorPick(5, true), new BookEditorPick(5, false));
        assertNotEquals(new BookEditorPick(5, true), new BookEditorPick(6, true));
        assertEquals(5, new BookEditorPick(5, true).hashCode());
        assertNotEquals(new BookCopy(5, 1), new BookRating(5, 1));
    }

    @Test
    void setOfCopies_sameIsbnTwice_holdsOneEntry() {
        Set<BookCopy> copies = new HashSet<>();
        copies.add(new BookCopy(5, 1));
        copies.add(new BookCopy(5, 2));

        assertEquals(1, copies.size());
        assertEquals(1, copies.iterator().next().getNumCopies(), "the first entry stays");
    }

    @Test
    void bookStoreException_fourConstructors_keepMessageAndCause() {
        IllegalStateException cause = new IllegalStateException("root");

        assertNull(new BookStoreException().getMessage());
        assertEquals("m", new BookStoreException("m").getMessage());
        BookStoreException both = new BookStoreException("m", cause);
        assertEquals("m", both.getMessage());
        assertSame(cause, both.getCause());
        assertSame(cause, new BookStoreException(cause).getCause());
    }
}
