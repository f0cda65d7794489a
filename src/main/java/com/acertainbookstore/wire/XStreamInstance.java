package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.CompactWriter;
import com.thoughtworks.xstream.io.xml.MXParserDriver;
import com.thoughtworks.xstream.io.xml.XppReader;
import com.thoughtworks.xstream.mapper.Mapper;
import com.thoughtworks.xstream.security.NoTypePermission;
import com.thoughtworks.xstream.security.NullPermission;
import io.github.xstream.mxparser.MXParser;
import java.io.StringReader;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.HashSet;

/**
 * One configured XStream with its own XML parser: the allow-list, the aliases and the converters.
 * <b>Not</b> safe to share: one thread at a time (the parser is reused between calls); the
 * {@link InstancePool} hands instances out.
 */
final class XStreamInstance {

    /** Every class a body may name; XStream refuses any other before creating an object of it. */
    private static final Class<?>[] ALLOWED = {
        WireRequest.class, WireResponse.class, WireError.class,
        ImmutableBook.class, ImmutableStockBook.class, BookCopy.class, BookRating.class, BookEditorPick.class,
        HashSet.class, ArrayList.class, String.class,
        Integer.class, Long.class, Short.class, Byte.class, Float.class, Double.class, Boolean.class, Character.class,
    };

    /** Aliases need no escaping; a name with characters XML forbids is simply malformed. */
    private static final NoNameCoder NAME_CODER = new NoNameCoder();

    private final XStream xstream = newXStream();
    private final MXParser parser = new MXParser();

    String encode(Object envelope) {
        StringWriter out = new StringWriter(256);
        xstream.marshal(envelope, new CompactWriter(out, NAME_CODER));
        return out.toString();
    }

    Object decode(String xml) {
        return xstream.unmarshal(new XppReader(new StringReader(xml), parser, NAME_CODER));
    }

    private static XStream newXStream() {
        XStream xstream = new XStream(new MXParserDriver(NAME_CODER));
        xstream.setMode(XStream.NO_REFERENCES);
        xstream.addPermission(NoTypePermission.NONE);
        xstream.addPermission(NullPermission.NULL);
        xstream.allowTypes(ALLOWED);
        xstream.alias("req", WireRequest.class);
        xstream.alias("res", WireResponse.class);
        xstream.alias("err", WireError.class);
        xstream.alias("b", ImmutableBook.class);
        xstream.alias("sb", ImmutableStockBook.class);
        xstream.alias("bc", BookCopy.class);
        xstream.alias("br", BookRating.class);
        xstream.alias("be", BookEditorPick.class);
        xstream.alias("set", HashSet.class);
        xstream.alias("list", ArrayList.class);
        Mapper mapper = xstream.getMapper();
        xstream.registerConverter(new EnvelopeConverter(mapper), XStream.PRIORITY_VERY_HIGH);
        xstream.registerConverter(new FlatCollectionConverter(mapper), XStream.PRIORITY_VERY_HIGH);
        xstream.registerConverter(new BookConverter(), XStream.PRIORITY_VERY_HIGH);
        xstream.registerConverter(new PairConverter(), XStream.PRIORITY_VERY_HIGH);
        return xstream;
    }
}
