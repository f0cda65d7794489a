package com.acertainbookstore.server;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireFormatException;
import com.acertainbookstore.wire.WireRequest;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one Jetty handler: routes {@code /health}, {@code /metrics}, {@code /<op>} and
 * {@code /stock/<op>}, checks the token, reads and decodes the body, calls the store, encodes the
 * answer. Extends {@link Handler.Abstract} (a blocking handler) because store calls may wait on
 * locks. Stateless apart from its final settings: safe for Jetty to call from any number of
 * threads.
 */
final class BookStoreHandler extends Handler.Abstract {

    private static final Logger LOG = LoggerFactory.getLogger(BookStoreHandler.class);
    private static final String STOCK_PREFIX = "/stock/";

    private final StoreDispatcher dispatcher;
    private final int maxBodyBytes;
    /** {@code "Bearer <token>"} as bytes, or {@code null} when /stock is open. */
    private final byte[] expectedAuthorization;

    BookStoreHandler(StoreDispatcher dispatcher, ServerSettings settings) {
        this.dispatcher = dispatcher;
        this.maxBodyBytes = settings.maxBodyBytes();
        this.expectedAuthorization = settings.token() == null ? null
                : ("Bearer " + settings.token()).getBytes(StandardCharsets.UTF_8);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        Reply reply;
        try {
            reply = route(request);
        } catch (RuntimeException | Error e) {
            LOG.warn("unexpected failure answering {}", Request.getPathInContext(request), e);
            reply = Reply.error(500, "internal server error (" + e.getClass().getSimpleName() + ")");
        }
        if (reply.status() == 401) {
            response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer realm=\"bookstore-stock\"");
        }
        if (reply.leavesBodyUnread() && request.getLength() != 0) {
            // A refusal made before reading the body: the connection cannot carry another call.
            response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
        }
        reply.send(response, callback);
        return true;
    }

    private Reply route(Request request) {
        String path = Request.getPathInContext(request);
        String method = request.getMethod();
        if (path.equals("/health") || path.equals("/metrics")) {
            if (!method.equals("GET")) {
                return Reply.error(405, method + " is not allowed on " + path + " (use GET)");
            }
            return Reply.text(path.equals("/health") ? "ok\n" : JvmMetrics.text());
        }
        boolean underStock = path.startsWith(STOCK_PREFIX);
        if (underStock && !authorized(request)) {
            return Reply.error(401, "stock-manager calls need the header 'Authorization: Bearer <token>'");
        }
        String tag = underStock ? path.substring(STOCK_PREFIX.length()) : path.substring(1);
        Operation operation = Operation.find(tag, underStock);
        if (operation == null) {
            return Reply.error(404, notFound(path, tag, underStock));
        }
        if (!method.equals("POST")) {
            return Reply.error(405, method + " is not allowed on " + path + " (use POST)");
        }
        return call(operation, request);
    }

    private static String notFound(String path, String tag, boolean underStock) {
        Operation elsewhere = Operation.find(tag, !underStock);
        if (elsewhere == null) {
            return "no operation at " + path;
        }
        return elsewhere.isStock() ? elsewhere.name() + " is a stock-manager operation: it lives only under /stock"
                : elsewhere.name() + " is a customer operation: it does not live under /stock";
    }

    private boolean authorized(Request request) {
        if (expectedAuthorization == null) {
            return true;
        }
        String given = request.getHeaders().get(HttpHeader.AUTHORIZATION);
        return given != null && MessageDigest.isEqual(expectedAuthorization, given.getBytes(StandardCharsets.UTF_8));
    }

    private Reply call(Operation operation, Request request) {
        byte[] body;
        try {
            body = readBody(request);
        } catch (IOException e) {
            return Reply.error(400, "could not read the body: " + e.getMessage());
        }
        if (body == null) {
            return Reply.error(413, "body is larger than " + maxBodyBytes + " bytes");
        }
        WireRequest wireRequest;
        try {
            wireRequest = WireCodec.decode(body, WireRequest.class);
            operation.checkArgument(wireRequest);
        } catch (WireFormatException e) {
            return Reply.error(400, e.getMessage());
        }
        try {
            return Reply.ok(WireCodec.encode(dispatcher.call(operation, wireRequest.argument())));
        } catch (BookStoreException e) {
            return Reply.error(422, e.getMessage() == null ? "the store refused the call" : e.getMessage());
        }
    }

    /** The whole body, or {@code null} when it is larger than the limit. */
    private byte[] readBody(Request request) throws IOException {
        long declared = request.getLength();
        if (declared > maxBodyBytes) {
            return null;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(declared > 0 ? (int) declared : 512);
        byte[] chunk = new byte[8192];
        try (InputStream in = Request.asInputStream(request)) {
            for (int read = in.read(chunk); read >= 0; read = in.read(chunk)) {
                if (out.size() + read > maxBodyBytes) {
                    return null;
                }
                out.write(chunk, 0, read);
            }
        }
        return out.toByteArray();
    }
}
