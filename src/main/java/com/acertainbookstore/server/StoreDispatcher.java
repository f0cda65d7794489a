package com.acertainbookstore.server;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.WireResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Calls the store for one decoded operation and wraps the result for the wire. Holds no state of
 * its own: safe to share between threads whenever the store is.
 */
final class StoreDispatcher {

    private final BookStore client;
    private final StockManager stock;

    StoreDispatcher(BookStore client, StockManager stock) {
        this.client = client;
        this.stock = stock;
    }

    /**
     * Calls {@code operation} with an argument already checked by
     * {@link Operation#checkArgument}, so the casts below cannot fail.
     */
    @SuppressWarnings("unchecked")
    WireResponse call(Operation operation, Object argument) throws BookStoreException {
        return switch (operation) {
            case BUYBOOKS -> {
                client.buyBooks((Set<BookCopy>) argument);
                yield WireResponse.empty();
            }
            case RATEBOOKS -> {
                client.rateBooks((Set<BookRating>) argument);
                yield WireResponse.empty();
            }
            case GETBOOKS -> books(client.getBooks((Set<Integer>) argument));
            case GETTOPRATEDBOOKS -> books(client.getTopRatedBooks((Integer) argument));
            case GETEDITORPICKS -> books(client.getEditorPicks((Integer) argument));
            case ADDBOOKS -> {
                stock.addBooks((Set<StockBook>) argument);
                yield WireResponse.empty();
            }
            case ADDCOPIES -> {
                stock.addCopies((Set<BookCopy>) argument);
                yield WireResponse.empty();
            }
            case LISTBOOKS -> stockBooks(stock.getBooks());
            case GETSTOCKBOOKSBYISBN -> stockBooks(stock.getBooksByISBN((Set<Integer>) argument));
            case GETBOOKSINDEMAND -> stockBooks(stock.getBooksInDemand());
            case UPDATEEDITORPICKS -> {
                stock.updateEditorPicks((Set<BookEditorPick>) argument);
                yield WireResponse.empty();
            }
            case REMOVEBOOKS -> {
                stock.removeBooks((Set<Integer>) argument);
                yield WireResponse.empty();
            }
            case REMOVEALLBOOKS -> {
                stock.removeAllBooks();
                yield WireResponse.empty();
            }
        };
    }

    /** The customer's view: plain {@code ImmutableBook}s only, whatever the store returned. */
    private static WireResponse books(List<Book> books) {
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

    private static WireResponse stockBooks(List<StockBook> books) {
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
