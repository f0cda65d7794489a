package com.acertainbookstore.business;

/**
 * One rating (0 to 5) given to one book.
 *
 * <p>Immutable and safe to share. Two instances are equal when their ISBNs are equal, so a
 * {@code Set} holds at most one entry per ISBN.
 */
public final class BookRating {

    private final int isbn;
    private final int rating;

    public BookRating(int isbn, int rating) {
        this.isbn = isbn;
        this.rating = rating;
    }

    public int getISBN() {
        return isbn;
    }

    public int getRating() {
        return rating;
    }

    @Override
    public boolean equals(Object other) {
        return this == other || (other instanceof BookRating && ((BookRating) other).isbn == isbn);
    }

    @Override
    public int hashCode() {
        return isbn;
    }

    @Override
    public String toString() {
        return "BookRating[isbn=" + isbn + ", rating=" + rating + "]";
    }
}
