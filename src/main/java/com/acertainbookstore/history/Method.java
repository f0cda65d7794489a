package com.acertainbookstore.history;

import com.acertainbookstore.protocol.Operation;

/**
 * The store methods a history can hold, each named as in the store's interfaces (the name is
 * also its {@code op} in the history file), each the call of an {@link Operation}: whether it
 * may change the store and whether it reads the whole store come from that one table. Immutable.
 */
public enum Method {
    /** {@code BookStore.buyBooks}: arguments ISBNs and counts. */
    BUY_BOOKS("buyBooks", Operation.BUYBOOKS),
    /** {@code StockManager.addCopies}: arguments ISBNs and counts. */
    ADD_COPIES("addCopies", Operation.ADDCOPIES),
    /** {@code StockManager.addBooks}: argument the books, every field. */
    ADD_BOOKS("addBooks", Operation.ADDBOOKS),
    /** {@code StockManager.removeBooks}: argument ISBNs. */
    REMOVE_BOOKS("removeBooks", Operation.REMOVEBOOKS),
    /** {@code StockManager.getBooksByISBN}: argument ISBNs; result stock books. */
    GET_BOOKS_BY_ISBN("getBooksByISBN", Operation.GETSTOCKBOOKSBYISBN),
    /** {@code StockManager.getBooks()}: no argument; result every book in the store. */
    GET_BOOKS("getBooks", Operation.LISTBOOKS),
    /** {@code BookStore.getEditorPicks}: argument the number asked; result plain books. */
    GET_EDITOR_PICKS("getEditorPicks", Operation.GETEDITORPICKS);

    private final String label;
    private final Operation operation;

    Method(String label, Operation operation) {
        this.label = label;
        this.operation = operation;
    }

    /** The operation this method calls. */
    public Operation operation() {
        return operation;
    }

    /** The method's name, as written in the history file. */
    public String label() {
        return label;
    }

    /** Whether the method may change the store (a read whose outcome is unknown changed nothing). */
    public boolean mutating() {
        return operation.mutates();
    }

    /** Whether the call reads or writes the whole store rather than the ISBNs it names. */
    public boolean wholeStore() {
        return operation.wholeStore();
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
