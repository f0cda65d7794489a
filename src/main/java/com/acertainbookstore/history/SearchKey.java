package com.acertainbookstore.history;

import java.util.Arrays;

/** A key of the search's cache: its words, hashed once. Immutable; safe to share. */
final class SearchKey {

    final long[] words;
    final int hash;

    SearchKey(long[] words) {
        this.words = words;
        this.hash = Arrays.hashCode(words);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SearchKey other && hash == other.hash && Arrays.equals(words, other.words);
    }

    @Override
    public int hashCode() {
        return hash;
    }
}
