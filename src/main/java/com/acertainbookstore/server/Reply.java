package com.acertainbookstore.server;

import com.acertainbookstore.wire.ListingIds;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireError;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** One answer: status, content type, body, and any headers of the protocol's own. Immutable. */
record Reply(int status, String contentType, byte[] body, HttpField... headers) {

    static final String TEXT = "text/plain; charset=UTF-8";
    /** No headers of the protocol's own: shared, so that an answer allocates no empty array. */
    private static final HttpField[] NONE = {};

    static Reply ok(byte[] xml) {
        return new Reply(200, WireCodec.CONTENT_TYPE, xml, NONE);
    }

    /**
     * A listing's answer: the listing {@code id} (0: not kept, no header), and the listing
     * {@code base} the body's books are to be merged into (0: the body is the whole listing).
     */
    static Reply listing(byte[] xml, long id, long base) {
        if (id == 0) {
            return ok(xml);
        }
        HttpField idField = new HttpField(ListingIds.ID_HEADER, Long.toString(id));
        return base == 0 ? new Reply(200, WireCodec.CONTENT_TYPE, xml, idField)
                : new Reply(200, WireCodec.CONTENT_TYPE, xml, idField,
                        new HttpField(ListingIds.BASE_HEADER, Long.toString(base)));
    }

    static Reply text(String text) {
        return new Reply(200, TEXT, text.getBytes(StandardCharsets.UTF_8), NONE);
    }

    /** An XML error document with the given status. */
    static Reply error(int status, String message) {
        return new Reply(status, WireCodec.CONTENT_TYPE, WireCodec.encode(new WireError(message)), NONE);
    }

    /** Writes this answer as the whole response and completes {@code callback} when sent. */
    void send(Response response, Callback callback) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        for (HttpField header : headers) {
            response.getHeaders().put(header);
        }
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
