package com.acertainbookstore.server;

import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.wire.WireCodec;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/** One answer: status, content type, body. Immutable. */
record Reply(int status, String contentType, byte[] body) {

    static final String TEXT = "text/plain; charset=UTF-8";

    static Reply ok(byte[] xml) {
        return new Reply(200, WireCodec.CONTENT_TYPE, xml);
    }

    static Reply text(String text) {
        return new Reply(200, TEXT, text.getBytes(StandardCharsets.UTF_8));
    }

    /** An XML error document with the given status. */
    static Reply error(int status, String message) {
        return new Reply(status, WireCodec.CONTENT_TYPE, WireCodec.encode(new WireError(message)));
    }

    /** Writes this answer as the whole response and completes {@code callback} when sent. */
    void send(Response response, Callback callback) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }
}
