package com.acertainbookstore.business;

import java.util.Objects;

/**
 * An immutable {@link Book}; safe to share between threads.
 *
 * <p>Equality (kept from the teaching handout): any two {@code Book}s are equal when their ISBN,
 * title and author are equal and their prices differ by less than 1e-6, whatever their concrete
 * class, so an {@code ImmutableBook} equals an {@link ImmutableStockBook} with the same four
 * fields. Stock fields take no part in equality; {@link #hashCode()} is the ISBN. To check that a
 * stock book is unchanged, compare its fields one by one, never with {@code equals} alone.
 *
 * <p>The constructor checks nothing: the store validates what it is given, so an invalid book can
 * be built and handed to it (and be refused there with a clear message).
 */
public class ImmutableBook implements Book {

    private static final double PRICE_TOLERANCE = 1e-6;

    private final int isbn;
    private final String title;
    private final String author;
    private final float price;

    public ImmutableBook(int isbn, String title, String author, float price) {
        this.isbn = isbn;
        this.title = title;
        this.author = author;
        this.price = price;
    }

    @Override
    public int getISBN() {
        return isbn;
    }

    @Override
    public String getTitle() {
        return title;
    }

    @Override
    public String getAuthor() {
        return author;
    }

    @Override
    public float getPrice() {
        return price;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof Book)) {
            return false;
        }
        Book that = (Book) other;
        return isbn == that.getISBN()
                && Objects.equals(title, that.getTitle())
                && Objects.equals(author, that.getAuthor())
                && Math.abs((double) price - that.getPrice()) < PRICE_TOLERANCE;
    }

    @Override
    public int hashCode() {
        return isbn;
    }

    @Override
    public String toString() {
        return "Book[isbn=" + isbn + ", title=" + title + ", author=" + author + ", price=" + price + "]";
    }
}
