package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.thoughtworks.xstream.converters.ConversionException;
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
            writer.addAttribute("i", Integer.toString(copy.getISBN()));
            writer.addAttribute("n", Integer.toString(copy.getNumCopies()));
        } else if (source instanceof BookRating) {
            BookRating rating = (BookRating) source;
            writer.addAttribute("i", Integer.toString(rating.getISBN()));
            writer.addAttribute("r", Integer.toString(rating.getRating()));
        } else {
            BookEditorPick pick = (BookEditorPick) source;
            writer.addAttribute("i", Integer.toString(pick.getISBN()));
            writer.addAttribute("e", Boolean.toString(pick.isEditorPick()));
        }
    }

    @Override
    public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
        Class<?> type = context.getRequiredType();
        int isbn = Nodes.requiredInt(reader, "i");
        Object value;
        if (type == BookCopy.class) {
            value = new BookCopy(isbn, Nodes.requiredInt(reader, "n"));
        } else if (type == BookRating.class) {
            value = new BookRating(isbn, Nodes.requiredInt(reader, "r"));
        } else {
            value = new BookEditorPick(isbn, Nodes.requiredBoolean(reader, "e"));
        }
        if (reader.hasMoreChildren()) {
            throw new ConversionException("<" + reader.getNodeName() + "> must be empty");
        }
        return value;
    }
}
