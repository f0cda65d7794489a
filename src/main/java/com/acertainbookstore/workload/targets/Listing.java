package com.acertainbookstore.workload.targets;

import com.acertainbookstore.business.StockBook;
import java.util.List;
import java.util.Objects;

/**
 * Every book one copy of the store holds, as its stock manager listed them after a repetition:
 * the store itself, or one replica of a replicated store. Immutable (the books are immutable
 * values) and safe to share.
 *
 * @param holder who holds this copy, as messages name it ({@code store}, {@code r1})
 * @param books  its books, in the order it listed them
 */
public record Listing(String holder, List<StockBook> books) {

    public Listing {
        Objects.requireNonNull(holder, "holder");
        books = List.copyOf(books);
    }
}
