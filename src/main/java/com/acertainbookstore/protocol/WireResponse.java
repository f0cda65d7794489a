package com.acertainbookstore.protocol;

import java.util.ArrayList;
import java.util.List;

/**
 * The body of a successful answer, immutable and safe to share once built (the list is not
 * copied): nothing (a call returning {@code void}) or a list of books.
 */
public final class WireResponse {

    private static final WireResponse EMPTY = new WireResponse(null);

    private final List<?> result;

    private WireResponse(List<?> result) {
        this.result = result;
    }

    /** The answer of a call that returns nothing. */
    public static WireResponse empty() {
        return EMPTY;
    }

    /** The answer carrying {@code result} (an {@code ArrayList} of books). */
    public static WireResponse of(List<?> result) {
        if (result == null || result.getClass() != ArrayList.class) {
            throw new IllegalArgumentException("result must be an ArrayList (use empty() for none)");
        }
        return new WireResponse(result);
    }

    /** The list carried, or {@code null} for a call that returns nothing. */
    public List<?> result() {
        return result;
    }
}
