package com.acertainbookstore.business;

/**
 * The store's rules on values, written once: which arguments it refuses whatever its state, when
 * adding copies would pass the most a book can hold, and how sale misses grow. The store
 * ({@code store.CertainBookStore}) throws a {@link BookStoreException} with the message a rule
 * returns; the history checker's models ({@code history}) ask the same rules whether a recorded
 * call could have been refused, so that the two cannot come to disagree. Each rule returns the
 * refusal's message, naming the value and the rule, or null when the value is allowed.
 * Stateless; safe to share.
 */
public final class StoreRules {

    /** The highest rating a book can get. */
    public static final int MAX_RATING = 5;
    /**
     * The most times a book can be rated: its total of ratings, at most {@value #MAX_RATING} times
     * this, then still fits a {@code long}. A book added with more, or rated once more, is refused.
     */
    public static final long MAX_TIMES_RATED = Long.MAX_VALUE / MAX_RATING;
    /** The most copies a book can hold: an {@code addCopies} that would pass it is refused. */
    public static final int MAX_COPIES = Integer.MAX_VALUE;

    private StoreRules() {
    }

    /** An ISBN is valid when {@code >= 1}. */
    public static String isbnProblem(int isbn) {
        return isbn < 1 ? "ISBN " + isbn + " is invalid (must be >= 1)" : null;
    }

    /** A number of copies to buy or to add is valid when {@code >= 1}. */
    public static String countProblem(int isbn, int copies) {
        return copies < 1 ? "ISBN " + isbn + ": number of copies " + copies + " is invalid (must be >= 1)" : null;
    }

    /** A rating is valid when in {@code 0..MAX_RATING}. */
    public static String ratingProblem(int isbn, int rating) {
        return rating < 0 || rating > MAX_RATING
                ? "ISBN " + isbn + ": rating " + rating + " is invalid (must be in 0.." + MAX_RATING + ")" : null;
    }

    /** A count of books to return is valid when {@code >= 0}. */
    public static String numBooksProblem(int numBooks) {
        return numBooks < 0 ? "numBooks " + numBooks + " is invalid (must be >= 0)" : null;
    }

    /**
     * A book to add ({@code minCopies} 1) or to restore ({@code minCopies} 0): title and author
     * non-null and not blank, price finite and {@code >= 0}, at least {@code minCopies} copies,
     * sale misses, times rated and total rating {@code >= 0}, times rated at most
     * {@link #MAX_TIMES_RATED}, total rating at most {@link #MAX_RATING} per time rated.
     */
    public static String bookProblem(int isbn, String title, String author, float price, int copies, long saleMisses,
            long timesRated, long totalRating, int minCopies) {
        String prefix = "ISBN " + isbn + ": ";
        if (isBlank(title)) {
            return prefix + "title is invalid (must be non-null and not blank)";
        }
        if (isBlank(author)) {
            return prefix + "author is invalid (must be non-null and not blank)";
        }
        if (!Float.isFinite(price) || price < 0) {
            return prefix + "price " + price + " is invalid (must be finite and >= 0)";
        }
        if (copies < minCopies) {
            return prefix + "number of copies " + copies + " is invalid (must be >= " + minCopies + ")";
        }
        String negative = negativeProblem(prefix, "number of sale misses", saleMisses);
        negative = negative != null ? negative : negativeProblem(prefix, "number of times rated", timesRated);
        negative = negative != null ? negative : negativeProblem(prefix, "total rating", totalRating);
        if (negative != null) {
            return negative;
        }
        if (timesRated > MAX_TIMES_RATED) {
            return prefix + "number of times rated " + timesRated + " is invalid (must be <= " + MAX_TIMES_RATED
                    + ", so that the total of ratings fits a long)";
        }
        if (totalRating > MAX_RATING * timesRated) {
            return prefix + "total rating " + totalRating + " is invalid (must be <= " + MAX_RATING
                    + " x times rated = " + MAX_RATING * timesRated + ")";
        }
        return null;
    }

    /** Whether adding {@code added} copies to {@code copies} would pass {@link #MAX_COPIES}. */
    public static boolean exceedsCopies(int copies, int added) {
        return (long) copies + added > MAX_COPIES;
    }

    /** The refusal of an {@code addCopies} that {@link #exceedsCopies exceeds} the limit. */
    public static String restockProblem(int isbn, int copies, int added) {
        return exceedsCopies(copies, added) ? "ISBN " + isbn + ": adding " + added + " copies to " + copies
                + " exceeds the limit of " + MAX_COPIES + " copies" : null;
    }

    /** A buy of {@code requested} copies when {@code available} are left misses this many (none when enough). */
    public static long missed(int requested, int available) {
        return Math.max(0, (long) requested - available);
    }

    /**
     * The refusal of a buy of {@code requested} copies when {@code available} are left, or null
     * when there are enough. A refused buy records {@link #missed} misses on every short book.
     */
    public static String shortProblem(int isbn, int requested, int available) {
        return missed(requested, available) > 0
                ? "ISBN " + isbn + ": " + requested + " copies requested, " + available + " available" : null;
    }

    /** Sale misses after {@code missed} more: they stop at {@code Long.MAX_VALUE} rather than overflow. */
    public static long missesAfter(long saleMisses, long missed) {
        return saleMisses > Long.MAX_VALUE - missed ? Long.MAX_VALUE : saleMisses + missed;
    }

    /** A book rated {@code timesRated} times can be rated once more while below {@link #MAX_TIMES_RATED}. */
    public static String rateProblem(int isbn, long timesRated) {
        return timesRated >= MAX_TIMES_RATED
                ? "ISBN " + isbn + " has been rated " + timesRated + " times, the most a book can be" : null;
    }

    private static String negativeProblem(String prefix, String what, long value) {
        return value < 0 ? prefix + what + " " + value + " is invalid (must be >= 0)" : null;
    }

    private static boolean isBlank(String text) {
        return text == null || text.isBlank();
    }
}
