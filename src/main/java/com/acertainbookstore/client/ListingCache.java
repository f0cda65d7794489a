package com.acertainbookstore.client;

import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.wire.ListingIds;
import com.acertainbookstore.wire.Texts;
import com.acertainbookstore.wire.WireFormatException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;

/**
 * The listing of the whole stock a proxy received last, under the server's id for it, so that
 * the next {@code getBooks()} asks only for what changed since (see {@link ListingIds}). Safe to
 * share between threads: the listing held is immutable and replaced whole.
 *
 * <p>Every thread of a proxy shares it, so a thread's listing is usually only a few calls older
 * than the store, whatever that thread did last. Threads that list at once each merge into the
 * listing they named, and the last to finish leaves its own: any listing held is one the server
 * answered, and the server answers every id it no longer knows with the whole listing.
 */
final class ListingCache {

    /** A listing the server answered: its id and its books in strictly ascending ISBN order. */
    record Held(String id, StockBook[] books) {
    }

    private final AtomicReference<Held> latest = new AtomicReference<>();
    /** Answers that held only the changes since the listing named. */
    private final LongAdder merged = new LongAdder();

    /** How many answers held only the changes since the listing named. */
    long merged() {
        return merged.sum();
    }

    /** The listing to name in the next request, or {@code null}. */
    Held held() {
        return latest.get();
    }

    /**
     * The whole listing that an answer gives, a fresh list for the caller: its books, or those
     * merged into {@code sent} when the answer says it is relative to that listing. Keeps it, under
     * the answer's id, for the next request.
     *
     * @param sent the listing the request named, or {@code null}
     * @param id the answer's {@code Listing-Id}, or {@code null}
     * @param base the answer's {@code Listing-Base}, or {@code null}
     * @param books the answer's books, already checked to be stock books
     * @throws WireFormatException a malformed id, an answer relative to a listing the request did
     *     not name, or changes out of ISBN order
     */
    List<StockBook> resolve(Held sent, String id, String base, List<?> books) throws WireFormatException {
        if (id != null) {
            ListingIds.parse(ListingIds.ID_HEADER, id);
        }
        StockBook[] whole;
        boolean ascending;
        if (base == null) {
            whole = books.toArray(new StockBook[0]);
            ascending = ascending(whole);
        } else {
            if (sent == null || !base.equals(sent.id())) {
                throw new WireFormatException("answer holds the changes since listing '" + Texts.printable(base, 40)
                        + "', but the request named " + (sent == null ? "none" : "'" + sent.id() + "'"));
            }
            whole = merged(sent.books(), books);
            merged.increment();
            ascending = true; // Merged in ISBN order from a listing kept only if it was in ISBN order.
        }
        if (id != null && ascending) {
            latest.set(new Held(id, whole));
        }
        return new ArrayList<>(Arrays.asList(whole));
    }

    /** The books of {@code held}, each replaced or joined by the book of {@code changes} with its ISBN. */
    private static StockBook[] merged(StockBook[] held, List<?> changes) throws WireFormatException {
        StockBook[] out = new StockBook[held.length + changes.size()];
        int n = 0;
        int j = 0;
        int previous = Integer.MIN_VALUE;
        for (int i = 0; i < changes.size(); i++) {
            StockBook change = (StockBook) changes.get(i);
            int isbn = change.getISBN();
            if (i > 0 && isbn <= previous) {
                throw new WireFormatException("answer's changes are not in strictly ascending ISBN order (ISBN "
                        + isbn + " after " + previous + ")");
            }
            previous = isbn;
            while (j < held.length && held[j].getISBN() < isbn) {
                out[n++] = held[j++];
            }
            if (j < held.length && held[j].getISBN() == isbn) {
                j++;
            }
            out[n++] = change;
        }
        while (j < held.length) {
            out[n++] = held[j++];
        }
        return n == out.length ? out : Arrays.copyOf(out, n);
    }

    private static boolean ascending(StockBook[] books) {
        for (int i = 1; i < books.length; i++) {
            if (books[i].getISBN() <= books[i - 1].getISBN()) {
                return false;
            }
        }
        return true;
    }
}
