package com.acertainbookstore.server;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireResponse;

/**
 * Calls the store for one decoded operation, through the table of operations, and wraps the
 * result for the wire. Holds no state of its own: safe to share between threads whenever the
 * store is.
 */
final class StoreDispatcher {

    private final BookStore client;
    private final StockManager stock;

    StoreDispatcher(BookStore client, StockManager stock) {
        this.client = client;
        this.stock = stock;
    }

    /** Calls {@code operation} with an argument already checked by {@link Operation#checkArgument}. */
    WireResponse call(Operation operation, Object argument) throws BookStoreException {
        return StoreAnswer.of(operation, operation.applyTo(client, stock, argument));
    }
}
