package com.acertainbookstore.business;

/**
 * An immutable {@link StockBook} snapshot; safe to share between threads.
 *
 * <p>Equality is {@link ImmutableBook}'s: the stock fields take no part in it.
 */
public final class ImmutableStockBook extends ImmutableBook implements StockBook {

    private final int numCopies;
    private final long numSaleMisses;
    private final long numTimesRated;
    private final long totalRating;
    private final boolean editorPick;

    public ImmutableStockBook(int isbn, String title, String author, float price, int numCopies,
            long numSaleMisses, long numTimesRated, long totalRating, boolean editorPick) {
        super(isbn, title, author, price);
        this.numCopies = numCopies;
        this.numSaleMisses = numSaleMisses;
        this.numTimesRated = numTimesRated;
        this.totalRating = totalRating;
        this.editorPick = editorPick;
    }

    @Override
    public int getNumCopies() {
        return numCopies;
    }

    @Override
    public long getNumSaleMisses() {
        return numSaleMisses;
    }

    @Override
    public long getNumTimesRated() {
        return numTimesRated;
    }

    @Override
    public long getTotalRating() {
        return totalRating;
    }

    @Override
    public float getAverageRating() {
        return numTimesRated == 0 ? -1.0f : (float) totalRating / numTimesRated;
    }

    @Override
    public boolean isEditorPick() {
        return editorPick;
    }

    @Override
    public String toString() {
        return "StockBook[isbn=" + getISBN() + ", title=" + getTitle() + ", author=" + getAuthor()
                + ", price=" + getPrice() + ", copies=" + numCopies + ", saleMisses=" + numSaleMisses
                + ", timesRated=" + numTimesRated + ", totalRating=" + totalRating
                + ", editorPick=" + editorPick + "]";
    }
}
