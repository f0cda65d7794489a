package com.acertainbookstore.history;

/**
 * The store methods a history can hold, each named as in the store's interfaces (the name is
 * also its {@code op} in the history file). Immutable.
 */
public enum Method {
    /** {@code BookStore.buyBooks}: arguments ISBNs and counts. */
    BUY_BOOKS("buyBooks", true),
    /** {@code StockManager.addCopies}: arguments ISBNs and counts. */
    ADD_COPIES("addCopies", true),
    /** {@code StockManager.addBooks}: argument the books, every field. */
    ADD_BOOKS("addBooks", true),
    /** {@code StockManager.removeBooks}: argument ISBNs. */
    REMOVE_BOOKS("removeBooks", true),
    /** {@code StockManager.getBooksByISBN}: argument ISBNs; result stock books. */
    GET_BOOKS_BY_ISBN("getBooksByISBN", false),
    /** {@code StockManager.getBooks()}: no argument; result every book in the store. */
    GET_BOOKS("getBooks", false),
    /** {@code BookStore.getEditorPicks}: argument the number asked; result plain books. */
    GET_EDITOR_PICKS("getEditorPicks", false);

    private final String label;
    private final boolean mutating;

    Method(String label, boolean mutating) {
        this.label = label;
        this.mutating = mutating;
    }

    /** The method's name, as written in the history file. */
    public String label() {
        return label;
    }

    /** Whether the method may change the store (a read whose outcome is unknown changed nothing). */
    public boolean mutating() {
        return mutating;
    }

    /** Whether the call reads or writes the whole store rather than the ISBNs it names. */
    public boolean wholeStore() {
        return this == GET_BOOKS || this == GET_EDITOR_PICKS;
    }

    /** The method named {@code label}, or an {@link IllegalArgumentException} naming it. */
    public static Method parse(String label) {
        for (Method method : values()) {
            if (method.label.equals(label)) {
                return method;
            }
        }
        throw new IllegalArgumentException("operation '" + label + "' is not one of buyBooks, addCopies, addBooks,"
                + " removeBooks, getBooksByISBN, getBooks, getEditorPicks");
    }
}
