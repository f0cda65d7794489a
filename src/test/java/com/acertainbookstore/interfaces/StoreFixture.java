package com.acertainbookstore.interfaces;

/**
 * One empty store under test, seen through its two interfaces. Closing it releases whatever the
 * implementation started (nothing for the in-process store; connections for the HTTP proxies).
 */
public interface StoreFixture extends AutoCloseable {

    BookStore client();

    StockManager stock();

    @Override
    void close() throws Exception;
}
