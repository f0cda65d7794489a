package com.acertainbookstore.business;

/**
 * Whether one book is to be an editor pick.
 *
 * <p>Immutable and safe to share. Two instances are equal when their ISBNs are equal, so a
 * {@code Set} holds at most one entry per ISBN.
 */
public final class BookEditorPick {

    private final int isbn;
    private final boolean editorPick;

    public BookEditorPick(int isbn, boolean editorPick) {
        this.isbn = isbn;
        this.editorPick = editorPick;
    }

    public int getISBN() {
        return isbn;
    }

    public boolean isEditorPick() {
        return editorPick;
    }

    @Override
    public boolean equals(Object other) {
        return this == other || (other instanceof BookEditorPick && ((BookEditorPick) other).isbn == isbn);
    }

    @Override
    public int hashCode() {
        return isbn;
    }

    @Override
    public String toString() {
        return "BookEditorPick[isbn=" + isbn + ", editorPick=" + editorPick + "]";
    }
}
