package com.acertainbookstore.wire;

import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import com.thoughtworks.xstream.converters.Converter;
import com.thoughtworks.xstream.converters.MarshallingContext;
import com.thoughtworks.xstream.converters.UnmarshallingContext;
import com.thoughtworks.xstream.io.HierarchicalStreamReader;
import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import com.thoughtworks.xstream.mapper.Mapper;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes and reads the three envelopes: {@code <req>} with at most one child (the argument:
 * {@code <null/>}, {@code <int>}, or {@code <set>}), {@code <res>} with at most one {@code <list>},
 * and {@code <err>} whose text is the message. Children are resolved through the {@link Tag}
 * vocabulary, never by looking a name up in XStream's mapper. Safe to share.
 */
final class EnvelopeConverter implements Converter {

    private final Mapper mapper;

    EnvelopeConverter(Mapper mapper) {
        this.mapper = mapper;
    }

    @Override
    public boolean canConvert(@SuppressWarnings("rawtypes") Class type) {
        return type == WireRequest.class || type == WireResponse.class || type == WireError.class;
    }

    @Override
    public void marshal(Object source, HierarchicalStreamWriter writer, MarshallingContext context) {
        if (source instanceof WireError) {
            writer.setValue(((WireError) source).message());
        } else if (source instanceof WireRequest) {
            WireRequest request = (WireRequest) source;
            if (request.hasArgument()) {
                child(request.argument(), writer, context);
            }
        } else {
            List<?> result = ((WireResponse) source).result();
            if (result != null) {
                child(result, writer, context);
            }
        }
    }

    private void child(Object value, HierarchicalStreamWriter writer, MarshallingContext context) {
        if (value == null) {
            writer.startNode(mapper.serializedClass(null));
        } else {
            writer.startNode(mapper.serializedClass(value.getClass()));
            context.convertAnother(value);
        }
        writer.endNode();
    }

    @Override
    public Object unmarshal(HierarchicalStreamReader reader, UnmarshallingContext context) {
        Class<?> type = context.getRequiredType();
        if (type == WireError.class) {
            Nodes.requireNoChildren(reader);
            return new WireError(reader.getValue());
        }
        if (!reader.hasMoreChildren()) {
            return type == WireRequest.class ? WireRequest.none() : WireResponse.empty();
        }
        reader.moveDown();
        Tag child = Nodes.tag(reader);
        Object envelope;
        if (type == WireRequest.class) {
            envelope = WireRequest.of(argument(child, context));
        } else if (child == Tag.LIST) {
            envelope = WireResponse.of((List<?>) context.convertAnother(null, ArrayList.class));
        } else {
            throw new Refusal("<" + child.xmlName() + "> is not allowed in a response (only <list>)");
        }
        reader.moveUp();
        if (reader.hasMoreChildren()) {
            throw new Refusal("an envelope holds at most one element");
        }
        return envelope;
    }

    private static Object argument(Tag child, UnmarshallingContext context) {
        return switch (child) {
            case NULL -> null;
            case INT, SET -> context.convertAnother(null, child.type());
            default -> throw new Refusal("<" + child.xmlName() + "> is not allowed as an argument"
                    + " (only <int>, <set> or <null/>)");
        };
    }
}
