package com.acertainbookstore.server;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireResponse;
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
            case GETBOOKS -> StoreAnswer.books(client.getBooks((Set<Integer>) argument));
            case GETTOPRATEDBOOKS -> StoreAnswer.books(client.getTopRatedBooks((Integer) argument));
            case GETEDITORPICKS -> StoreAnswer.books(client.getEditorPicks((Integer) argument));
            case ADDBOOKS -> {
                stock.addBooks((Set<StockBook>) argument);
                yield WireResponse.empty();
            }
            case ADDCOPIES -> {
                stock.addCopies((Set<BookCopy>) argument);
                yield WireResponse.empty();
            }
            case LISTBOOKS -> StoreAnswer.stockBooks(stock.getBooks());
            case GETSTOCKBOOKSBYISBN -> StoreAnswer.stockBooks(stock.getBooksByISBN((Set<Integer>) argument));
            case GETBOOKSINDEMAND -> StoreAnswer.stockBooks(stock.getBooksInDemand());
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
}
