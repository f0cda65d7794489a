package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;

/**
 * Writes and reads the three "ISBN plus one value" types as attributes of an empty element:
 * {@link BookCopy} {@code <bc i n/>}, {@link BookRating} {@code <br i r/>}, {@link BookEditorPick}
 * {@code <be i e/>}. Stateless and safe to share.
 */
final class PairConverter implements Converter {

    @Override
    public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
        return type == BookCopy.class || type == BookRating.class || type == BookEditorPick.class;
    }

    @Override
    public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
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

    @Override
    public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
        Class<?> type = context.getRequiredType();
        int isbn = Nodes.requiredInt(reader, Attribute.ISBN);
        Object value;
        if (type == BookCopy.class) {
            value = new BookCopy(isbn, Nodes.requiredInt(reader, Attribute.COPIES));
        } else if (type == BookRating.class) {
            value = new BookRating(isbn, Nodes.requiredInt(reader, Attribute.RATING));
        } else {
            value = new BookEditorPick(isbn, Nodes.requiredBoolean(reader, Attribute.EDITOR_PICK));
        }
        Nodes.requireNoChildren(reader);
        return value;
    }
}
