package com.acertainbookstore.server;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.ReplicaHeaders;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.Texts;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import com.acertainbookstore.wire.WireCodec;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.LongSupplier;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one Jetty handler: checks the caller ({@link CallerChecks}), routes {@code /health},
 * {@code /metrics}, {@code /<op>} and {@code /stock/<op>}, reads the body without holding a thread
 * while it arrives ({@link BodyReader}), decodes it, calls the store, encodes the answer. Safe for
 * Jetty to call from any number of threads: it holds its final settings and a striped count of
 * calls for {@code /metrics}, and nothing of any caller, so an answer depends only on the call and
 * the store.
 *
 * <p><b>Non-blocking, and why that is honest here.</b> Jetty runs a non-blocking handler on the
 * I/O thread that parsed the request, instead of handing each request to a pool thread and waking
 * it. On two cores such hand-offs cost more CPU than the call itself; why, and the measurement
 * that decided it: {@code docs/decisions/http-transport.md}.
 * The handler never waits for the network (a body still on its way is read by a callback, which
 * Jetty runs on a pool thread), and the store's locks guard in-memory work of a few hundred
 * nanoseconds, never I/O: a call that finds a lock taken spins briefly, and the holder is itself
 * running such a call. So the only waiting here is as short as the store's own critical sections.
 * A store whose calls wait for I/O (a replicated one, committing through consensus) answers
 * asynchronously instead.
 *
 * <p><b>Two kinds of store.</b> The local store ({@link StoreDispatcher}) is called on the thread
 * that read the body and answered on it, as above: nothing is allocated for it beyond the call.
 * A {@link StoreService} (the replicated store) is called the same way, but returns a future at
 * once; the callback is completed from that future, on whatever thread completes it, so no Jetty
 * thread ever waits for consensus. Only with a service does the handler read the
 * {@value RequestId#HEADER} header (a malformed one: 400 before the body is read; none on a
 * mutating call: a fresh random id, so such a call is not safe to re-send) and write the
 * {@value ReplicaHeaders#LEADER} header on every answer, when the service knows the leader.
 *
 * <p>Every refusal is made before the store is called, so it changes nothing; one made before
 * the body was read whole also closes the connection, which cannot carry another call.
 */
final class BookStoreHandler extends Handler.Abstract.NonBlocking {

    private static final Logger LOG = LoggerFactory.getLogger(BookStoreHandler.class);
    private static final String STOCK_PREFIX = "/stock/";
    private static final String HEALTH = "/health";
    private static final String METRICS = "/metrics";

    /**
     * Where a request goes: an operation to call with its body (and, for a service's mutating call,
     * its request id), or an answer already decided.
     */
    private record Route(Operation operation, RequestId id, Reply reply) {
        Route(Reply reply) {
            this(null, null, reply);
        }
    }

    /** The local store, or {@code null} when a service is served. */
    private final StoreDispatcher dispatcher;
    /** The asynchronous store, or {@code null} when the local store is served. */
    private final StoreService service;
    private final CallerChecks checks;
    private final int maxBodyBytes;
    private final long requestTimeoutMs;
    private final FatalErrors fatal;
    /** Operation calls whose body was read and decoded, answered or refused by the store. */
    private final LongAdder calls = new LongAdder();
    /** TLS handshakes so far, or {@code null} when serving plain HTTP. */
    private final LongSupplier tlsHandshakes;
    /** The connectors' HTTP bytes, for {@code /metrics}. */
    private final HttpTraffic traffic;

    /**
     * @param loopback whether the server listens on a loopback address (see {@link CallerChecks})
     * @param tlsHandshakes the TLS connector's count of handshakes, for {@code /metrics}; {@code null}
     *     for plain HTTP
     * @param traffic the connectors' HTTP bytes, for {@code /metrics}
     */
    BookStoreHandler(StoreDispatcher dispatcher, ServerSettings settings, boolean loopback, FatalErrors fatal,
            LongSupplier tlsHandshakes, HttpTraffic traffic) {
        this(dispatcher, null, settings, loopback, fatal, tlsHandshakes, traffic);
    }

    /** Serves {@code service} instead of a local store; see the class comment. */
    BookStoreHandler(StoreService service, ServerSettings settings, boolean loopback, FatalErrors fatal,
            LongSupplier tlsHandshakes, HttpTraffic traffic) {
        this(null, service, settings, loopback, fatal, tlsHandshakes, traffic);
    }

    private BookStoreHandler(StoreDispatcher dispatcher, StoreService service, ServerSettings settings,
            boolean loopback, FatalErrors fatal, LongSupplier tlsHandshakes, HttpTraffic traffic) {
        this.tlsHandshakes = tlsHandshakes;
        this.traffic = traffic;
        this.dispatcher = dispatcher;
        this.service = service;
        this.checks = new CallerChecks(settings, loopback);
        this.maxBodyBytes = settings.maxBodyBytes();
        this.requestTimeoutMs = settings.requestTimeoutMs();
        this.fatal = fatal;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        try {
            answer(request, response, callback);
        } catch (Error e) {
            fatal.onError(e);
            throw e;
        }
        return true;
    }

    private void answer(Request request, Response response, Callback callback) {
        Route route;
        try {
            route = route(request);
        } catch (RuntimeException | Error e) {
            route = new Route(unexpected(request, e));
        }
        if (route.reply() != null) {
            send(route.reply(), route.reply().status() >= 400 && request.getLength() != 0, response, callback);
            return;
        }
        Operation operation = route.operation();
        RequestId id = route.id();
        BodyReader.read(request, maxBodyBytes, requestTimeoutMs, new BodyReader.Listener() {
            @Override
            public void onBody(byte[] body) {
                if (service != null) {
                    callService(operation, id, body, request, response, callback);
                    return;
                }
                Reply reply;
                try {
                    reply = call(operation, body);
                } catch (RuntimeException | Error e) {
                    reply = unexpected(request, e);
                }
                send(reply, false, response, callback);
            }

            @Override
            public void onRefused(int status, String message) {
                send(Reply.error(status, message), true, response, callback);
            }

            @Override
            public void onFailed(Throwable failure) {
                fatal.onError(failure);
                callback.failed(failure);
            }
        });
    }

    private Route route(Request request) {
        Reply refused = checks.origin(request);
        if (refused != null) {
            return new Route(refused);
        }
        String path = Request.getPathInContext(request);
        String method = request.getMethod();
        if (path.equals(HEALTH) || path.equals(METRICS)) {
            if (!method.equals("GET")) {
                return new Route(Reply.error(405, method + " is not allowed on " + path + " (use GET)"));
            }
            refused = path.equals(METRICS) ? checks.authorized(request, path) : null;
            return new Route(refused != null ? refused : Reply.text(path.equals(HEALTH) ? health() : metrics()));
        }
        boolean underStock = path.startsWith(STOCK_PREFIX);
        refused = underStock ? checks.authorized(request, "/stock") : null;
        if (refused != null) {
            return new Route(refused);
        }
        String tag = underStock ? path.substring(STOCK_PREFIX.length()) : path.substring(1);
        Operation operation = Operation.find(tag, underStock);
        if (operation == null) {
            return new Route(Reply.error(404, notFound(path, tag, underStock)));
        }
        if (!method.equals("POST")) {
            return new Route(Reply.error(405, method + " is not allowed on " + path + " (use POST)"));
        }
        refused = CallerChecks.xmlBody(request);
        if (refused == null && request.getLength() > maxBodyBytes) {
            refused = Reply.error(413, "body is larger than " + maxBodyBytes + " bytes");
        }
        if (refused != null) {
            return new Route(refused);
        }
        if (service == null) {
            return new Route(operation, null, null);
        }
        String header = request.getHeaders().get(RequestId.HEADER);
        try {
            RequestId id = header == null ? null : RequestId.parse(header);
            if (!operation.mutates()) {
                return new Route(operation, null, null);
            }
            return new Route(operation, id != null ? id : new RequestId(UUID.randomUUID(), 0), null);
        } catch (WireFormatException e) {
            return new Route(Reply.error(400, e.getMessage()));
        }
    }

    private String health() {
        return service == null ? "ok\n" : service.health();
    }

    private String metrics() {
        String text = JvmMetrics.text() + Metric.CALLS.line(calls.sum())
                + Metric.TLS_HANDSHAKES.line(tlsHandshakes == null ? 0 : tlsHandshakes.getAsLong())
                + Metric.HTTP_BYTES_IN.line(traffic.bytesIn()) + Metric.HTTP_BYTES_OUT.line(traffic.bytesOut());
        return service == null ? text : text + service.metrics();
    }

    private static String notFound(String path, String tag, boolean underStock) {
        Operation elsewhere = Operation.find(tag, !underStock);
        if (elsewhere == null) {
            return "no operation at " + Texts.printable(path, 80);
        }
        return elsewhere.isStock() ? elsewhere.name() + " is a stock-manager operation: it lives only under /stock"
                : elsewhere.name() + " is a customer operation: it does not live under /stock";
    }

    /** Decodes and checks a call's body, and counts the call for {@code /metrics}. */
    private WireRequest decode(Operation operation, byte[] body) throws WireFormatException {
        WireRequest wireRequest = WireCodec.decode(body, WireRequest.class);
        operation.checkArgument(wireRequest);
        calls.increment();
        return wireRequest;
    }

    private Reply call(Operation operation, byte[] body) {
        WireRequest wireRequest;
        try {
            wireRequest = decode(operation, body);
        } catch (WireFormatException e) {
            return Reply.error(400, e.getMessage());
        }
        WireResponse result;
        try {
            result = dispatcher.call(operation, wireRequest.argument());
        } catch (BookStoreException e) {
            return Reply.error(422, e.getMessage() == null ? "the store refused the call" : e.getMessage());
        }
        return Reply.ok(WireCodec.encode(result));
    }

    /**
     * Decodes the body and hands the call to the service; the callback is completed when the
     * service's future is, on the thread that completes it.
     */
    private void callService(Operation operation, RequestId id, byte[] body, Request request, Response response,
            Callback callback) {
        CompletableFuture<StoreAnswer> answered;
        try {
            answered = service.call(operation, decode(operation, body), id);
        } catch (WireFormatException e) {
            send(Reply.error(400, e.getMessage()), false, response, callback);
            return;
        } catch (RuntimeException | Error e) {
            send(unexpected(request, e), false, response, callback);
            return;
        }
        answered.whenComplete((answer, failure) -> {
            Reply reply;
            try {
                reply = failure != null ? unexpected(request, failure) : reply(answer);
            } catch (RuntimeException | Error e) {
                reply = unexpected(request, e);
            }
            send(reply, false, response, callback);
        });
    }

    private static Reply reply(StoreAnswer answer) {
        return answer.kind() == StoreAnswer.Kind.OK ? Reply.ok(WireCodec.encode(answer.result()))
                : Reply.error(answer.kind().status(), answer.message());
    }

    private Reply unexpected(Request request, Throwable e) {
        fatal.onError(e);
        LOG.warn("unexpected failure answering {}", Request.getPathInContext(request), e);
        return Reply.error(500, "internal server error (" + e.getClass().getSimpleName() + ")");
    }

    /** Sends {@code reply}; {@code bodyUnread}: the request's body was not read whole, so close. */
    private void send(Reply reply, boolean bodyUnread, Response response, Callback callback) {
        if (service != null) {
            String leader = service.leaderUrl();
            if (leader != null) {
                response.getHeaders().put(ReplicaHeaders.LEADER, leader);
            }
        }
        if (reply.status() == 401) {
            response.getHeaders().put(HttpHeader.WWW_AUTHENTICATE, "Bearer realm=\"bookstore-stock\"");
        }
        if (bodyUnread) {
            response.getHeaders().put(HttpHeader.CONNECTION, HttpHeaderValue.CLOSE.asString());
        }
        reply.send(response, callback);
    }
}
