package com.acertainbookstore.store;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.business.StoreRules;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.Set;
import java.util.function.ToIntFunction;

/**
 * Checks the arguments of a store call on their own (before any lock is taken), by the rules of
 * {@link StoreRules}, and turns them into arrays sorted by ISBN, the order in which books are locked. Checks that need the store's state
 * happen in {@link CertainBookStore} under its locks. Stateless; safe to share.
 */
final class Requests {

    /** Up to this many items are sorted by insertion. */
    private static final int INSERTION_SORT_LIMIT = 16;

    private Requests() {
    }

    /** The ISBNs of a set, checked and sorted ascending. */
    static int[] isbns(Set<Integer> isbnSet, String argument) throws BookStoreException {
        Integer[] boxed = elements(isbnSet, argument, new Integer[0]);
        int[] isbns = new int[boxed.length];
        for (int i = 0; i < boxed.length; i++) {
            isbns[i] = checkIsbn(boxed[i]);
        }
        Arrays.sort(isbns);
        for (int i = 1; i < isbns.length; i++) {
            if (isbns[i] == isbns[i - 1]) {
                throw duplicate(isbns[i], argument);
            }
        }
        return isbns;
    }

    /** Copies to buy or to add: valid ISBNs, each count {@code >= 1}; sorted by ISBN. */
    static BookCopy[] copies(Set<BookCopy> copySet, String argument) throws BookStoreException {
        BookCopy[] copies = sorted(copySet, argument, new BookCopy[0], BookCopy::getISBN);
        for (BookCopy copy : copies) {
            refuseIf(StoreRules.countProblem(copy.getISBN(), copy.getNumCopies()));
        }
        return copies;
    }

    /** Ratings: valid ISBNs, each rating in 0..5; sorted by ISBN. */
    static BookRating[] ratings(Set<BookRating> ratingSet, String argument) throws BookStoreException {
        BookRating[] ratings = sorted(ratingSet, argument, new BookRating[0], BookRating::getISBN);
        for (BookRating rating : ratings) {
            refuseIf(StoreRules.ratingProblem(rating.getISBN(), rating.getRating()));
        }
        return ratings;
    }

    /** Editor-pick flags: valid ISBNs; sorted by ISBN. */
    static BookEditorPick[] editorPicks(Set<BookEditorPick> pickSet, String argument)
            throws BookStoreException {
        return sorted(pickSet, argument, new BookEditorPick[0], BookEditorPick::getISBN);
    }

    /** New books: every field valid, copies {@code >= 1}, each ISBN once; sorted by ISBN. */
    static StockBook[] newBooks(Set<StockBook> bookSet, String argument) throws BookStoreException {
        StockBook[] books = sorted(bookSet, argument, new StockBook[0], StockBook::getISBN);
        checkStockBooks(books, 1);
        return books;
    }

    /**
     * Books restored as they were stored: every field valid as for {@link #newBooks}, except that
     * a book may have no copies left (it was sold out); each ISBN once; sorted by ISBN.
     */
    static StockBook[] storedBooks(Collection<? extends StockBook> bookList, String argument)
            throws BookStoreException {
        if (bookList == null) {
            throw new BookStoreException(argument + " is null (must be a collection)");
        }
        StockBook[] books = sorted(bookList, argument, new StockBook[0], StockBook::getISBN);
        checkStockBooks(books, 0);
        return books;
    }

    private static void checkStockBooks(StockBook[] books, int minCopies) throws BookStoreException {
        for (StockBook book : books) {
            refuseIf(StoreRules.bookProblem(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice(),
                    book.getNumCopies(), book.getNumSaleMisses(), book.getNumTimesRated(), book.getTotalRating(),
                    minCopies));
        }
    }

    /** A count of books to return. */
    static void checkNumBooks(int numBooks) throws BookStoreException {
        refuseIf(StoreRules.numBooksProblem(numBooks));
    }

    /** Refuses the call with {@code problem}, a rule's message, unless it is null (the rule holds). */
    static void refuseIf(String problem) throws BookStoreException {
        if (problem != null) {
            throw new BookStoreException(problem);
        }
    }

    private static int checkIsbn(int isbn) throws BookStoreException {
        refuseIf(StoreRules.isbnProblem(isbn));
        return isbn;
    }

    private static <T> T[] sorted(Collection<? extends T> set, String argument, T[] type, ToIntFunction<T> isbnOf)
            throws BookStoreException {
        T[] items = elements(set, argument, type);
        for (T item : items) {
            checkIsbn(isbnOf.applyAsInt(item));
        }
        if (items.length > 1) {
            sortByIsbn(items, isbnOf);
            for (int i = 1; i < items.length; i++) {
                int isbn = isbnOf.applyAsInt(items[i]);
                if (isbn == isbnOf.applyAsInt(items[i - 1])) {
                    throw duplicate(isbn, argument);
                }
            }
        }
        return items;
    }

    /**
     * Sorts by ISBN: an insertion sort for the few items a call usually names (no comparator, no
     * merge buffer), the library's sort beyond that. Stability does not matter: equal ISBNs are
     * refused right after.
     */
    private static <T> void sortByIsbn(T[] items, ToIntFunction<T> isbnOf) {
        if (items.length > INSERTION_SORT_LIMIT) {
            Arrays.sort(items, Comparator.comparingInt(isbnOf));
            return;
        }
        for (int i = 1; i < items.length; i++) {
            T item = items[i];
            int isbn = isbnOf.applyAsInt(item);
            int j = i - 1;
            while (j >= 0 && isbnOf.applyAsInt(items[j]) > isbn) {
                items[j + 1] = items[j];
                j--;
            }
            items[j + 1] = item;
        }
    }

    private static <T> T[] elements(Collection<? extends T> set, String argument, T[] type) throws BookStoreException {
        if (set == null) {
            throw new BookStoreException(argument + " is null (must be a set)");
        }
        T[] items = set.toArray(type);
        for (T item : items) {
            if (item == null) {
                throw new BookStoreException(argument + " contains null (every element must be non-null)");
            }
        }
        return items;
    }

    private static BookStoreException duplicate(int isbn, String argument) {
        return new BookStoreException("ISBN " + isbn + " appears more than once in " + argument);
    }
}
