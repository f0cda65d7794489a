package com.acertainbookstore.workload;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A deliberately broken store (or proxy) for the checker's tests, in front of a real one: with
 * {@link Fault#STALE_READS} every {@code n}-th {@code getBooksByISBN} answers what an earlier read of
 * the same books answered (a stale copy); with {@link Fault#DROPPED_WRITES} every {@code n}-th
 * {@code addCopies} or successful-looking {@code buyBooks} is dropped while reporting success.
 * Everything else goes to the real store. Thread-safe.
 */
final class BrokenStore implements BookStore, StockManager {

    /** What is broken. */
    enum Fault { STALE_READS, DROPPED_WRITES }

    private final BookStore store;
    private final StockManager stock;
    private final Fault fault;
    private final int every;
    private final AtomicLong calls = new AtomicLong();
    private final AtomicLong faults = new AtomicLong();
    private final Map<Set<Integer>, List<StockBook>> lastAnswers = new ConcurrentHashMap<>();

    BrokenStore(BookStore store, StockManager stock, Fault fault, int every) {
        this.store = store;
        this.stock = stock;
        this.fault = fault;
        this.every = every;
    }

    /** How many calls were answered wrongly. */
    long faults() {
        return faults.get();
    }

    private boolean strikes(Fault kind) {
        return fault == kind && calls.incrementAndGet() % every == 0;
    }

    @Override
    public List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException {
        if (strikes(Fault.STALE_READS)) {
            List<StockBook> stale = lastAnswers.get(isbnSet);
            if (stale != null) {
                faults.incrementAndGet();
                return stale;
            }
        }
        List<StockBook> answer = stock.getBooksByISBN(isbnSet);
        lastAnswers.putIfAbsent(Set.copyOf(isbnSet), answer);
        return answer;
    }

    @Override
    public void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException {
        if (strikes(Fault.DROPPED_WRITES)) {
            faults.incrementAndGet();
            return;
        }
        stock.addCopies(bookCopiesSet);
    }

    @Override
    public void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException {
        if (strikes(Fault.DROPPED_WRITES)) {
            faults.incrementAndGet();
            return;
        }
        store.buyBooks(booksToBuy);
    }

    @Override
    public void rateBooks(Set<BookRating> bookRating) throws BookStoreException {
        store.rateBooks(bookRating);
    }

    @Override
    public List<Book> getBooks(Set<Integer> isbnSet) throws BookStoreException {
        return store.getBooks(isbnSet);
    }

    @Override
    public List<Book> getTopRatedBooks(int numBooks) throws BookStoreException {
        return store.getTopRatedBooks(numBooks);
    }

    @Override
    public List<Book> getEditorPicks(int numBooks) throws BookStoreException {
        return store.getEditorPicks(numBooks);
    }

    @Override
    public void addBooks(Set<StockBook> bookSet) throws BookStoreException {
        stock.addBooks(bookSet);
    }

    @Override
    public List<StockBook> getBooks() throws BookStoreException {
        return stock.getBooks();
    }

    @Override
    public List<StockBook> getBooksInDemand() throws BookStoreException {
        return stock.getBooksInDemand();
    }

    @Override
    public void updateEditorPicks(Set<BookEditorPick> editorPicks) throws BookStoreException {
        stock.updateEditorPicks(editorPicks);
    }

    @Override
    public void removeBooks(Set<Integer> isbnSet) throws BookStoreException {
        stock.removeBooks(isbnSet);
    }

    @Override
    public void removeAllBooks() throws BookStoreException {
        lastAnswers.clear();
        stock.removeAllBooks();
    }
}
