package com.acertainbookstore.wire;

import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * The one codec of the protocol, envelopes to UTF-8 XML and back through XStream, safe to call
 * from any number of threads without contention.
 *
 * <p>Each call borrows an XStream instance from a striped pool where every thread has a home
 * slot, so threads do not share an instance and its internal caches ({@link InstancePool} says
 * why this beats both a shared instance and one per thread).
 *
 * <p>Reading is vocabulary-first: the body must be strict UTF-8, and {@link WireXmlReader} refuses
 * every element or attribute name outside the {@link Tag} vocabulary, nesting deeper than
 * {@value Tag#MAX_DEPTH} levels and more elements than {@link #MAX_REQUEST_ELEMENTS} in a request
 * before XStream resolves any name; XStream's allow-list (the vocabulary's classes only) stands
 * behind it. Every step is linear in the body's size, so a refusal costs no more than reading.
 */
public final class WireCodec {

    /** The content type of every body, requests and answers alike. */
    public static final String CONTENT_TYPE = "application/xml; charset=UTF-8";
    /** The most elements a request may hold (a set of 100,000 ISBNs, or about 33,000 books). */
    public static final int MAX_REQUEST_ELEMENTS = 100_000;
    /**
     * The most elements an answer may hold: a list of about 3 million books, beyond any answer
     * the client's size bound lets through.
     */
    public static final int MAX_ANSWER_ELEMENTS = 10_000_000;

    private static final InstancePool POOL = new InstancePool();
    /** Books of the answers this process encoded lately (a server's), by their snapshot objects. */
    private static final EncodedBooks ENCODED = new EncodedBooks();
    /** Books of the answers this process decoded lately (a client's), by their text. */
    private static final DecodedBooks DECODED = new DecodedBooks();

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
            return instance.encode(envelope, envelope instanceof WireResponse ? ENCODED : null);
        } finally {
            POOL.release(instance);
        }
    }

    /**
     * Decodes a body that must hold an envelope of the given type.
     *
     * @throws WireFormatException malformed XML or UTF-8, a name outside the vocabulary, an
     *     unexpected element or attribute, a malformed number, a set naming one ISBN twice, too
     *     many elements, or an envelope of another type; the message says which, in one line
     */
    public static <T> T decode(byte[] body, Class<T> envelopeType) throws WireFormatException {
        return decode(body, body.length, envelopeType);
    }

    /** {@link #decode(byte[], Class)} of the body {@code body[0..length)}. */
    public static <T> T decode(byte[] body, int length, Class<T> envelopeType) throws WireFormatException {
        if (length < 0 || length > body.length) {
            throw new IllegalArgumentException("length " + length + " is outside 0.." + body.length);
        }
        if (length == 0) {
            throw new WireFormatException("body is empty (expected a " + name(envelopeType) + ")");
        }
        boolean request = envelopeType == WireRequest.class;
        int maxElements = request ? MAX_REQUEST_ELEMENTS : MAX_ANSWER_ELEMENTS;
        Object decoded;
        XStreamInstance instance = POOL.acquire();
        try {
            CharBuffer chars = utf8(body, length, instance);
            decoded = instance.decode(new WireXmlReader(chars.array(), chars.limit(), maxElements,
                    request ? null : DECODED));
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

    /**
     * The body's characters; ASCII (the usual case) is widened by the JDK's ASCII decoder, into the
     * instance's own array (nothing read keeps a reference to it).
     */
    private static CharBuffer utf8(byte[] body, int length, XStreamInstance instance) {
        CharBuffer ascii = instance.ascii(body, length);
        return ascii != null ? ascii : strictUtf8(body, length);
    }

    private static CharBuffer strictUtf8(byte[] body, int length) {
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(body, 0, length));
        } catch (CharacterCodingException e) {
            throw new Refusal("body is not valid UTF-8", e);
        }
    }

    private static String name(Class<?> type) {
        return type.getSimpleName();
    }

    /**
     * What was wrong, in one line: the reader's or a converter's own refusal where there is one
     * (XStream wraps it in messages that run over a dozen lines of context).
     */
    private static String describe(RuntimeException e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof Refusal) {
                return firstLine(cause.getMessage());
            }
        }
        return "unexpected " + e.getClass().getSimpleName();
    }

    private static String firstLine(String message) {
        String text = message == null ? "" : message;
        int newline = text.indexOf('\n');
        return (newline < 0 ? text : text.substring(0, newline)).trim();
    }
}
