package com.acertainbookstore.workload.running;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.store.CertainBookStore;
import com.acertainbookstore.workload.targets.Target;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * A store behind a gate, for tests of how the harness measures a stall: every call first passes
 * {@link #gate} (which may hold it), then goes to a real in-process store. Two gates are built in:
 * a freeze of a known span that starts a known time after the first interaction's first call, and
 * a fixed delay on every call. Thread-safe.
 */
final class GatedStore implements BookStore, StockManager {

    /** Decides whether, and how long, a call waits before it reaches the store. */
    @FunctionalInterface
    interface Gate {
        void pass(String method);
    }

    private final CertainBookStore store = new CertainBookStore(Locking.SINGLE);
    private final Gate gate;

    GatedStore(Gate gate) {
        this.gate = gate;
    }

    /** The store's own target, in-process, sampled like any other. */
    Target target() {
        return Target.inProcess(Locking.SINGLE, this, this);
    }

    /**
     * A gate that, from {@code afterNs} after the first call of an interaction (a read:
     * {@code getEditorPicks} or {@code getBooks}; the reset before a repetition writes only) until
     * {@code forNs} later, holds every call until the freeze ends, like a stalled server.
     */
    static final class Freeze implements Gate {

        private final long afterNs;
        private final long forNs;
        private final AtomicLong firstNs = new AtomicLong(Long.MIN_VALUE);

        Freeze(long afterNs, long forNs) {
            this.afterNs = afterNs;
            this.forNs = forNs;
        }

        @Override
        public void pass(String method) {
            long now = System.nanoTime();
            if (firstNs.get() == Long.MIN_VALUE && (method.equals("getEditorPicks") || method.equals("getBooks"))) {
                firstNs.compareAndSet(Long.MIN_VALUE, now);
            }
            long first = firstNs.get();
            if (first == Long.MIN_VALUE) {
                return;
            }
            long end = first + afterNs + forNs;
            if (now >= first + afterNs) {
                for (long wait = end - now; wait > 0; wait = end - System.nanoTime()) {
                    LockSupport.parkNanos(wait);
                }
            }
        }
    }

    /** A gate that delays every call by {@code delayNs}: a store that serves a bounded rate. */
    static Gate delay(long delayNs) {
        return method -> {
            long end = System.nanoTime() + delayNs;
            for (long wait = delayNs; wait > 0; wait = end - System.nanoTime()) {
                LockSupport.parkNanos(wait);
            }
        };
    }

    @Override
    public void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException {
        gate.pass("buyBooks");
        store.buyBooks(booksToBuy);
    }

    @Override
    public void rateBooks(Set<BookRating> bookRating) throws BookStoreException {
        gate.pass("rateBooks");
        store.rateBooks(bookRating);
    }

    @Override
    public List<Book> getBooks(Set<Integer> isbnSet) throws BookStoreException {
        gate.pass("getBooksByIsbn");
        return store.getBooks(isbnSet);
    }

    @Override
    public List<Book> getTopRatedBooks(int numBooks) throws BookStoreException {
        gate.pass("getTopRatedBooks");
        return store.getTopRatedBooks(numBooks);
    }

    @Override
    public List<Book> getEditorPicks(int numBooks) throws BookStoreException {
        gate.pass("getEditorPicks");
        return store.getEditorPicks(numBooks);
    }

    @Override
    public void addBooks(Set<StockBook> bookSet) throws BookStoreException {
        gate.pass("addBooks");
        store.addBooks(bookSet);
    }

    @Override
    public void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException {
        gate.pass("addCopies");
        store.addCopies(bookCopiesSet);
    }

    @Override
    public List<StockBook> getBooks() throws BookStoreException {
        gate.pass("getBooks");
        return store.getBooks();
    }

    @Override
    public List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException {
        gate.pass("getBooksByISBN");
        return store.getBooksByISBN(isbnSet);
    }

    @Override
    public List<StockBook> getBooksInDemand() throws BookStoreException {
        gate.pass("getBooksInDemand");
        return store.getBooksInDemand();
    }

    @Override
    public void updateEditorPicks(Set<BookEditorPick> editorPicks) throws BookStoreException {
        gate.pass("updateEditorPicks");
        store.updateEditorPicks(editorPicks);
    }

    @Override
    public void removeBooks(Set<Integer> isbnSet) throws BookStoreException {
        gate.pass("removeBooks");
        store.removeBooks(isbnSet);
    }

    @Override
    public void removeAllBooks() throws BookStoreException {
        gate.pass("removeAllBooks");
        store.removeAllBooks();
    }
}
