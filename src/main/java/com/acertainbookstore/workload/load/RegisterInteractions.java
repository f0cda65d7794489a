package com.acertainbookstore.workload.load;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.workload.results.Call;
import com.acertainbookstore.workload.results.InteractionType;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The register profile's interactions: one call each on one of the hot books (ISBN
 * 1..{@code workload.registerBooks}), drawn uniformly: buy one copy (the customer type; refused
 * when none is left), add {@code workload.copiesToAdd} copies (replenishment), read its stock
 * (acquisition type: {@code getBooksByISBN}). Few books and many workers make the calls on each
 * book overlap, which is what a linearizability check needs. Safe to share between workers: it
 * holds only the thread-safe store interfaces and settings.
 */
final class RegisterInteractions {

    private final BookStore store;
    private final StockManager stock;
    private final int books;
    private final int copiesToAdd;

    RegisterInteractions(BookStore store, StockManager stock, int books, int copiesToAdd) {
        this.store = store;
        this.stock = stock;
        this.books = books;
        this.copiesToAdd = copiesToAdd;
    }

    /** Runs one interaction that started at {@code startNs}; returns when it ended (nanoTime). */
    long run(InteractionType type, WorkerLog log, SplittableRandom random, boolean measured, long startNs)
            throws BookStoreException {
        int isbn = 1 + random.nextInt(books);
        try {
            switch (type) {
                case CUSTOMER -> {
                    store.buyBooks(Set.of(new BookCopy(isbn, 1)));
                    log.bought[isbn]++;
                }
                case REPLENISHMENT -> {
                    stock.addCopies(Set.of(new BookCopy(isbn, copiesToAdd)));
                    log.added[isbn] += copiesToAdd;
                }
                case ACQUISITION -> stock.getBooksByISBN(Set.of(isbn));
            }
        } catch (OutcomeUnknownException e) {
            switch (type) {
                case CUSTOMER -> log.boughtUnknown[isbn]++;
                case REPLENISHMENT -> log.addedUnknown[isbn] += copiesToAdd;
                case ACQUISITION -> { }
            }
            throw e;
        }
        long end = System.nanoTime();
        if (measured) {
            switch (type) {
                case CUSTOMER -> log.recordCall(Call.BUY_BOOKS, end - startNs);
                case REPLENISHMENT -> log.recordCall(Call.ADD_COPIES, end - startNs);
                case ACQUISITION -> { }
            }
        }
        return end;
    }
}
