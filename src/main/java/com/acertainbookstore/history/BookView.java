package com.acertainbookstore.history;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.StockBook;
import java.util.Locale;
import java.util.Objects;

/**
 * A book as a call saw it: an argument of {@code addBooks}, an element of a read's result, or a
 * book of the initial store. A plain book ({@code getEditorPicks}) has no stock fields
 * ({@link #hasStock()} false; they are then 0). A stock book's ratings (times rated, total) are
 * fixed once it is added (no recorded call rates a book), so they count among its fixed fields.
 * Immutable and safe to share.
 *
 * @param isbn       the ISBN
 * @param title      the title
 * @param author     the author
 * @param price      the price
 * @param hasStock   whether the stock fields below were seen
 * @param copies     copies in stock
 * @param saleMisses sale misses
 * @param editorPick the editor-pick flag
 * @param timesRated  times rated (0 for a plain book)
 * @param totalRating the total of its ratings (0 for a plain book)
 */
public record BookView(int isbn, String title, String author, float price, boolean hasStock, int copies,
        long saleMisses, boolean editorPick, long timesRated, long totalRating) {

    public BookView {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(author, "author");
    }

    /** A plain book: the four fields a customer sees. */
    public static BookView plain(int isbn, String title, String author, float price) {
        return new BookView(isbn, title, author, price, false, 0, 0, false, 0, 0);
    }

    /** A book with its stock, never rated. */
    public static BookView stock(int isbn, String title, String author, float price, int copies, long saleMisses,
            boolean editorPick) {
        return new BookView(isbn, title, author, price, true, copies, saleMisses, editorPick, 0, 0);
    }

    /** This book with these ratings. */
    public BookView rated(long timesRated, long totalRating) {
        return new BookView(isbn, title, author, price, hasStock, copies, saleMisses, editorPick, timesRated,
                totalRating);
    }

    /** The view of a store value: with stock when it is a {@link StockBook}. */
    public static BookView of(Book book) {
        if (book instanceof StockBook stock) {
            return new BookView(stock.getISBN(), stock.getTitle(), stock.getAuthor(), stock.getPrice(), true,
                    stock.getNumCopies(), stock.getNumSaleMisses(), stock.isEditorPick(), stock.getNumTimesRated(),
                    stock.getTotalRating());
        }
        return plain(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice());
    }

    /** Whether title, author and price are those of {@code other} (prices within 1e-6, as {@link Book} equality). */
    public boolean sameFixedFields(BookView other) {
        return title.equals(other.title) && author.equals(other.author) && Math.abs(price - other.price) < 1e-6;
    }

    /** Whether its fixed fields and ratings are those of {@code other} (both stock books). */
    public boolean sameEntry(BookView other) {
        return sameFixedFields(other) && timesRated == other.timesRated && totalRating == other.totalRating;
    }

    /** For reports: {@code #3 (5 copies, 2 misses, pick)} or {@code #3 "bookTitle 3"}. */
    public String describe() {
        if (!hasStock) {
            return "#" + isbn + " \"" + title + "\"";
        }
        return String.format(Locale.ROOT, "#%d (%d copies, %d misses%s)", isbn, copies, saleMisses,
                editorPick ? ", pick" : "");
    }
}
