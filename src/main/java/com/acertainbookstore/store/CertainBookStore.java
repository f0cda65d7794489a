package com.acertainbookstore.store;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.business.StoreRules;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.locks.Lock;
import java.util.function.ToIntFunction;

/**
 * The bookstore: both the customer's {@link BookStore} and the stock manager's
 * {@link StockManager}, safe to share between any number of threads, every call atomic.
 *
 * <h2>Concurrency</h2>
 *
 * <p><b>Locks.</b> A store lock ({@link LockPolicy#storeLock}, a non-fair, non-reentrant
 * read-write lock: a {@code StampedLock} that spins briefly before parking, see
 * {@link SpinningReadWriteLock}) guards the {@link Catalogue}: which books exist, their ISBN
 * order and the editor-pick index, and every book's editor flag. In {@link Locking#SINGLE} it also
 * guards every book's stock (copies, sale misses, ratings). In {@link Locking#TWO_LEVEL} each
 * book's stock is guarded by that book's own non-fair read-write lock ({@link BookEntry#lock})
 * taken while the store lock is held shared, or by the store lock held exclusively.
 *
 * <p><b>Who takes what.</b> Each call names the scope it touches and {@link LockPolicy} maps it to
 * locks:
 * <table>
 * <caption>locks per call</caption>
 * <tr><th>call</th><th>SINGLE</th><th>TWO_LEVEL</th></tr>
 * <tr><td>getBooks(isbns), getEditorPicks (fixed fields only)</td><td>store shared</td>
 *     <td>store shared</td></tr>
 * <tr><td>getBooksByISBN</td><td>store shared</td><td>store shared + books shared</td></tr>
 * <tr><td>buyBooks, addCopies, rateBooks</td><td>store exclusive</td>
 *     <td>store shared + books exclusive</td></tr>
 * <tr><td>getBooks(), getBooksInDemand, getTopRatedBooks</td><td>store shared</td>
 *     <td>store exclusive</td></tr>
 * <tr><td>addBooks, removeBooks, removeAllBooks, updateEditorPicks, replaceAllBooks</td><td>store exclusive</td>
 *     <td>store exclusive</td></tr>
 * </table>
 * A book's title, author and price never change after it is added, so reading them needs only
 * the lock that keeps the book present (the store lock, shared). A {@code buyBooks} that fails
 * still writes sale misses, so it always takes its locks in write mode.
 *
 * <p><b>Order, and no waiting while holding, hence no deadlock.</b> The store lock is always taken
 * first; book locks are taken only while it is held shared, each call's books in strictly
 * ascending ISBN order (arguments are sorted and duplicate ISBNs refused first), and only by
 * {@code tryLock}. If one is busy the call releases everything it took (its books, then the store
 * lock), waits for that book's lock holding nothing, and starts over. So no thread ever waits
 * while holding a lock: no cycle of waiting threads can form, and a buyer blocked on one hot book
 * does not stall everyone who needs another book it holds (that cascade made two-level locking
 * collapse at a thousand threads). An attempt that starts over has changed nothing. No lock is
 * upgraded, and no call takes a lock it already holds (the locks are not reentrant, so that would
 * deadlock the caller alone). Like the locks themselves, the retry is not fair: a call can in
 * principle lose every race, which the harness's maximum latency would show.
 *
 * <p><b>Why each call is atomic.</b> Strict two-phase locking: a call takes every lock it needs
 * before it reads or writes anything, and releases them only when it returns or throws. Every
 * state check (is the book there, are there enough copies) happens after the locks are held and
 * before any change; then all changes are applied. Two calls that conflict (one writes what the
 * other reads or writes) hold conflicting modes of a common lock, so one runs wholly before the
 * other: the history is equivalent to a serial one, the store is linearizable. Whole-store reads in
 * two-level mode take the store lock exclusively because book writers hold it shared.
 *
 * <p><b>Visibility.</b> Every field is written only while its guarding lock is held in write mode
 * and read only while it is held in some mode, so lock release/acquire orders the accesses.
 * Arguments are copied into arrays before any lock is taken, so a caller changing its set
 * afterwards cannot change the store; results are immutable copies.
 */
public final class CertainBookStore implements BookStore, StockManager {

    private final LockPolicy locks;
    /** Guarded by the store lock ({@code locks.storeLock}). */
    private final Catalogue catalogue = new Catalogue();

    /** A store with {@link Locking#DEFAULT} locking. */
    public CertainBookStore() {
        this(Locking.DEFAULT);
    }

    public CertainBookStore(Locking locking) {
        this(LockPolicy.of(requireLocking(locking)));
    }

    /** For tests: a store whose locks are taken by the given policy. */
    CertainBookStore(LockPolicy locks) {
        this.locks = locks;
    }

    // ---------------------------------------------------------------- customer

    @Override
    public void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException {
        BookCopy[] request = Requests.copies(booksToBuy, "booksToBuy");
        onNamedBooks(isbnsOf(request, BookCopy::getISBN), true, books -> {
            int firstShort = -1;
            for (int i = books.length - 1; i >= 0; i--) {
                if (StoreRules.missed(request[i].getNumCopies(), books[i].copies()) > 0) {
                    firstShort = i;
                }
            }
            if (firstShort >= 0) {
                for (int i = 0; i < books.length; i++) {
                    long missed = StoreRules.missed(request[i].getNumCopies(), books[i].copies());
                    if (missed > 0) {
                        books[i].recordSaleMisses(missed);
                    }
                }
                throw new BookStoreException(StoreRules.shortProblem(books[firstShort].isbn,
                        request[firstShort].getNumCopies(), books[firstShort].copies()));
            }
            for (int i = 0; i < books.length; i++) {
                books[i].removeCopies(request[i].getNumCopies());
            }
            return null;
        });
    }

    @Override
    public void rateBooks(Set<BookRating> bookRating) throws BookStoreException {
        BookRating[] ratings = Requests.ratings(bookRating, "bookRating");
        onNamedBooks(isbnsOf(ratings, BookRating::getISBN), true, books -> {
            for (BookEntry book : books) {
                Requests.refuseIf(StoreRules.rateProblem(book.isbn, book.timesRated()));
            }
            for (int i = 0; i < books.length; i++) {
                books[i].rate(ratings[i].getRating());
            }
            return null;
        });
    }

    @Override
    public List<Book> getBooks(Set<Integer> isbnSet) throws BookStoreException {
        int[] isbns = Requests.isbns(isbnSet, "isbnSet");
        return under(locks.structureRead(), () -> {
            List<Book> result = new ArrayList<>(isbns.length);
            for (BookEntry book : catalogue.require(isbns)) {
                result.add(book.view);
            }
            return result;
        });
    }

    @Override
    public List<Book> getTopRatedBooks(int numBooks) throws BookStoreException {
        Requests.checkNumBooks(numBooks);
        return under(locks.wholeStoreRead(), () -> {
            BookEntry[] books = catalogue.inOrder().clone();
            float[] average = new float[books.length];
            Integer[] order = new Integer[books.length];
            for (int i = 0; i < books.length; i++) {
                average[i] = books[i].averageRating();
                order[i] = i;
            }
            // Stable sort over ISBN order: ties keep ascending ISBN; never rated (-1) sort last.
            Arrays.sort(order, Comparator.comparingDouble((Integer i) -> average[i]).reversed());
            List<Book> result = new ArrayList<>(Math.min(numBooks, books.length));
            for (int i = 0; i < order.length && i < numBooks; i++) {
                result.add(books[order[i]].view);
            }
            return result;
        });
    }

    @Override
    public List<Book> getEditorPicks(int numBooks) throws BookStoreException {
        Requests.checkNumBooks(numBooks);
        return under(locks.structureRead(), () -> catalogue.randomPicks(numBooks));
    }

    // ---------------------------------------------------------------- stock manager

    @Override
    public void addBooks(Set<StockBook> bookSet) throws BookStoreException {
        StockBook[] books = Requests.newBooks(bookSet, "bookSet");
        under(locks.storeWrite(), () -> {
            for (StockBook book : books) {
                if (catalogue.contains(book.getISBN())) {
                    throw new BookStoreException("ISBN " + book.getISBN() + " is already in the store");
                }
            }
            BookEntry[] entries = new BookEntry[books.length];
            for (int i = 0; i < books.length; i++) {
                entries[i] = new BookEntry(books[i]);
            }
            catalogue.add(entries);
            return null;
        });
    }

    @Override
    public void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException {
        BookCopy[] request = Requests.copies(bookCopiesSet, "bookCopiesSet");
        onNamedBooks(isbnsOf(request, BookCopy::getISBN), true, books -> {
            for (int i = 0; i < books.length; i++) {
                Requests.refuseIf(StoreRules.restockProblem(books[i].isbn, books[i].copies(),
                        request[i].getNumCopies()));
            }
            for (int i = 0; i < books.length; i++) {
                books[i].restock(request[i].getNumCopies());
            }
            return null;
        });
    }

    @Override
    public List<StockBook> getBooks() throws BookStoreException {
        return under(locks.wholeStoreRead(), () -> snapshots(catalogue.inOrder(), false));
    }

    @Override
    public List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException {
        int[] isbns = Requests.isbns(isbnSet, "isbnSet");
        return onNamedBooks(isbns, false, books -> snapshots(books, false));
    }

    @Override
    public List<StockBook> getBooksInDemand() throws BookStoreException {
        return under(locks.wholeStoreRead(), () -> snapshots(catalogue.inOrder(), true));
    }

    @Override
    public void updateEditorPicks(Set<BookEditorPick> editorPicks) throws BookStoreException {
        BookEditorPick[] picks = Requests.editorPicks(editorPicks, "editorPicks");
        under(locks.storeWrite(), () -> {
            BookEntry[] books = catalogue.require(isbnsOf(picks, BookEditorPick::getISBN));
            boolean[] flags = new boolean[picks.length];
            for (int i = 0; i < picks.length; i++) {
                flags[i] = picks[i].isEditorPick();
            }
            catalogue.setEditorPicks(books, flags);
            return null;
        });
    }

    @Override
    public void removeBooks(Set<Integer> isbnSet) throws BookStoreException {
        int[] isbns = Requests.isbns(isbnSet, "isbnSet");
        under(locks.storeWrite(), () -> {
            catalogue.require(isbns);
            catalogue.remove(isbns);
            return null;
        });
    }

    @Override
    public void removeAllBooks() throws BookStoreException {
        under(locks.storeWrite(), () -> {
            catalogue.clear();
            return null;
        });
    }

    // ---------------------------------------------------------------- restoring

    /**
     * Replaces every book of the store with the given ones, each taking every field as given, in
     * one atomic step (the store lock held exclusively, as {@link #removeAllBooks} and
     * {@link #addBooks} take it). This is how a saved state is loaded back, for instance a
     * replica's snapshot: {@code removeAllBooks} then {@code addBooks} cannot do it, because
     * {@code addBooks} refuses a book without copies, and a sold-out book still has its sale
     * misses and ratings. Every field is checked as {@code addBooks} checks it, except that zero
     * copies are allowed; ISBNs must be distinct. Validate, then mutate: a refused call changes
     * nothing.
     *
     * @param books the whole new content of the store (any collection; it is copied)
     * @throws BookStoreException naming the book and the field that is invalid, or a repeated ISBN
     */
    public void replaceAllBooks(Collection<? extends StockBook> books) throws BookStoreException {
        StockBook[] stored = Requests.storedBooks(books, "books");
        BookEntry[] entries = new BookEntry[stored.length];
        for (int i = 0; i < stored.length; i++) {
            entries[i] = new BookEntry(stored[i]);
        }
        under(locks.storeWrite(), () -> {
            catalogue.clear();
            catalogue.add(entries);
            return null;
        });
    }

    // ---------------------------------------------------------------- locking skeletons

    /** A step run with its locks held; may refuse the call by throwing before it changes anything. */
    @FunctionalInterface
    private interface Step<T> {
        T run() throws BookStoreException;
    }

    /** A step on named books, given in the order of the sorted ISBNs. */
    @FunctionalInterface
    private interface BookStep<T> {
        T run(BookEntry[] books) throws BookStoreException;
    }

    private static <T> T under(Lock lock, Step<T> step) throws BookStoreException {
        lock.lock();
        try {
            return step.run();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Store-level lock, then the books' locks in ascending ISBN order without waiting; all
     * released at the end. When a book's lock is busy, everything taken is released, the call
     * waits for that book holding no lock, and starts again: no thread ever waits for a lock while
     * it holds another, so a holder that is descheduled stalls only the calls on its own books.
     */
    private <T> T onNamedBooks(int[] sortedIsbns, boolean write, BookStep<T> step)
            throws BookStoreException {
        Lock store = locks.namedBooks(write);
        while (true) {
            BookEntry busy;
            store.lock();
            try {
                BookEntry[] books = catalogue.require(sortedIsbns);
                int blocked = locks.tryLockBooks(books, write);
                if (blocked < 0) {
                    try {
                        return step.run(books);
                    } finally {
                        locks.unlockBooks(books, write);
                    }
                }
                busy = books[blocked];
            } finally {
                store.unlock();
            }
            locks.awaitBook(busy, write);
        }
    }

    // ---------------------------------------------------------------- helpers

    private static List<StockBook> snapshots(BookEntry[] books, boolean inDemandOnly) {
        List<StockBook> result = new ArrayList<>(books.length);
        for (BookEntry book : books) {
            if (!inDemandOnly || book.saleMisses() > 0) {
                result.add(book.stock());
            }
        }
        return result;
    }

    private static <T> int[] isbnsOf(T[] items, ToIntFunction<T> isbnOf) {
        int[] isbns = new int[items.length];
        for (int i = 0; i < items.length; i++) {
            isbns[i] = isbnOf.applyAsInt(items[i]);
        }
        return isbns;
    }

    private static Locking requireLocking(Locking locking) {
        if (locking == null) {
            throw new IllegalArgumentException("locking is null (must be one of "
                    + Arrays.toString(Locking.values()) + ")");
        }
        return locking;
    }
}
