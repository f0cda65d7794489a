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
     * Writes {@code book}'s whole element as {@code tag}: when the message may copy
     * ({@link EncodedBooks}), copied if this very object was written before; else written (and
     * kept, when the message may copy).
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
        wire.addAttribute(Attribute.ISBN.xmlName(), book.getISBN());
        writer.addAttribute(Attribute.PRICE.xmlName(), Float.toString(book.getPrice()));
        if (book instanceof ImmutableStockBook) {
            writeCounts((ImmutableStockBook) book, wire);
        }
        text(writer, Tag.TITLE, book.getTitle());
        text(writer, Tag.AUTHOR, book.getAuthor());
        writer.endNode();
        if (known != null) {
            known.remember(book, tag, wire.bytesSince(start));
        }
    }

    /** The stock book's attributes after its price, as decimal numbers and {@code true}/{@code false}. */
    private static void writeCounts(ImmutableStockBook stock, WireXmlWriter wire) {
        wire.addAttribute(Attribute.COPIES.xmlName(), stock.getNumCopies());
        wire.addAttribute(Attribute.SALE_MISSES.xmlName(), stock.getNumSaleMisses());
        wire.addAttribute(Attribute.TIMES_RATED.xmlName(), stock.getNumTimesRated());
        wire.addAttribute(Attribute.RATING.xmlName(), stock.getTotalRating());
        wire.addAttribute(Attribute.EDITOR_PICK.xmlName(), stock.isEditorPick());
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
