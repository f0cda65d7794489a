package com.acertainbookstore.wire;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.thoughtworks.xstream.XStream;
import com.thoughtworks.xstream.converters.ConversionException;
import com.thoughtworks.xstream.mapper.CannotResolveClassException;
import com.thoughtworks.xstream.security.ForbiddenClassException;
import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.CompactWriter;
import com.thoughtworks.xstream.io.xml.MXParserDriver;
import com.thoughtworks.xstream.io.xml.XppReader;
import com.thoughtworks.xstream.mapper.Mapper;
import com.thoughtworks.xstream.security.NoTypePermission;
import com.thoughtworks.xstream.security.NullPermission;
import io.github.xstream.mxparser.MXParser;
import org.xmlpull.v1.XmlPullParserException;
import java.io.EOFException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;

/**
 * The one codec of the protocol: envelopes to UTF-8 XML and back, through XStream.
 *
 * <p>Safe to call from any number of threads without contention: every thread uses its own
 * XStream instance and XML parser (an XStream instance shared between threads contends on its
 * internal caches). An instance costs a few hundred kilobytes and is built on a thread's first call.
 *
 * <p>Reading is deny-by-default: only the envelopes, the value types, {@code HashSet},
 * {@code ArrayList}, {@code String}, boxed primitives and {@code null} may be named. A body naming
 * any other class is refused when its name is resolved, before any object of it exists.
 */
public final class WireCodec {

    /** The content type of every body, requests and answers alike. */
    public static final String CONTENT_TYPE = "application/xml; charset=UTF-8";

    private static final Class<?>[] ALLOWED = {
        WireRequest.class, WireResponse.class, WireError.class,
        ImmutableBook.class, ImmutableStockBook.class, BookCopy.class, BookRating.class, BookEditorPick.class,
        HashSet.class, ArrayList.class, String.class,
        Integer.class, Long.class, Short.class, Byte.class, Float.class, Double.class, Boolean.class, Character.class,
    };

    /** Aliases need no escaping; a name with characters XML forbids is simply malformed. */
    private static final NoNameCoder NAME_CODER = new NoNameCoder();

    private static final ThreadLocal<PerThread> STATE = ThreadLocal.withInitial(PerThread::new);

    private WireCodec() {
    }

    /** Encodes an envelope ({@link WireRequest}, {@link WireResponse} or {@link WireError}). */
    public static byte[] encode(Object envelope) {
        if (!(envelope instanceof WireRequest || envelope instanceof WireResponse || envelope instanceof WireError)) {
            throw new IllegalArgumentException("only envelopes are encoded, not "
                    + (envelope == null ? "null" : envelope.getClass().getName()));
        }
        StringWriter out = new StringWriter(256);
        STATE.get().xstream.marshal(envelope, new CompactWriter(out, NAME_CODER));
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Decodes a body that must hold an envelope of the given type.
     *
     * @throws WireFormatException malformed XML, a class outside the allow-list, an unexpected
     *     element or attribute, or an envelope of another type; the message says which
     */
    public static <T> T decode(byte[] body, Class<T> envelopeType) throws WireFormatException {
        PerThread state = STATE.get();
        Object decoded;
        if (body.length == 0) {
            throw new WireFormatException("body is empty (expected a " + name(envelopeType) + ")");
        }
        try {
            String xml = new String(body, StandardCharsets.UTF_8);
            decoded = state.xstream.unmarshal(new XppReader(new StringReader(xml), state.parser, NAME_CODER));
        } catch (RuntimeException e) {
            throw new WireFormatException("body is not a valid " + name(envelopeType) + ": " + describe(e), e);
        }
        if (!envelopeType.isInstance(decoded)) {
            throw new WireFormatException("body is not a " + name(envelopeType) + " but a "
                    + (decoded == null ? "null" : name(decoded.getClass())));
        }
        return envelopeType.cast(decoded);
    }

    private static String name(Class<?> type) {
        return type.getSimpleName();
    }

    /** What was wrong, in one line (XStream's own messages run over a dozen lines of context). */
    private static String describe(RuntimeException e) {
        Throwable cause = e;
        while (true) {
            if (cause instanceof ForbiddenClassException) {
                return "class " + cause.getMessage() + " is not allowed";
            }
            if (cause instanceof CannotResolveClassException) {
                return "element <" + cause.getMessage() + "> is unknown";
            }
            if (cause instanceof XmlPullParserException || cause instanceof EOFException) {
                return "malformed XML (" + firstLine(cause.getMessage()) + ")";
            }
            if (cause.getCause() == null || cause.getCause() == cause) {
                break;
            }
            cause = cause.getCause();
        }
        if (e instanceof ConversionException && ((ConversionException) e).get("message") != null) {
            return firstLine(((ConversionException) e).get("message"));
        }
        return firstLine(cause.getMessage() == null ? cause.getClass().getSimpleName() : cause.getMessage());
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message;
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }

    /** One thread's XStream and parser. */
    private static final class PerThread {
        final XStream xstream = newXStream();
        final MXParser parser = new MXParser();
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
