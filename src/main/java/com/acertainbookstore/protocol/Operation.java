package com.acertainbookstore.protocol;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The calls of the protocol (immutable, safe to share), named by the handout's message tags:
 * whether each lives under {@code /stock}, whether it may change the store, what argument it
 * takes and what it answers.
 */
public enum Operation {

    BUYBOOKS(false, true, BookCopy.class, null),
    RATEBOOKS(false, true, BookRating.class, null),
    GETBOOKS(false, false, Integer.class, ImmutableBook.class),
    GETTOPRATEDBOOKS(false, false, int.class, ImmutableBook.class),
    GETEDITORPICKS(false, false, int.class, ImmutableBook.class),
    ADDBOOKS(true, true, ImmutableStockBook.class, null),
    ADDCOPIES(true, true, BookCopy.class, null),
    LISTBOOKS(true, false, null, ImmutableStockBook.class),
    GETSTOCKBOOKSBYISBN(true, false, Integer.class, ImmutableStockBook.class),
    GETBOOKSINDEMAND(true, false, null, ImmutableStockBook.class),
    UPDATEEDITORPICKS(true, true, BookEditorPick.class, null),
    REMOVEBOOKS(true, true, Integer.class, null),
    REMOVEALLBOOKS(true, true, null, null);

    /** Upper-case tag (and the alias {@code GETBOOKSBYISBN}) to operation. */
    private static final Map<String, Operation> BY_TAG = new HashMap<>();

    static {
        for (Operation operation : values()) {
            BY_TAG.put(operation.name(), operation);
        }
        BY_TAG.put("GETBOOKSBYISBN", GETSTOCKBOOKSBYISBN);
    }

    private final boolean stock;
    /** Whether a call may change the store (a refused {@code BUYBOOKS} still records its misses). */
    private final boolean mutates;
    /** {@code int.class} for a number, the element type for a set, {@code null} for none. */
    private final Class<?> argument;
    /** The element type of the answered list, {@code null} when the call answers nothing. */
    private final Class<?> result;

    Operation(boolean stock, boolean mutates, Class<?> argument, Class<?> result) {
        this.stock = stock;
        this.mutates = mutates;
        this.argument = argument;
        this.result = result;
    }

    /** The operation with this tag (any case) on this side of {@code /stock}, or {@code null}. */
    public static Operation find(String tag, boolean underStock) {
        Operation operation = BY_TAG.get(tag.toUpperCase(Locale.ROOT));
        return operation != null && operation.stock == underStock ? operation : null;
    }

    /** Whether the operation lives under {@code /stock} (and only there). */
    public boolean isStock() {
        return stock;
    }

    /**
     * Whether a call may change the store. Such a call is never sent twice unless it provably did
     * not reach the server; a call that does not may be repeated freely.
     */
    public boolean mutates() {
        return mutates;
    }

    /** The path of this operation relative to its base URL, e.g. {@code /BUYBOOKS}. */
    public String path() {
        return "/" + name();
    }

    /**
     * Checks that a decoded request carries what this operation takes: nothing; a number; or a
     * set (or an explicit {@code null}, which the store refuses with its own message) whose
     * elements are {@code null} or of the right type.
     *
     * @throws WireFormatException naming the operation and what was wrong
     */
    public void checkArgument(WireRequest request) throws WireFormatException {
        if (argument == null) {
            if (request.hasArgument()) {
                throw new WireFormatException(name() + " takes no argument");
            }
            return;
        }
        if (!request.hasArgument()) {
            throw new WireFormatException(name() + " is missing its argument (" + expected() + ")");
        }
        Object value = request.argument();
        if (argument == int.class) {
            if (!(value instanceof Integer)) {
                throw new WireFormatException(name() + " expects " + expected() + ", got " + describe(value));
            }
            return;
        }
        if (value == null) {
            return;
        }
        if (!(value instanceof HashSet)) {
            throw new WireFormatException(name() + " expects " + expected() + ", got " + describe(value));
        }
        for (Object element : (HashSet<?>) value) {
            if (element != null && element.getClass() != argument) {
                throw new WireFormatException(name() + " expects " + expected() + ", got a set holding "
                        + describe(element));
            }
        }
    }

    /**
     * Checks that an answer holds what this operation returns, so that a proxy never hands its
     * caller a list of the wrong type.
     *
     * @throws WireFormatException naming the operation and what was wrong
     */
    public void checkResult(WireResponse response) throws WireFormatException {
        List<?> list = response.result();
        if (result == null || list == null) {
            if (result != null || list != null) {
                throw new WireFormatException(name() + (result == null ? " answers nothing, got a list"
                        : " answers a list, got nothing"));
            }
            return;
        }
        for (Object element : list) {
            if (element == null || element.getClass() != result) {
                throw new WireFormatException(name() + " answers a list of " + result.getSimpleName()
                        + ", got a list holding " + describe(element));
            }
        }
    }

    private String expected() {
        return argument == int.class ? "an int" : "a set of " + argument.getSimpleName();
    }

    private static String describe(Object value) {
        return value == null ? "null" : "a " + value.getClass().getSimpleName();
    }
}
