package com.acertainbookstore.store;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookStoreException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The books of a store: by ISBN, in ISBN order, and the editor picks.
 *
 * <p>Not thread-safe. Every method is called with the store lock held: shared for the readers
 * ({@link #require}, {@link #inOrder}, {@link #randomPicks}), exclusively for the writers
 * ({@link #add}, {@link #remove}, {@link #clear}, {@link #setEditorPicks}). The two indexes are
 * rebuilt by the writers, so readers never scan or sort.
 */
final class Catalogue {

    private static final BookEntry[] NONE = new BookEntry[0];
    /** Up to this many picks, and at most half the index, are drawn by rejection. */
    private static final int REJECTION_LIMIT = 32;

    /** Guarded by the store lock. */
    private final Map<Integer, BookEntry> byIsbn = new HashMap<>();
    /** Every book in ascending ISBN order; guarded by the store lock. */
    private BookEntry[] inOrder = NONE;
    /** The editor picks in ascending ISBN order; guarded by the store lock. */
    private BookEntry[] picks = NONE;

    /** The books with the given sorted ISBNs, in the same order; throws if one is missing. */
    BookEntry[] require(int[] sortedIsbns) throws BookStoreException {
        BookEntry[] books = new BookEntry[sortedIsbns.length];
        for (int i = 0; i < sortedIsbns.length; i++) {
            books[i] = require(sortedIsbns[i]);
        }
        return books;
    }

    BookEntry require(int isbn) throws BookStoreException {
        BookEntry book = byIsbn.get(isbn);
        if (book == null) {
            throw new BookStoreException("ISBN " + isbn + " is not in the store");
        }
        return book;
    }

    boolean contains(int isbn) {
        return byIsbn.containsKey(isbn);
    }

    /** Every book in ascending ISBN order. The caller must not modify the array. */
    BookEntry[] inOrder() {
        return inOrder;
    }

    /**
     * {@code min(count, picks)} distinct editor picks, each subset and order equally likely. A few
     * picks out of many are drawn by rejection (no copy of the index); otherwise a partial
     * Fisher-Yates shuffle of a copy of the index.
     */
    List<Book> randomPicks(int count) {
        int n = Math.min(count, picks.length);
        List<Book> chosen = new ArrayList<>(n);
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (n <= REJECTION_LIMIT && 2 * n <= picks.length) {
            int[] drawn = new int[n];
            for (int i = 0; i < n; i++) {
                drawn[i] = distinctIndex(drawn, i, random);
                chosen.add(picks[drawn[i]].view);
            }
            return chosen;
        }
        BookEntry[] pool = picks.clone();
        for (int i = 0; i < n; i++) {
            int j = i + random.nextInt(pool.length - i);
            BookEntry picked = pool[j];
            pool[j] = pool[i];
            chosen.add(picked.view);
        }
        return chosen;
    }

    /** A uniformly random index of {@link #picks} not among the first {@code taken} of drawn. */
    private int distinctIndex(int[] drawn, int taken, ThreadLocalRandom random) {
        while (true) {
            int candidate = random.nextInt(picks.length);
            boolean fresh = true;
            for (int i = 0; i < taken && fresh; i++) {
                fresh = drawn[i] != candidate;
            }
            if (fresh) {
                return candidate;
            }
        }
    }

    void add(BookEntry[] books) {
        for (BookEntry book : books) {
            byIsbn.put(book.isbn, book);
        }
        reindex();
    }

    void remove(int[] isbns) {
        for (int isbn : isbns) {
            byIsbn.remove(isbn);
        }
        reindex();
    }

    void clear() {
        byIsbn.clear();
        inOrder = NONE;
        picks = NONE;
    }

    /** Sets the flags of the given books (already in the store) and rebuilds the pick index once. */
    void setEditorPicks(BookEntry[] books, boolean[] flags) {
        for (int i = 0; i < books.length; i++) {
            books[i].setEditorPick(flags[i]);
        }
        picks = Arrays.stream(inOrder).filter(BookEntry::isEditorPick).toArray(BookEntry[]::new);
    }

    private void reindex() {
        inOrder = byIsbn.values().toArray(NONE);
        Arrays.sort(inOrder, (a, b) -> Integer.compare(a.isbn, b.isbn));
        picks = Arrays.stream(inOrder).filter(BookEntry::isEditorPick).toArray(BookEntry[]::new);
    }
}
