package com.acertainbookstore.workload;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.StockManager;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A broken stock manager for the audit's test: every {@code n}-th {@code addCopies} is dropped
 * while reporting success; every other call goes to the real store. Thread-safe.
 */
final class LossyStockManager implements StockManager {

    private final StockManager store;
    private final int every;
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    LossyStockManager(StockManager store, int every) {
        this.store = store;
        this.every = every;
    }

    long dropped() {
        return dropped.get();
    }

    @Override
    public void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException {
        if (calls.incrementAndGet() % every == 0) {
            dropped.incrementAndGet();
            return;
        }
        store.addCopies(bookCopiesSet);
    }

    @Override
    public void addBooks(Set<StockBook> bookSet) throws BookStoreException {
        store.addBooks(bookSet);
    }

    @Override
    public List<StockBook> getBooks() throws BookStoreException {
        return store.getBooks();
    }

    @Override
    public List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException {
        return store.getBooksByISBN(isbnSet);
    }

    @Override
    public List<StockBook> getBooksInDemand() throws BookStoreException {
        return store.getBooksInDemand();
    }

    @Override
    public void updateEditorPicks(Set<BookEditorPick> editorPicks) throws BookStoreException {
        store.updateEditorPicks(editorPicks);
    }

    @Override
    public void removeBooks(Set<Integer> isbnSet) throws BookStoreException {
        store.removeBooks(isbnSet);
    }

    @Override
    public void removeAllBooks() throws BookStoreException {
        store.removeAllBooks();
    }
}
