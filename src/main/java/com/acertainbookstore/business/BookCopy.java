package com.acertainbookstore.business;

/**
 * A number of copies of one book: what to buy or what to add.
 *
 * <p>Immutable and safe to share. Two instances are equal when their ISBNs are equal, so a
 * {@code Set} holds at most one entry per ISBN.
 */
public final class BookCopy {

    private final int isbn;
    private final int numCopies;

    public BookCopy(int isbn, int numCopies) {
        this.isbn = isbn;
        this.numCopies = numCopies;
    }

    public int getISBN() {
        return isbn;
    }

    public int getNumCopies() {
        return numCopies;
    }

    @Override
    public boolean equals(Object other) {
        return this == other || (other instanceof BookCopy && ((BookCopy) other).isbn == isbn);
    }

    @Override
    public int hashCode() {
        return isbn;
    }

    @Override
    public String toString() {
        return "BookCopy[isbn=" + isbn + ", numCopies=" + numCopies + "]";
    }
}
