package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;

/**
 * The wire vocabulary: every element name a message may hold, the class it stands for (XStream's
 * alias) and the attributes it may carry. The reader refuses any other name before XStream looks
 * anything up, so nothing keyed by a name from the network can grow. Immutable.
 */
enum Tag {

    REQUEST("req", WireRequest.class),
    RESPONSE("res", WireResponse.class),
    ERROR("err", WireError.class),
    /** XStream's name for a {@code null} value. */
    NULL("null", null),
    INT("int", Integer.class),
    SET("set", HashSet.class),
    LIST("list", ArrayList.class),
    BOOK("b", ImmutableBook.class, Attribute.ISBN, Attribute.PRICE),
    STOCK_BOOK("sb", ImmutableStockBook.class, Attribute.ISBN, Attribute.PRICE, Attribute.COPIES,
            Attribute.SALE_MISSES, Attribute.TIMES_RATED, Attribute.RATING, Attribute.EDITOR_PICK),
    COPY("bc", BookCopy.class, Attribute.ISBN, Attribute.COPIES),
    RATING("br", BookRating.class, Attribute.ISBN, Attribute.RATING),
    PICK("be", BookEditorPick.class, Attribute.ISBN, Attribute.EDITOR_PICK),
    /** A book's title (element text keeps line breaks that an attribute would lose). */
    TITLE("t", null),
    /** A book's author. */
    AUTHOR("a", null);

    /**
     * The deepest a message nests: envelope, collection, book, title. The converters accept no
     * deeper shape, so the reader refuses one at once rather than parse it.
     */
    static final int MAX_DEPTH = 4;

    private static final Tag[] ALL = values();
    /** The tags by the first character of their name (all names are ASCII letters). */
    private static final Tag[][] BY_FIRST = new Tag[128][];

    static {
        for (Tag tag : ALL) {
            char first = tag.xmlName.charAt(0);
            Tag[] others = BY_FIRST[first] == null ? new Tag[0] : BY_FIRST[first];
            Tag[] with = Arrays.copyOf(others, others.length + 1);
            with[others.length] = tag;
            BY_FIRST[first] = with;
        }
    }

    private final String xmlName;
    /** The name's characters, compared with a body's in place. */
    private final char[] nameChars;
    private final Class<?> type;
    /** This element's attributes by their one-letter name. */
    private final Attribute[] byLetter = new Attribute[128];

    Tag(String xmlName, Class<?> type, Attribute... attributes) {
        this.xmlName = xmlName;
        this.nameChars = xmlName.toCharArray();
        this.type = type;
        for (Attribute attribute : attributes) {
            byLetter[attribute.letter()] = attribute;
        }
    }

    /** The element name as written in the XML. */
    String xmlName() {
        return xmlName;
    }

    /** The class this element stands for, or {@code null} for {@code null}, title and author. */
    Class<?> type() {
        return type;
    }

    /** The attribute of this element named {@code chars[from..to)}, or {@code null} if it has none. */
    Attribute attribute(char[] chars, int from, int to) {
        char letter = chars[from];
        return to - from == 1 && letter < 128 ? byLetter[letter] : null;
    }

    /** The tag named {@code chars[from..to)}, or {@code null} when the name is not in the vocabulary. */
    static Tag find(char[] chars, int from, int to) {
        char first = chars[from];
        Tag[] candidates = first < 128 ? BY_FIRST[first] : null;
        if (candidates != null) {
            for (Tag tag : candidates) {
                if (tag.named(chars, from, to)) {
                    return tag;
                }
            }
        }
        return null;
    }

    /** Whether {@code chars[from..to)} is this element's name. */
    boolean named(char[] chars, int from, int to) {
        char[] name = nameChars;
        if (name.length != to - from) {
            return false;
        }
        for (int i = 0; i < name.length; i++) {
            if (name[i] != chars[from + i]) {
                return false;
            }
        }
        return true;
    }
}
