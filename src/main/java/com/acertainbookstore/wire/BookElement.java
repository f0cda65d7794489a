package com.acertainbookstore.wire;

import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;

/**
 * How a book is written as an element and read back: {@link ImmutableBook} ({@code <b>}) and
 * {@link ImmutableStockBook} ({@code <sb>}), numbers as attributes, title and author as child
 * elements {@code <t>} and {@code <a>} (absent when {@code null}), since element text keeps line
 * breaks that attribute values would lose. Called for each item by {@link FlatCollectionConverter}
 * (books only travel in collections). Stateless.
 */
final class BookElement {

    private BookElement() {
    }

    /**
     * Writes {@code book}'s whole element as {@code tag}: copied when this very object was written
     * before and the message may copy ({@link EncodedBooks}), else written and kept.
     */
    static void writeElement(ImmutableBook book, Tag tag, HierarchicalStreamWriter writer) {
        WireXmlWriter wire = (WireXmlWriter) writer.underlyingWriter();
        EncodedBooks known = wire.known();
        byte[] copy = known == null ? null : known.find(book, tag);
        if (copy != null) {
            wire.element(copy);
            return;
        }
        int start = wire.elementStart();
        writer.startNode(tag.xmlName());
        write(book, writer);
        writer.endNode();
        if (known != null) {
            known.remember(book, tag, wire.bytesSince(start));
        }
    }

    /** Writes the attributes and children of {@code book}'s element, already started. */
    private static void write(ImmutableBook book, HierarchicalStreamWriter writer) {
        writer.addAttribute(Attribute.ISBN.xmlName(), Integer.toString(book.getISBN()));
        writer.addAttribute(Attribute.PRICE.xmlName(), Float.toString(book.getPrice()));
        if (book instanceof ImmutableStockBook) {
            ImmutableStockBook stock = (ImmutableStockBook) book;
            writer.addAttribute(Attribute.COPIES.xmlName(), Integer.toString(stock.getNumCopies()));
            writer.addAttribute(Attribute.SALE_MISSES.xmlName(), Long.toString(stock.getNumSaleMisses()));
            writer.addAttribute(Attribute.TIMES_RATED.xmlName(), Long.toString(stock.getNumTimesRated()));
            writer.addAttribute(Attribute.RATING.xmlName(), Long.toString(stock.getTotalRating()));
            writer.addAttribute(Attribute.EDITOR_PICK.xmlName(), Boolean.toString(stock.isEditorPick()));
        }
        text(writer, Tag.TITLE, book.getTitle());
        text(writer, Tag.AUTHOR, book.getAuthor());
    }

    private static void text(HierarchicalStreamWriter writer, Tag tag, String value) {
        if (value != null) {
            writer.startNode(tag.xmlName());
            writer.setValue(value);
            writer.endNode();
        }
    }

    /** Reads the book whose element the reader is on: a stock book when {@code stock}. */
    static ImmutableBook read(HierarchicalStreamReader reader, boolean stock) {
        int isbn = Nodes.requiredInt(reader, Attribute.ISBN);
        float price = Nodes.requiredFloat(reader, Attribute.PRICE);
        int copies = stock ? Nodes.requiredInt(reader, Attribute.COPIES) : 0;
        long misses = stock ? Nodes.requiredLong(reader, Attribute.SALE_MISSES) : 0;
        long timesRated = stock ? Nodes.requiredLong(reader, Attribute.TIMES_RATED) : 0;
        long totalRating = stock ? Nodes.requiredLong(reader, Attribute.RATING) : 0;
        boolean editorPick = stock && Nodes.requiredBoolean(reader, Attribute.EDITOR_PICK);
        String title = null;
        String author = null;
        while (reader.hasMoreChildren()) {
            reader.moveDown();
            Tag tag = Nodes.tag(reader);
            Nodes.requireNoChildren(reader);
            if (tag == Tag.TITLE && title == null) {
                title = reader.getValue();
            } else if (tag == Tag.AUTHOR && author == null) {
                author = reader.getValue();
            } else {
                throw new Refusal("<" + tag.xmlName() + "> is not expected in a book (at most one <t> and one <a>)");
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
