package com.acertainbookstore.protocol;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The one table of the calls (immutable, safe to share), named by the handout's message tags: for
 * each, its code in the replication formats, whether it lives under {@code /stock}, whether it may
 * change the store, whether it reads or changes the whole store or only the books it names, what
 * argument it takes, what it answers, and how it is applied to a store. The
 * server, the state machine, the binary formats and the history checker all go through this
 * table, so adding an operation is one row here.
 */
public enum Operation {

    BUYBOOKS(1, false, true, false, BookCopy.class, null, (client, stock, argument) -> {
        client.buyBooks(set(argument));
        return null;
    }),
    RATEBOOKS(2, false, true, false, BookRating.class, null, (client, stock, argument) -> {
        client.rateBooks(set(argument));
        return null;
    }),
    GETBOOKS(3, false, false, false, Integer.class, ImmutableBook.class,
            (client, stock, argument) -> client.getBooks(set(argument))),
    GETTOPRATEDBOOKS(4, false, false, true, int.class, ImmutableBook.class,
            (client, stock, argument) -> client.getTopRatedBooks((Integer) argument)),
    GETEDITORPICKS(5, false, false, true, int.class, ImmutableBook.class,
            (client, stock, argument) -> client.getEditorPicks((Integer) argument)),
    ADDBOOKS(6, true, true, false, ImmutableStockBook.class, null, (client, stock, argument) -> {
        stock.addBooks(set(argument));
        return null;
    }),
    ADDCOPIES(7, true, true, false, BookCopy.class, null, (client, stock, argument) -> {
        stock.addCopies(set(argument));
        return null;
    }),
    LISTBOOKS(8, true, false, true, null, ImmutableStockBook.class, (client, stock, argument) -> stock.getBooks()),
    GETSTOCKBOOKSBYISBN(9, true, false, false, Integer.class, ImmutableStockBook.class,
            (client, stock, argument) -> stock.getBooksByISBN(set(argument))),
    GETBOOKSINDEMAND(10, true, false, true, null, ImmutableStockBook.class,
            (client, stock, argument) -> stock.getBooksInDemand()),
    UPDATEEDITORPICKS(11, true, true, false, BookEditorPick.class, null, (client, stock, argument) -> {
        stock.updateEditorPicks(set(argument));
        return null;
    }),
    REMOVEBOOKS(12, true, true, false, Integer.class, null, (client, stock, argument) -> {
        stock.removeBooks(set(argument));
        return null;
    }),
    REMOVEALLBOOKS(13, true, true, true, null, null, (client, stock, argument) -> {
        stock.removeAllBooks();
        return null;
    });

    /** How a call is applied to a store: the store's method, and its answer ({@code null} for none). */
    @FunctionalInterface
    private interface Application {
        List<? extends Book> apply(BookStore client, StockManager stock, Object argument) throws BookStoreException;
    }

    /** Upper-case tag (and the alias {@code GETBOOKSBYISBN}) to operation. */
    private static final Map<String, Operation> BY_TAG = new HashMap<>();

    static {
        for (Operation operation : values()) {
            BY_TAG.put(operation.name(), operation);
        }
        BY_TAG.put("GETBOOKSBYISBN", GETSTOCKBOOKSBYISBN);
    }

    /**
     * The one-byte code of the operation in the replication formats: fixed here, not the enum's
     * ordinal, so that reordering this table never changes how an existing log reads.
     */
    private final int code;
    private final boolean stock;
    /** Whether a call may change the store (a refused {@code BUYBOOKS} still records its misses). */
    private final boolean mutates;
    /** Whether a call reads or changes the whole store, rather than only the books it names. */
    private final boolean wholeStore;
    /** {@code int.class} for a number, the element type for a set, {@code null} for none. */
    private final Class<?> argument;
    /** The element type of the answered list, {@code null} when the call answers nothing. */
    private final Class<?> result;
    private final Application application;

    Operation(int code, boolean stock, boolean mutates, boolean wholeStore, Class<?> argument, Class<?> result,
            Application application) {
        this.code = code;
        this.stock = stock;
        this.mutates = mutates;
        this.wholeStore = wholeStore;
        this.argument = argument;
        this.result = result;
        this.application = application;
    }

    /** The operation of this replication-format code, or {@code null} when no operation has it. */
    public static Operation ofCode(int code) {
        for (Operation operation : values()) {
            if (operation.code == code) {
                return operation;
            }
        }
        return null;
    }

    /** Its code in the replication formats (1..255), fixed for good. */
    public int code() {
        return code;
    }

    /** The element type of the set it takes, or {@code null} when its argument is a number or nothing. */
    public Class<?> setElement() {
        return argument == null || argument == int.class ? null : argument;
    }

    /**
     * Applies one call to a store, through the customer's or the stock manager's interface, with
     * an argument of the operation's shape (checked by {@link #checkArgument}, so the casts cannot
     * fail): the store's answer, or {@code null} for an operation that answers nothing.
     *
     * @throws BookStoreException the store refused the call (nothing changed)
     */
    public List<? extends Book> applyTo(BookStore client, StockManager stock, Object argument)
            throws BookStoreException {
        return application.apply(client, stock, argument);
    }

    /** A set argument, of the element type the operation's row names. */
    @SuppressWarnings("unchecked")
    private static <T> Set<T> set(Object argument) {
        return (Set<T>) argument;
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

    /**
     * Whether a call reads or changes the whole store (a listing, the editor picks, removing every
     * book), rather than only the books it names: a history checker cannot split such a call by book.
     */
    public boolean wholeStore() {
        return wholeStore;
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
