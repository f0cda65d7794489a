package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The catalogue entries seen for each ISBN of a history: title, author, price and ratings, which
 * never change while the book is in the store, but may differ when an ISBN is removed and added
 * again (or offered again while present, and refused). A state names a present book's entry by
 * its number here, so the fields stay out of the state. Built once; immutable after; safe to share.
 */
final class Entries {

    private final Map<Integer, List<BookView>> byIsbn = new HashMap<>();

    /** Records a book's entry (an initial book, or one an {@code addBooks} offers). */
    void add(BookView book) {
        List<BookView> entries = byIsbn.computeIfAbsent(book.isbn(), k -> new ArrayList<>(1));
        if (book.hasStock() && number(entries, book) < 0) {
            entries.add(book);
        }
    }

    /** The number of the entry {@code book} (recorded) has, exactly. */
    int of(BookView book) {
        int number = number(byIsbn.getOrDefault(book.isbn(), List.of()), book);
        if (number < 0) {
            throw new IllegalStateException("book #" + book.isbn() + " was never recorded");
        }
        return number;
    }

    /**
     * The entries a returned book may be: those with its title, author and price (prices within
     * 1e-6, as books compare), and, for a stock book, its ratings; ascending.
     */
    int[] matching(BookView returned) {
        List<BookView> entries = byIsbn.getOrDefault(returned.isbn(), List.of());
        int[] found = new int[entries.size()];
        int n = 0;
        for (int i = 0; i < entries.size(); i++) {
            BookView entry = entries.get(i);
            if (returned.hasStock() ? entry.sameEntry(returned) : entry.sameFixedFields(returned)) {
                found[n++] = i;
            }
        }
        return Arrays.copyOf(found, n);
    }

    /** Entry {@code number} of {@code isbn}. */
    BookView get(int isbn, int number) {
        return byIsbn.get(isbn).get(number);
    }

    private static int number(List<BookView> entries, BookView book) {
        for (int i = 0; i < entries.size(); i++) {
            BookView entry = entries.get(i);
            if (entry.title().equals(book.title()) && entry.author().equals(book.author())
                    && Float.floatToIntBits(entry.price()) == Float.floatToIntBits(book.price())
                    && entry.timesRated() == book.timesRated() && entry.totalRating() == book.totalRating()) {
                return i;
            }
        }
        return -1;
    }
}
