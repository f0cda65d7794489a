package com.acertainbookstore.history;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.Locking;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.store.CertainBookStore;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Makes a recorded call's call on a real {@link CertainBookStore}: the arguments turned back into
 * the store's values, the answer into an outcome and a result. Used to record histories and, by
 * {@link BruteForce}, to replay them. Stateless; safe to share.
 */
final class StoreCalls {

    /** What the store answered: ok with a read's result, or refused. */
    record Answer(Outcome outcome, List<BookView> result) {
    }

    private StoreCalls() {
    }

    static Answer apply(CertainBookStore store, HistoryCall call) {
        try {
            List<? extends Book> result = switch (call.method()) {
                case BUY_BOOKS -> {
                    store.buyBooks(copies(call));
                    yield List.of();
                }
                case ADD_COPIES -> {
                    store.addCopies(copies(call));
                    yield List.of();
                }
                case ADD_BOOKS -> {
                    Set<StockBook> books = new HashSet<>();
                    call.books().forEach(b -> books.add(stockBook(b)));
                    store.addBooks(books);
                    yield List.of();
                }
                case REMOVE_BOOKS -> {
                    store.removeBooks(isbns(call));
                    yield List.of();
                }
                case GET_BOOKS_BY_ISBN -> store.getBooksByISBN(isbns(call));
                case GET_BOOKS -> store.getBooks();
                case GET_EDITOR_PICKS -> store.getEditorPicks(call.number());
            };
            List<BookView> views = new ArrayList<>();
            result.forEach(b -> views.add(BookView.of(b)));
            return new Answer(Outcome.OK, views);
        } catch (BookStoreException e) {
            return new Answer(Outcome.REFUSED, List.of());
        }
    }

    static ImmutableStockBook stockBook(BookView b) {
        return new ImmutableStockBook(b.isbn(), b.title(), b.author(), b.price(), b.copies(), b.saleMisses(),
                b.timesRated(), b.totalRating(), b.editorPick());
    }

    /** A fresh store holding {@code books}. */
    static CertainBookStore storeWith(List<? extends StockBook> books, Locking locking) {
        CertainBookStore store = new CertainBookStore(locking);
        try {
            store.replaceAllBooks(books);
        } catch (BookStoreException e) {
            throw new IllegalArgumentException("a state the store cannot hold: " + e.getMessage(), e);
        }
        return store;
    }

    private static Set<BookCopy> copies(HistoryCall call) {
        Set<BookCopy> copies = new HashSet<>();
        for (int i = 0; i < call.isbns().length; i++) {
            copies.add(new BookCopy(call.isbns()[i], call.counts()[i]));
        }
        return copies;
    }

    private static Set<Integer> isbns(HistoryCall call) {
        Set<Integer> isbns = new HashSet<>();
        for (int isbn : call.isbns()) {
            isbns.add(isbn);
        }
        return isbns;
    }
}
