package com.acertainbookstore.client;

import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.protocol.WireRequest;
import java.util.HashSet;
import java.util.Set;

/**
 * Turns a caller's argument into what the wire carries: any {@code Set} becomes a
 * {@code HashSet} (keeping a {@code null} set or {@code null} elements, which the store refuses
 * with its own message), any {@code StockBook} an {@code ImmutableStockBook}. Stateless.
 */
final class WireArguments {

    private WireArguments() {
    }

    static WireRequest set(Set<?> set) {
        return WireRequest.of(set == null ? null : new HashSet<Object>(set));
    }

    static WireRequest number(int value) {
        return WireRequest.of(value);
    }

    static WireRequest stockBooks(Set<StockBook> books) {
        if (books == null) {
            return WireRequest.of(null);
        }
        HashSet<Object> copies = new HashSet<>();
        for (StockBook book : books) {
            copies.add(book == null || book.getClass() == ImmutableStockBook.class ? book
                    : new ImmutableStockBook(book.getISBN(), book.getTitle(), book.getAuthor(), book.getPrice(),
                            book.getNumCopies(), book.getNumSaleMisses(), book.getNumTimesRated(),
                            book.getTotalRating(), book.isEditorPick()));
        }
        return WireRequest.of(copies);
    }
}
