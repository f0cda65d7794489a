package com.acertainbookstore.wire;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes and reads the protocol's two collections, {@code HashSet} ({@code <set>}) and
 * {@code ArrayList} ({@code <list>}), whose items are values or {@code <null/>}, never a
 * collection nor an envelope. Safe to share.
 *
 * <p>A set names each book at most once: one whose items share an ISBN (or, for a set of ISBNs,
 * a value) is refused as a whole, whatever the item type. Values are equal when their ISBNs are,
 * so a {@code HashSet} would keep the first of two such items and drop the other silently; and
 * books with one ISBN but different titles share a hash code without being equal, which made
 * building the set quadratic in their number. Here the items are collected in a list, their ISBNs
 * checked for repeats by sorting (n log n whatever the values), and only then put in the set,
 * whose hash codes are then all distinct.
 */
final class FlatCollectionConverter implements Converter {

    /** What an item may be: a value, never a collection or an envelope. */
    private static final Tag[] ITEMS = {Tag.INT, Tag.BOOK, Tag.STOCK_BOOK, Tag.COPY, Tag.RATING, Tag.PICK};
    /** Up to this many items, repeats are looked for pair by pair (no array, no sort). */
    private static final int PAIRWISE_LIMIT = 16;

    @Override
    public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
        return type == HashSet.class || type == ArrayList.class;
    }

    /**
     * Writes each item through its element's writer directly: items are values of a few known
     * classes, so XStream's per-object lookups would only cost time. Books may be copied from
     * earlier answers ({@link EncodedBooks}), and read back from them ({@link DecodedBooks}).
     */
    @Override
    public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
        for (Object item : (Collection<?>) source) {
            Tag tag = itemTag(item);
            if (tag == Tag.BOOK || tag == Tag.STOCK_BOOK) {
                BookElement.writeElement((ImmutableBook) item, tag, writer);
                continue;
            }
            writer.startNode(tag.xmlName());
            switch (tag) {
                case INT -> writer.setValue(Integer.toString((Integer) item));
                case COPY, RATING, PICK -> PairElement.write(item, writer);
                default -> {
                    // NULL: an empty element.
                }
            }
            writer.endNode();
        }
    }

    private static Tag itemTag(Object item) {
        if (item == null) {
            return Tag.NULL;
        }
        for (Tag tag : ITEMS) {
            if (tag.type() == item.getClass()) {
                return tag;
            }
        }
        throw new IllegalArgumentException(item.getClass().getName() + " is not a wire value");
    }

    @Override
    public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
        ArrayList<Object> items = new ArrayList<>();
        WireXmlReader wire = Nodes.wire(reader);
        while (reader.hasMoreChildren()) {
            DecodedBooks.Entry known = wire.recallItem();
            if (known != null) {
                items.add(known.book());
                continue;
            }
            reader.moveDown();
            Tag tag = Nodes.tag(reader);
            Object item = switch (tag) {
                case NULL -> {
                    Nodes.requireNoChildren(reader);
                    yield null;
                }
                case INT -> Nodes.intValue(reader);
                case BOOK -> BookElement.read(reader, false);
                case STOCK_BOOK -> BookElement.read(reader, true);
                case COPY, RATING, PICK -> PairElement.read(reader, tag);
                default -> throw new Refusal("<" + tag.xmlName() + "> is not allowed as an item of a collection");
            };
            reader.moveUp();
            if (tag == Tag.BOOK || tag == Tag.STOCK_BOOK) {
                wire.rememberItem(item);
            }
            items.add(item);
        }
        if (context.getRequiredType() == ArrayList.class) {
            return items;
        }
        refuseRepeatedIsbns(items);
        return new HashSet<>(items);
    }

    private static void refuseRepeatedIsbns(ArrayList<Object> items) {
        int size = items.size();
        if (size <= PAIRWISE_LIMIT) {
            for (int i = 1; i < size; i++) {
                for (int j = 0; j < i; j++) {
                    if (items.get(i) != null && items.get(j) != null && isbnOf(items.get(i)) == isbnOf(items.get(j))) {
                        throw repeated(isbnOf(items.get(i)));
                    }
                }
            }
            return;
        }
        int[] isbns = new int[size];
        int count = 0;
        for (Object item : items) {
            if (item != null) {
                isbns[count++] = isbnOf(item);
            }
        }
        Arrays.sort(isbns, 0, count);
        for (int i = 1; i < count; i++) {
            if (isbns[i] == isbns[i - 1]) {
                throw repeated(isbns[i]);
            }
        }
    }

    private static int isbnOf(Object item) {
        if (item instanceof Integer) {
            return (Integer) item;
        }
        if (item instanceof Book) {
            return ((Book) item).getISBN();
        }
        if (item instanceof BookCopy) {
            return ((BookCopy) item).getISBN();
        }
        if (item instanceof BookRating) {
            return ((BookRating) item).getISBN();
        }
        return ((BookEditorPick) item).getISBN();
    }

    private static Refusal repeated(int isbn) {
        return new Refusal("ISBN " + isbn + " appears more than once in the set (a request names each book once)");
    }
}
