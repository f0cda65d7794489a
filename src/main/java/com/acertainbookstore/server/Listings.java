package com.acertainbookstore.server;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.wire.Metric;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.atomic.LongAdder;

/**
 * The listings of the whole stock ({@code LISTBOOKS}) answered lately, each under an id, so that
 * a client holding one of them gets only the books added or changed since (see
 * {@link com.acertainbookstore.wire.ListingIds}). Safe to share between threads: lock-free.
 *
 * <p>Why: a listing repeats the whole store, and between two listings only the few books that
 * were bought or restocked meanwhile change. Sending those alone spares the encoding, the copying
 * through both kernels and the decoding of the rest, which made a listing of the default store
 * (100 books) cost the two processes more than any other call.
 *
 * <p>Correctness rests on the store's snapshots: it answers with immutable
 * {@code ImmutableStockBook}s and replaces a book's snapshot object whenever the book changes, so
 * a book whose snapshot is the very object of the earlier listing has not changed since. A book
 * of the earlier listing that is missing now was removed: the client cannot learn that from a
 * list of additions, so such a listing is answered whole. Listings holding anything but exactly
 * {@code ImmutableStockBook}s in strictly ascending ISBN order are neither kept nor answered as
 * changes.
 *
 * <p>Bounded: {@value #KEPT} listings (direct-mapped by id, a newer one replacing the one in its
 * slot), each of at most {@value #MAX_BOOKS} books (a longer one is answered whole every time):
 * at most about half a million references, whatever the callers do. Ids start at a random point,
 * so an id from before a restart is unknown here rather than taken for another listing.
 */
final class Listings {

    /** Listings kept (a power of two): enough for the id a client sends to be found under load. */
    static final int KEPT = 256;
    /** The longest listing kept. */
    static final int MAX_BOOKS = 2048;
    private static final int MASK = KEPT - 1;

    /** One answer to a listing: its id (0: not kept), the base it is relative to (0: whole), its books. */
    record Answer(long id, long base, List<?> books) {
    }

    private record Kept(long id, ImmutableStockBook[] books) {
    }

    private final AtomicReferenceArray<Kept> kept = new AtomicReferenceArray<>(KEPT);
    private final AtomicLong next;
    private final LongAdder whole = new LongAdder();
    private final LongAdder asChanges = new LongAdder();
    private final LongAdder listed = new LongAdder();

    Listings() {
        // A random start below 2^61: ids stay positive for longer than any server runs.
        next = new AtomicLong(1 + (new SecureRandom().nextLong() >>> 3));
    }

    /**
     * How to answer a listing of the store whose result is {@code books}, for a client holding
     * the listing {@code base} (0: none): the books changed since {@code base} when it is kept
     * and none of its books is gone, else all of them.
     */
    Answer answer(List<?> books, long base) {
        Answer answer = decide(books, base);
        (answer.base() == 0 ? whole : asChanges).increment();
        listed.add(answer.books().size());
        return answer;
    }

    private Answer decide(List<?> books, long base) {
        ImmutableStockBook[] now = keepable(books);
        if (now == null) {
            return new Answer(0, 0, books);
        }
        Kept earlier = base > 0 ? kept.getAcquire(slot(base)) : null;
        long id = next.getAndIncrement();
        kept.setRelease(slot(id), new Kept(id, now));
        if (earlier == null || earlier.id != base) {
            return new Answer(id, 0, books);
        }
        List<Object> changed = changedSince(earlier.books, now);
        return changed == null ? new Answer(id, 0, books) : new Answer(id, base, changed);
    }

    /** The {@code /metrics} lines: listings answered whole and as changes, and the books they held. */
    String text() {
        return Metric.LISTINGS_WHOLE.line(whole.sum()) + Metric.LISTINGS_AS_CHANGES.line(asChanges.sum())
                + Metric.LISTED_BOOKS.line(listed.sum());
    }

    /** The books of {@code now} not in {@code before} as the same object; {@code null} if one was removed. */
    private static List<Object> changedSince(ImmutableStockBook[] before, ImmutableStockBook[] now) {
        List<Object> changed = new ArrayList<>();
        int j = 0;
        for (ImmutableStockBook book : now) {
            int isbn = book.getISBN();
            if (j < before.length && before[j].getISBN() < isbn) {
                return null;
            }
            if (j < before.length && before[j].getISBN() == isbn) {
                if (before[j] != book) {
                    changed.add(book);
                }
                j++;
            } else {
                changed.add(book);
            }
        }
        return j == before.length ? changed : null;
    }

    /** {@code books} as an array when they can be kept, else {@code null}. */
    private static ImmutableStockBook[] keepable(List<?> books) {
        if (books.size() > MAX_BOOKS) {
            return null;
        }
        ImmutableStockBook[] array = new ImmutableStockBook[books.size()];
        int previous = Integer.MIN_VALUE;
        for (int i = 0; i < array.length; i++) {
            Object book = books.get(i);
            if (book == null || book.getClass() != ImmutableStockBook.class) {
                return null;
            }
            ImmutableStockBook stock = (ImmutableStockBook) book;
            if (i > 0 && stock.getISBN() <= previous) {
                return null;
            }
            previous = stock.getISBN();
            array[i] = stock;
        }
        return array;
    }

    private static int slot(long id) {
        return (int) id & MASK;
    }
}
