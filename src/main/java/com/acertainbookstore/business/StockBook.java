package com.acertainbookstore.business;

/**
 * A book as the stock manager sees it: the customer's fields plus copies, sale misses, ratings
 * and the editor-pick flag.
 *
 * <p>Implementations are immutable snapshots and safe to share between threads.
 */
public interface StockBook extends Book {

    int getNumCopies();

    long getNumSaleMisses();

    long getNumTimesRated();

    long getTotalRating();

    /** {@code totalRating / numTimesRated}, or {@code -1.0f} when the book was never rated. */
    float getAverageRating();

    boolean isEditorPick();
}
