package com.acertainbookstore.server;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireResponse;
import java.util.ArrayList;
import java.util.List;

/**
 * The answer of one call of a {@link StoreService}, immutable: what happened and the result or
 * the message; the handler turns it into a status and a body.
 *
 * @param kind what happened
 * @param result the answer's body when {@code kind} is {@link Kind#OK}, else {@code null}
 * @param message the error message otherwise, else {@code null}
 */
public record StoreAnswer(Kind kind, WireResponse result, String message) {

    /** What happened to a call, and the status it is answered with. */
    public enum Kind {
        /** Done (a write committed and applied, or a read served): 200. */
        OK(200),
        /** The call cannot be carried out as sent (checked before anything was submitted): 400. */
        BAD_REQUEST(400),
        /** The store refused the call, decided in log order for a write: 422. */
        REFUSED(422),
        /** The group could not answer in time; nothing is known of a write: 503. */
        UNAVAILABLE(503),
        /** A write whose outcome is unknown for good (its id was overtaken): 410. */
        OUTCOME_UNKNOWN(410);

        private final int status;

        Kind(int status) {
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    public StoreAnswer {
        if (kind == null || (kind == Kind.OK) != (result != null) || (kind == Kind.OK) == (message != null)) {
            throw new IllegalArgumentException("an OK answer carries a result, any other a message (kind " + kind
                    + ")");
        }
    }

    public static StoreAnswer ok(WireResponse result) {
        return new StoreAnswer(Kind.OK, result, null);
    }

    public static StoreAnswer error(Kind kind, String message) {
        return new StoreAnswer(kind, null, message);
    }

    /**
     * The body of a call's answer: nothing for an operation that answers nothing ({@code books}
     * {@code null}), the stock manager's view of the books for a {@code /stock} operation, else the
     * customer's.
     */
    @SuppressWarnings("unchecked")
    public static WireResponse of(Operation operation, List<? extends Book> books) {
        if (books == null) {
            return WireResponse.empty();
        }
        return operation.isStock() ? stockBooks((List<? extends StockBook>) books) : books(books);
    }

    /** The customer's view of {@code books}: plain {@link ImmutableBook}s only, whatever was given. */
    public static WireResponse books(List<? extends Book> books) {
        if (allOf(books, ImmutableBook.class)) {
            return WireResponse.of(books);
        }
        ArrayList<Object> wire = new ArrayList<>(books.size());
        for (Book book : books) {
            wire.add(book.getClass() == ImmutableBook.class ? book
                    : new ImmutableBook(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice()));
        }
        return WireResponse.of(wire);
    }

    /** The stock manager's view of {@code books}: {@link ImmutableStockBook}s with every field. */
    public static WireResponse stockBooks(List<? extends StockBook> books) {
        if (allOf(books, ImmutableStockBook.class)) {
            return WireResponse.of(books);
        }
        ArrayList<Object> wire = new ArrayList<>(books.size());
        for (StockBook book : books) {
            wire.add(book instanceof ImmutableStockBook ? book
                    : new ImmutableStockBook(book.getISBN(), book.getTitle(), book.getAuthor(),
                            book.getPrice(), book.getNumCopies(), book.getNumSaleMisses(),
                            book.getNumTimesRated(), book.getTotalRating(), book.isEditorPick()));
        }
        return WireResponse.of(wire);
    }

    /**
     * Whether {@code books} is an {@code ArrayList} (a fresh one: the store answers each call with
     * its own) holding instances of exactly {@code type}: then it is carried as it is, instead of
     * being copied into another list (which, for a listing of the store, cost the server more than
     * the store call).
     */
    private static boolean allOf(List<?> books, Class<?> type) {
        if (books.getClass() != ArrayList.class) {
            return false;
        }
        for (Object book : books) {
            if (book == null || book.getClass() != type) {
                return false;
            }
        }
        return true;
    }
}
