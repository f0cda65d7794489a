package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.thoughtworks.xstream.converters.ConversionException;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.core.util.HierarchicalStreams;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import com.thoughtworks.xstream.mapper.Mapper;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Set;

/**
 * Writes and reads the protocol's two collections, {@code HashSet} ({@code <set>}) and
 * {@code ArrayList} ({@code <list>}), whose items are values or {@code <null/>}, never a
 * collection nor an envelope: one level only, so no body can nest deeply enough to exhaust the
 * stack. Each item's class is resolved through the mapper, so the allow-list applies to it first.
 * Safe to share.
 */
final class FlatCollectionConverter implements Converter {

    /** What an item may be: a value, never a collection or an envelope. */
    private static final Set<Class<?>> ITEM_TYPES = Set.of(Integer.class, ImmutableBook.class,
            ImmutableStockBook.class, BookCopy.class, BookRating.class, BookEditorPick.class);

    private final Mapper mapper;

    FlatCollectionConverter(Mapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
        return type == HashSet.class || type == ArrayList.class;
    }

    @Override
    public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
        for (Object item : (Collection<?>) source) {
            if (item == null) {
                writer.startNode(mapper.serializedClass(null));
            } else {
                if (!ITEM_TYPES.contains(item.getClass())) {
                    throw new IllegalArgumentException(item.getClass().getName() + " is not a wire value");
                }
                writer.startNode(mapper.serializedClass(item.getClass()));
                context.convertAnother(item);
            }
            writer.endNode();
        }
    }

    @Override
    public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
        Collection<Object> items = context.getRequiredType() == HashSet.class ? new HashSet<>() : new ArrayList<>();
        while (reader.hasMoreChildren()) {
            reader.moveDown();
            Class<?> type = HierarchicalStreams.readClassType(reader, mapper);
            if (type == Mapper.Null.class) {
                items.add(null);
            } else if (!ITEM_TYPES.contains(type)) {
                throw new ConversionException("<" + reader.getNodeName() + "> is not allowed as an item of a collection");
            } else {
                items.add(context.convertAnother(items, type));
            }
            reader.moveUp();
        }
        return items;
    }
}
