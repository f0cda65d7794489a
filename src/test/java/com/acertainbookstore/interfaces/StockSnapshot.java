package com.acertainbookstore.interfaces;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import java.util.Map;
import java.util.TreeMap;

/**
 * The whole stock of a store at one moment, book by book, read through {@link StockManager}.
 * Used to prove that a refused call changed nothing: {@link #assertSameAs} compares the set of
 * ISBNs and then every field of every book one by one (book equality ignores the stock fields, so
 * {@code equals} alone would prove nothing). Immutable; safe to share.
 */
public final class StockSnapshot {

    /** Every field of one stored book. */
    public record Row(int isbn, String title, String author, float price, int copies, long saleMisses,
            long timesRated, long totalRating, boolean editorPick) {

        static Row of(StockBook book) {
            return new Row(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice(),
                    book.getNumCopies(), book.getNumSaleMisses(), book.getNumTimesRated(),
                    book.getTotalRating(), book.isEditorPick());
        }
    }

    private final Map<Integer, Row> rows;

    private StockSnapshot(Map<Integer, Row> rows) {
        this.rows = rows;
    }

    public static StockSnapshot of(StockManager stock) throws BookStoreException {
        Map<Integer, Row> rows = new TreeMap<>();
        for (StockBook book : stock.getBooks()) {
            rows.put(book.getISBN(), Row.of(book));
        }
        return new StockSnapshot(rows);
    }

    public Row row(int isbn) {
        return rows.get(isbn);
    }

    /** This snapshot with one book's sale misses replaced: what a refused purchase may change. */
    public StockSnapshot withSaleMisses(int isbn, long saleMisses) {
        Map<Integer, Row> changed = new TreeMap<>(rows);
        Row row = rows.get(isbn);
        changed.put(isbn, new Row(row.isbn(), row.title(), row.author(), row.price(), row.copies(), saleMisses,
                row.timesRated(), row.totalRating(), row.editorPick()));
        return new StockSnapshot(changed);
    }

    /** Asserts that {@code other} holds the same ISBNs and, for each, the same value in every field. */
    public void assertSameAs(StockSnapshot other) {
        assertEquals(rows.keySet(), other.rows.keySet(), "set of ISBNs in the store");
        for (Row expected : rows.values()) {
            Row actual = other.rows.get(expected.isbn());
            String where = "ISBN " + expected.isbn() + " ";
            assertEquals(expected.title(), actual.title(), where + "title");
            assertEquals(expected.author(), actual.author(), where + "author");
            assertEquals(expected.price(), actual.price(), where + "price");
            assertEquals(expected.copies(), actual.copies(), where + "copies");
            assertEquals(expected.saleMisses(), actual.saleMisses(), where + "sale misses");
            assertEquals(expected.timesRated(), actual.timesRated(), where + "times rated");
            assertEquals(expected.totalRating(), actual.totalRating(), where + "total rating");
            assertEquals(expected.editorPick(), actual.editorPick(), where + "editor flag");
        }
    }
}
