package com.acertainbookstore.wire;

/**
 * Every attribute name of the wire vocabulary: one letter each, the number or flag it carries.
 * The writer and the reader both take the names from here. Immutable.
 */
enum Attribute {

    /** The book's ISBN, on every value. */
    ISBN("i"),
    /** A book's price. */
    PRICE("p"),
    /** A number of copies: a stock book's copies, or a {@code BookCopy}'s count. */
    COPIES("n"),
    /** A stock book's sale misses. */
    SALE_MISSES("m"),
    /** A stock book's times rated. */
    TIMES_RATED("c"),
    /** A rating: a {@code BookRating}'s rating, or a stock book's total rating. */
    RATING("r"),
    /** An editor-pick flag. */
    EDITOR_PICK("e");

    private final String xmlName;

    Attribute(String xmlName) {
        if (xmlName.length() != 1 || xmlName.charAt(0) >= 128) {
            throw new IllegalStateException("attribute names are one ASCII letter, not " + xmlName);
        }
        this.xmlName = xmlName;
    }

    /** The name as written in the XML. */
    String xmlName() {
        return xmlName;
    }

    /** The name's one letter. */
    char letter() {
        return xmlName.charAt(0);
    }
}
