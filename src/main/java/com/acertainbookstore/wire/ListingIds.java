package com.acertainbookstore.wire;

/**
 * The two headers by which a {@code LISTBOOKS} answer may carry only what changed since a listing
 * the client already holds, and the one form of a listing id.
 *
 * <p>Every {@code LISTBOOKS} answer the server remembers carries {@value #ID_HEADER}: the id of
 * that listing. A request may name such a listing in {@value #BASE_HEADER}. If the server still
 * remembers it and no book of it has left the store since, the answer carries the same
 * {@value #BASE_HEADER} and its body lists only the books added or changed since that listing
 * (ascending ISBN, as every listing); the client merges them into the listing it holds. Otherwise
 * the answer is the whole listing, as without the header. Ids are opaque to the client: decimal
 * numbers that a restarted server starts afresh at a random point.
 */
public final class ListingIds {

    /** Answer header: the id of the listing this answer gives (whole or merged). */
    public static final String ID_HEADER = "Listing-Id";
    /**
     * Request header: the listing the client holds; answer header: the listing the body's books
     * are to be merged into.
     */
    public static final String BASE_HEADER = "Listing-Base";
    /** The most digits of an id. */
    public static final int MAX_DIGITS = 19;

    private ListingIds() {
    }

    /**
     * The id written in {@code value}: 1 to {@value #MAX_DIGITS} ASCII digits, at least 1 and at
     * most {@code Long.MAX_VALUE}.
     *
     * @throws WireFormatException anything else, with a message naming {@code header}
     */
    public static long parse(String header, String value) throws WireFormatException {
        if (value == null || value.isEmpty() || value.length() > MAX_DIGITS) {
            throw refused(header, value);
        }
        long id = 0;
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                throw refused(header, value);
            }
            int digit = c - '0';
            if (id > (Long.MAX_VALUE - digit) / 10) {
                throw refused(header, value);
            }
            id = id * 10 + digit;
        }
        if (id < 1) {
            throw refused(header, value);
        }
        return id;
    }

    private static WireFormatException refused(String header, String value) {
        return new WireFormatException(header + " must be a listing id (1 to " + MAX_DIGITS
                + " decimal digits, at least 1), not '" + Texts.printable(value == null ? "" : value, 40) + "'");
    }
}
