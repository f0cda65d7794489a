package com.acertainbookstore.history;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.StockBook;
import java.util.Locale;
import java.util.Objects;

/**
 * A book as a call saw it: an argument of {@code addBooks}, an element of a read's result, or a
 * book of the initial store. A plain book ({@code getEditorPicks}) has no stock fields
 * ({@link #hasStock()} false; they are then 0). Ratings are not kept: no recorded call reads or
 * writes them. Immutable and safe to share.
 *
 * @param isbn       the ISBN
 * @param title      the title
 * @param author     the author
 * @param price      the price
 * @param hasStock   whether the stock fields below were seen
 * @param copies     copies in stock
 * @param saleMisses sale misses
 * @param editorPick the editor-pick flag
 */
public record BookView(int isbn, String title, String author, float price, boolean hasStock, int copies,
        long saleMisses, boolean editorPick) {

    public BookView {
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(author, "author");
    }

    /** A plain book: the four fields a customer sees. */
    public static BookView plain(int isbn, String title, String author, float price) {
        return new BookView(isbn, title, author, price, false, 0, 0, false);
    }

    /** A book with its stock. */
    public static BookView stock(int isbn, String title, String author, float price, int copies, long saleMisses,
            boolean editorPick) {
        return new BookView(isbn, title, author, price, true, copies, saleMisses, editorPick);
    }

    /** The view of a store value: with stock when it is a {@link StockBook}. */
    public static BookView of(Book book) {
        if (book instanceof StockBook stock) {
            return stock(stock.getISBN(), stock.getTitle(), stock.getAuthor(), stock.getPrice(), stock.getNumCopies(),
                    stock.getNumSaleMisses(), stock.isEditorPick());
        }
        return plain(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice());
    }

    /** Whether title, author and price are those of {@code other} (prices within 1e-6, as {@link Book} equality). */
    public boolean sameFixedFields(BookView other) {
        return title.equals(other.title) && author.equals(other.author) && Math.abs(price - other.price) < 1e-6;
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
