package com.acertainbookstore.wire;

import com.thoughtworks.xstream.converters.ConversionException;
import com.thoughtworks.xstream.mapper.CannotResolveClassException;
import com.thoughtworks.xstream.security.ForbiddenClassException;
import java.io.EOFException;
import java.nio.charset.StandardCharsets;
import org.xmlpull.v1.XmlPullParserException;

/**
 * The one codec of the protocol, envelopes to UTF-8 XML and back through XStream, safe to call
 * from any number of threads without contention.
 *
 * <p>Each call borrows an XStream
 * instance (with its own parser) from a striped pool where every thread has a home slot, so
 * threads do not share an instance and its internal caches ({@link InstancePool} says why this
 * beats both a shared instance and one per thread).
 *
 * <p>Reading is deny-by-default: only the envelopes, the value types, {@code HashSet},
 * {@code ArrayList}, {@code String}, boxed primitives and {@code null} may be named. A body naming
 * any other class is refused when its name is resolved, before any object of it exists.
 */
public final class WireCodec {

    /** The content type of every body, requests and answers alike. */
    public static final String CONTENT_TYPE = "application/xml; charset=UTF-8";

    private static final InstancePool POOL = new InstancePool();

    private WireCodec() {
    }

    /** Encodes an envelope ({@link WireRequest}, {@link WireResponse} or {@link WireError}). */
    public static byte[] encode(Object envelope) {
        if (!(envelope instanceof WireRequest || envelope instanceof WireResponse || envelope instanceof WireError)) {
            throw new IllegalArgumentException("only envelopes are encoded, not "
                    + (envelope == null ? "null" : envelope.getClass().getName()));
        }
        XStreamInstance instance = POOL.acquire();
        try {
            return instance.encode(envelope).getBytes(StandardCharsets.UTF_8);
        } finally {
            POOL.release(instance);
        }
    }

    /**
     * Decodes a body that must hold an envelope of the given type.
     *
     * @throws WireFormatException malformed XML, a class outside the allow-list, an unexpected
     *     element or attribute, or an envelope of another type; the message says which
     */
    public static <T> T decode(byte[] body, Class<T> envelopeType) throws WireFormatException {
        if (body.length == 0) {
            throw new WireFormatException("body is empty (expected a " + name(envelopeType) + ")");
        }
        Object decoded;
        XStreamInstance instance = POOL.acquire();
        try {
            decoded = instance.decode(new String(body, StandardCharsets.UTF_8));
        } catch (RuntimeException e) {
            throw new WireFormatException("body is not a valid " + name(envelopeType) + ": " + describe(e), e);
        } finally {
            POOL.release(instance);
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
            if (cause instanceof NumberFormatException) {
                return "a number is malformed (" + firstLine(cause.getMessage()) + ")";
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
}
