package com.acertainbookstore.wire;

import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.thoughtworks.xstream.converters.ConversionException;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;

/**
 * Writes and reads {@link ImmutableBook} ({@code <b>}) and {@link ImmutableStockBook}
 * ({@code <sb>}): numbers as attributes, title and author as child elements {@code <t>} and
 * {@code <a>} (absent when {@code null}), since element text keeps line breaks that attribute
 * values would lose. Stateless and safe to share.
 */
final class BookConverter implements Converter {

    @Override
    public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
        return type == ImmutableBook.class || type == ImmutableStockBook.class;
    }

    @Override
    public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
        ImmutableBook book = (ImmutableBook) source;
        writer.addAttribute("i", Integer.toString(book.getISBN()));
        writer.addAttribute("p", Float.toString(book.getPrice()));
        if (book instanceof ImmutableStockBook) {
            ImmutableStockBook stock = (ImmutableStockBook) book;
            writer.addAttribute("n", Integer.toString(stock.getNumCopies()));
            writer.addAttribute("m", Long.toString(stock.getNumSaleMisses()));
            writer.addAttribute("c", Long.toString(stock.getNumTimesRated()));
            writer.addAttribute("r", Long.toString(stock.getTotalRating()));
            writer.addAttribute("e", Boolean.toString(stock.isEditorPick()));
        }
        text(writer, "t", book.getTitle());
        text(writer, "a", book.getAuthor());
    }

    private static void text(HierarchicalStreamWriter writer, String name, String value) {
        if (value != null) {
            writer.startNode(name);
            writer.setValue(value);
            writer.endNode();
        }
    }

    @Override
    public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
        boolean stock = context.getRequiredType() == ImmutableStockBook.class;
        int isbn = Nodes.requiredInt(reader, "i");
        float price = Nodes.requiredFloat(reader, "p");
        int copies = stock ? Nodes.requiredInt(reader, "n") : 0;
        long misses = stock ? Nodes.requiredLong(reader, "m") : 0;
        long timesRated = stock ? Nodes.requiredLong(reader, "c") : 0;
        long totalRating = stock ? Nodes.requiredLong(reader, "r") : 0;
        boolean editorPick = stock && Nodes.requiredBoolean(reader, "e");
        String title = null;
        String author = null;
        while (reader.hasMoreChildren()) {
            reader.moveDown();
            String name = reader.getNodeName();
            if ("t".equals(name) && title == null) {
                title = reader.getValue();
            } else if ("a".equals(name) && author == null) {
                author = reader.getValue();
            } else {
                throw new ConversionException("unexpected <" + name + "> in a book");
            }
            reader.moveUp();
        }
        if (!stock) {
            return new ImmutableBook(isbn, title, author, price);
        }
        return new ImmutableStockBook(isbn, title, author, price, copies, misses, timesRated,
                totalRating, editorPick);
    }
}
