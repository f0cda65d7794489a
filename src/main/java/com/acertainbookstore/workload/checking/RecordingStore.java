package com.acertainbookstore.workload.checking;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.history.Method;
import com.acertainbookstore.history.Outcome;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import java.util.List;
import java.util.Set;

/**
 * One worker's view of the store that records each call it passes on (method, argument, start and
 * end on {@code System.nanoTime}, outcome) into that worker's {@link CallLog}. The methods the
 * checker has no model of (none of which the harness's workers call) are refused. Not thread-safe: one
 * per worker (the store behind it is shared and thread-safe).
 */
public final class RecordingStore implements BookStore, StockManager {

    /** A call to pass on. */
    @FunctionalInterface
    private interface StoreCall<T> {
        T call() throws BookStoreException;
    }

    private final BookStore store;
    private final StockManager stock;
    private final CallLog log;

    public RecordingStore(BookStore store, StockManager stock, CallLog log) {
        this.store = store;
        this.stock = stock;
        this.log = log;
    }

    private <T> T record(Method method, Object argument, StoreCall<T> call) throws BookStoreException {
        long start = System.nanoTime();
        T result;
        try {
            result = call.call();
        } catch (BookStoreException | RuntimeException e) {
            log.add(new CallLog.Recorded(method, argument, start, System.nanoTime(),
                    OutcomeClassifier.of(e, method.mutating()), null, e.getMessage()));
            throw e;
        }
        log.add(new CallLog.Recorded(method, argument, start, System.nanoTime(), Outcome.OK,
                result instanceof List<?> list ? cast(list) : null, null));
        return result;
    }

    @SuppressWarnings("unchecked")
    private static List<? extends Book> cast(List<?> books) {
        return (List<? extends Book>) books;
    }

    @Override
    public void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException {
        record(Method.BUY_BOOKS, booksToBuy, () -> {
            store.buyBooks(booksToBuy);
            return null;
        });
    }

    @Override
    public List<Book> getEditorPicks(int numBooks) throws BookStoreException {
        return record(Method.GET_EDITOR_PICKS, numBooks, () -> store.getEditorPicks(numBooks));
    }

    @Override
    public void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException {
        record(Method.ADD_COPIES, bookCopiesSet, () -> {
            stock.addCopies(bookCopiesSet);
            return null;
        });
    }

    @Override
    public void addBooks(Set<StockBook> bookSet) throws BookStoreException {
        record(Method.ADD_BOOKS, bookSet, () -> {
            stock.addBooks(bookSet);
            return null;
        });
    }

    @Override
    public List<StockBook> getBooks() throws BookStoreException {
        return record(Method.GET_BOOKS, null, stock::getBooks);
    }

    @Override
    public List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException {
        return record(Method.GET_BOOKS_BY_ISBN, isbnSet, () -> stock.getBooksByISBN(isbnSet));
    }

    @Override
    public void rateBooks(Set<BookRating> bookRating) {
        throw notRecorded("rateBooks");
    }

    @Override
    public List<Book> getBooks(Set<Integer> isbnSet) {
        throw notRecorded("getBooks(Set)");
    }

    @Override
    public List<Book> getTopRatedBooks(int numBooks) {
        throw notRecorded("getTopRatedBooks");
    }

    @Override
    public List<StockBook> getBooksInDemand() {
        throw notRecorded("getBooksInDemand");
    }

    @Override
    public void updateEditorPicks(Set<BookEditorPick> editorPicks) {
        throw notRecorded("updateEditorPicks");
    }

    @Override
    public void removeBooks(Set<Integer> isbnSet) throws BookStoreException {
        record(Method.REMOVE_BOOKS, isbnSet, () -> {
            stock.removeBooks(isbnSet);
            return null;
        });
    }

    @Override
    public void removeAllBooks() {
        throw notRecorded("removeAllBooks");
    }

    private static IllegalStateException notRecorded(String method) {
        return new IllegalStateException(method + " is not called by the workload, and histories have no model of it");
    }
}
