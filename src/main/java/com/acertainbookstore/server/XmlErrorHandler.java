package com.acertainbookstore.server;

import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.wire.WireCodec;
import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Jetty's error pages as XML error documents (for errors raised by Jetty itself, such as an
 * unparsable request), never HTML and never a stack trace. Stateless; safe to share.
 */
final class XmlErrorHandler extends ErrorHandler {

    @Override
    protected void generateResponse(Request request, Response response, int code, String message,
            Throwable cause, Callback callback) {
        byte[] body = body(code, message);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, WireCodec.CONTENT_TYPE);
        response.getHeaders().put(HttpHeader.CONTENT_LENGTH, body.length);
        response.write(true, ByteBuffer.wrap(body), callback);
    }

    private static byte[] body(int code, String message) {
        String text = message == null || message.isBlank() ? HttpStatus.getMessage(code) : message;
        return WireCodec.encode(new WireError(code + " " + text));
    }
}
