package com.acertainbookstore.workload.load;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.workload.results.Call;
import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.results.Profile;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The three interactions of the mix (or, in the register profile, of {@link RegisterInteractions}),
 * run against the two interfaces. Each times its calls, and
 * after each successful change tallies the copies it added or bought in the worker's
 * {@link WorkerLog}; a change whose outcome is unknown is tallied apart, as what it would have
 * added or bought. Safe to share between workers: it holds only the (thread-safe) store
 * interfaces and immutable settings; all mutable state is the caller's log and random generator.
 */
public final class Interactions {

    private final Profile profile;
    private final RegisterInteractions register;
    private final BookStore store;
    private final StockManager stock;
    private final BookSetup books;
    private final WorkloadConfig config;
    private final int editorPicks;
    private final int booksToBuy;
    private final int booksToReplenish;
    private final int copiesToAdd;
    private final int booksToAcquire;

    public Interactions(BookStore store, StockManager stock, BookSetup books, WorkloadConfig config) {
        this.config = config;
        this.profile = config.profile;
        this.register = new RegisterInteractions(store, stock, config.registerBooks, config.copiesToAdd);
        this.store = store;
        this.stock = stock;
        this.books = books;
        this.editorPicks = config.editorPicks;
        this.booksToBuy = config.booksToBuy;
        this.booksToReplenish = config.booksToReplenish;
        this.copiesToAdd = config.copiesToAdd;
        this.booksToAcquire = config.booksToAcquire;
    }

    /** Runs one interaction that started at {@code startNs}; returns when it ended (nanoTime). */
    long run(InteractionType type, WorkerLog log, SplittableRandom random, boolean measured, long startNs)
            throws BookStoreException {
        return switch (profile) {
            case MIX -> switch (type) {
                case CUSTOMER -> customer(log, random, measured, startNs);
                case REPLENISHMENT -> replenishment(log, measured, startNs);
                case ACQUISITION -> acquisition(log, random, measured, startNs);
            };
            case REGISTER -> register.run(type, log, random, measured, startNs);
        };
    }

    /** The same interactions through other store interfaces (a worker's own); this one when they are the same. */
    public Interactions through(BookStore otherStore, StockManager otherStock) {
        return otherStore == store && otherStock == stock ? this
                : new Interactions(otherStore, otherStock, books, config);
    }

    /** getEditorPicks, then buy one copy each of {@code booksToBuy} distinct random picks. */
    private long customer(WorkerLog log, SplittableRandom random, boolean measured, long startNs)
            throws BookStoreException {
        List<Book> picks = store.getEditorPicks(editorPicks);
        long picked = System.nanoTime();
        if (measured) {
            log.recordCall(Call.GET_EDITOR_PICKS, picked - startNs);
        }
        int n = Math.min(picks.size(), log.scratchIndexes.length);
        int k = Math.min(booksToBuy, n);
        if (k == 0) {
            return picked;
        }
        int[] order = log.scratchIndexes;
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        int[] chosen = log.scratchIsbns;
        Object[] copies = log.scratchArgument;
        for (int i = 0; i < k; i++) {
            int j = i + random.nextInt(n - i);
            int index = order[j];
            order[j] = order[i];
            chosen[i] = checkedIsbn(picks.get(index).getISBN());
            copies[i] = new BookCopy(chosen[i], 1);
        }
        try {
            store.buyBooks(new ArraySet<>(copies, k));
        } catch (OutcomeUnknownException e) {
            for (int i = 0; i < k; i++) {
                log.boughtUnknown[chosen[i]]++;
            }
            throw e;
        }
        long end = System.nanoTime();
        for (int i = 0; i < k; i++) {
            log.bought[chosen[i]]++;
        }
        if (measured) {
            log.recordCall(Call.BUY_BOOKS, end - picked);
        }
        return end;
    }

    /** getBooks, then add {@code copiesToAdd} copies to each of the books with the fewest copies. */
    private long replenishment(WorkerLog log, boolean measured, long startNs) throws BookStoreException {
        List<StockBook> all = stock.getBooks();
        long listed = System.nanoTime();
        if (measured) {
            log.recordCall(Call.GET_BOOKS, listed - startNs);
        }
        int[] isbns = log.scratchIsbns;
        int[] copies = log.scratchCopies;
        int k = Math.min(booksToReplenish, all.size());
        int kept = 0;
        for (StockBook book : all) {
            int c = book.getNumCopies();
            int isbn = book.getISBN();
            if (kept == k && !fewer(c, isbn, copies[k - 1], isbns[k - 1])) {
                continue;
            }
            int at = kept == k ? k - 1 : kept++;
            while (at > 0 && fewer(c, isbn, copies[at - 1], isbns[at - 1])) {
                copies[at] = copies[at - 1];
                isbns[at] = isbns[at - 1];
                at--;
            }
            copies[at] = c;
            isbns[at] = isbn;
        }
        if (k == 0) {
            return listed;
        }
        Object[] toAdd = log.scratchArgument;
        for (int i = 0; i < k; i++) {
            toAdd[i] = new BookCopy(checkedIsbn(isbns[i]), copiesToAdd);
        }
        try {
            stock.addCopies(new ArraySet<>(toAdd, k));
        } catch (OutcomeUnknownException e) {
            for (int i = 0; i < k; i++) {
                log.addedUnknown[isbns[i]] += copiesToAdd;
            }
            throw e;
        }
        long end = System.nanoTime();
        for (int i = 0; i < k; i++) {
            log.added[isbns[i]] += copiesToAdd;
        }
        if (measured) {
            log.recordCall(Call.ADD_COPIES, end - listed);
        }
        return end;
    }

    /** getBooks, draw {@code booksToAcquire} distinct catalogue books, add those not in the store. */
    private long acquisition(WorkerLog log, SplittableRandom random, boolean measured, long startNs)
            throws BookStoreException {
        List<StockBook> all = stock.getBooks();
        long listed = System.nanoTime();
        if (measured) {
            log.recordCall(Call.GET_BOOKS, listed - startNs);
        }
        boolean[] present = log.scratchPresent;
        Arrays.fill(present, false);
        for (StockBook book : all) {
            present[checkedIsbn(book.getISBN())] = true;
        }
        int[] order = log.cataloguePermutation;
        Object[] toAdd = log.scratchArgument;
        int missing = 0;
        for (int i = 0; i < booksToAcquire; i++) {
            int j = i + random.nextInt(order.length - i);
            int isbn = order[j];
            order[j] = order[i];
            order[i] = isbn;
            if (!present[isbn]) {
                toAdd[missing++] = books.book(isbn);
            }
        }
        if (missing == 0) {
            return listed;
        }
        try {
            stock.addBooks(new ArraySet<>(toAdd, missing));
        } catch (OutcomeUnknownException e) {
            for (int i = 0; i < missing; i++) {
                StockBook book = (StockBook) toAdd[i];
                log.addedUnknown[book.getISBN()] += book.getNumCopies();
            }
            throw e;
        }
        long end = System.nanoTime();
        for (int i = 0; i < missing; i++) {
            StockBook book = (StockBook) toAdd[i];
            log.added[book.getISBN()] += book.getNumCopies();
        }
        if (measured) {
            log.recordCall(Call.ADD_BOOKS, end - listed);
        }
        return end;
    }

    private static boolean fewer(int copies, int isbn, int otherCopies, int otherIsbn) {
        return copies < otherCopies || (copies == otherCopies && isbn < otherIsbn);
    }

    /** The tallies cover the catalogue only; a book outside it is refused before any change. */
    private int checkedIsbn(int isbn) {
        if (isbn < 1 || isbn > books.catalogueSize()) {
            throw new IllegalStateException("ISBN " + isbn + " from the store is outside the catalogue 1.."
                    + books.catalogueSize());
        }
        return isbn;
    }
}
