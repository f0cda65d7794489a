package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;

/**
 * How the three "ISBN plus one value" types are written as an empty element with two attributes
 * and read back: {@link BookCopy} {@code <bc i n/>}, {@link BookRating} {@code <br i r/>},
 * {@link BookEditorPick} {@code <be i e/>}. Called for each item by
 * {@link FlatCollectionConverter}. Stateless.
 */
final class PairElement {

    private PairElement() {
    }

    /** Writes the attributes of {@code source}'s element, already started. */
    static void write(Object source, HierarchicalStreamWriter writer) {
        if (source instanceof BookCopy) {
            BookCopy copy = (BookCopy) source;
            writer.addAttribute(Attribute.ISBN.xmlName(), Integer.toString(copy.getISBN()));
            writer.addAttribute(Attribute.COPIES.xmlName(), Integer.toString(copy.getNumCopies()));
        } else if (source instanceof BookRating) {
            BookRating rating = (BookRating) source;
            writer.addAttribute(Attribute.ISBN.xmlName(), Integer.toString(rating.getISBN()));
            writer.addAttribute(Attribute.RATING.xmlName(), Integer.toString(rating.getRating()));
        } else {
            BookEditorPick pick = (BookEditorPick) source;
            writer.addAttribute(Attribute.ISBN.xmlName(), Integer.toString(pick.getISBN()));
            writer.addAttribute(Attribute.EDITOR_PICK.xmlName(), Boolean.toString(pick.isEditorPick()));
        }
    }

    /** Reads the value whose element ({@code <bc>}, {@code <br>} or {@code <be>}) the reader is on. */
    static Object read(HierarchicalStreamReader reader, Tag tag) {
        int isbn = Nodes.requiredInt(reader, Attribute.ISBN);
        Object value = switch (tag) {
            case COPY -> new BookCopy(isbn, Nodes.requiredInt(reader, Attribute.COPIES));
            case RATING -> new BookRating(isbn, Nodes.requiredInt(reader, Attribute.RATING));
            case PICK -> new BookEditorPick(isbn, Nodes.requiredBoolean(reader, Attribute.EDITOR_PICK));
            default -> throw new IllegalArgumentException("<" + tag.xmlName() + "> is not a pair");
        };
        Nodes.requireNoChildren(reader);
        return value;
    }
}
