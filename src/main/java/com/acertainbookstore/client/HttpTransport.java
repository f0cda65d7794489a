package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.protocol.BearerToken;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.RequestId;
import com.acertainbookstore.protocol.Texts;
import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireResponse;
import com.acertainbookstore.tls.ClientTls;
import com.acertainbookstore.wire.WireCodec;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP side of both proxies, for one server URL: HTTP/1.1 over a pool of keep-alive
 * connections on which each calling thread does its own blocking I/O ({@link Connection}), one
 * exchange per call within a deadline the caller gives, and the answer as a {@link Reply} (the
 * status, the decoded result or the server's error, the leader it named) or, when no whole answer
 * came, an {@link Unanswered} saying how far the request got. Deciding what that means (a
 * failure, an unknown outcome, another replica) is {@link CallRouter}'s job. Safe to share between
 * any number of threads; it starts no thread of its own.
 *
 * <p>Why not an asynchronous HTTP client: its caller blocks anyway, so every call paid for a
 * selector thread waking up, handing the answer to another thread, and that one waking the
 * caller; on two cores shared with the server those wake-ups cost more CPU than the call itself
 * (measured: {@code docs/decisions/http-transport.md}). Here the caller writes its request in one system call
 * and the kernel wakes it when the answer is there.
 *
 * <p><b>What is sent again on this server.</b> A call that does not change the store
 * ({@link Operation#mutates()} false, and the {@code GET}s) that gets nothing back on a connection
 * that had waited in the pool (the server most likely closed it meanwhile) is sent again on
 * another one. A call that changes the store is sent again only when it provably never reached
 * the server whole: writing its request failed, so the server cannot have read a complete request
 * and acted on it. Once its request was written, a mutating call that gets no answer is not sent
 * again here: {@link Unanswered#written()} tells the router that the server may have applied it.
 * So that a server restart or idle close does not turn into unknown outcomes needlessly, a
 * mutating call first checks a connection that waited in the pool for {@value #CHECK_AFTER_IDLE_MS}
 * ms or more ({@link Connection#isClosedWhileIdle}, about a millisecond) and takes another when
 * that one is dead.
 */
final class HttpTransport implements AutoCloseable {

    /** Connections to the server at most; a call beyond them waits for one. */
    private static final int MAX_CONNECTIONS = 8192;
    /**
     * Pooled connections idle longer are closed, not used: well below the server's idle timeout,
     * so the client never writes on a connection the server is closing.
     */
    private static final long IDLE_MS = 30_000;
    /**
     * The largest answer buffered: a listing of about 600,000 books. A larger answer fails the
     * call rather than fill this process's memory at a server's word.
     */
    static final int MAX_ANSWER_BYTES = 64 << 20;
    /** The most of a server's message an exception quotes. */
    private static final int MAX_MESSAGE_CHARS = 1000;
    /**
     * Bodies larger than this ask the server first ({@code Expect: 100-continue}), so that a
     * refusal (413, 401, 404) arrives before the body is sent rather than as a broken pipe.
     */
    private static final int EXPECT_CONTINUE_BYTES = 64 << 10;
    /**
     * A mutating call checks a pooled connection idle this long before writing on it: long
     * enough that a busy caller never pays the check's millisecond, short enough that connections
     * left over from a restarted server are found dead before a call is lost on them.
     */
    static final long CHECK_AFTER_IDLE_MS = 1_000;
    private static final long CHECK_AFTER_IDLE_NANOS = TimeUnit.MILLISECONDS.toNanos(CHECK_AFTER_IDLE_MS);
    /** What precedes a request id on the wire: its header's name. */
    private static final String REQUEST_ID_PREFIX = "\r\n" + RequestId.HEADER + ": ";

    private final String baseUrl;
    private final ConnectionPool pool;
    /** Request line and fixed headers of each operation, up to {@code Content-Length: }. */
    private final Map<Operation, byte[]> postHeads = new EnumMap<>(Operation.class);
    /** What each call is, for messages: {@code POST <url>}. */
    private final Map<Operation, String> postNames = new EnumMap<>(Operation.class);
    private final String hostHeader;
    private final String basePath;
    private final String authorization;
    /** {@code http} or {@code https}, for messages. */
    private final String scheme;

    /**
     * @param baseUrl {@code http://host:port} or {@code https://host:port}, with an optional path,
     *     no trailing slash needed
     * @param token bearer token to send, or {@code null}
     * @param tls how to speak TLS to an {@code https} URL (its one {@code SSLContext} lets every
     *     new connection resume an earlier session); {@code null} for an {@code http} URL
     * @throws IllegalArgumentException a malformed URL, an {@code https} URL without {@code tls},
     *     or {@code tls} given for an {@code http} URL (a token would travel in clear text)
     */
    HttpTransport(String baseUrl, String token, ClientTls tls) {
        URI uri = checkUrl(baseUrl);
        boolean https = uri.getScheme().equals("https");
        if (https && tls == null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' is https: it needs TLS settings (the"
                    + " authority that signed the server's certificate: " + ClientTls.CA + ")");
        }
        if (!https && tls != null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' is plain http, yet TLS settings are given:"
                    + " use https://");
        }
        this.baseUrl = uri.toString();
        this.authorization = token == null ? null : BearerToken.of(token).headerValue();
        String host = uri.getHost();
        int port = uri.getPort() >= 0 ? uri.getPort() : https ? 443 : 80;
        this.hostHeader = uri.getRawAuthority();
        this.basePath = uri.getRawPath() == null ? "" : uri.getRawPath();
        String connectHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        this.pool = new ConnectionPool(ms -> Connection.open(connectHost, port, tls, ms), MAX_CONNECTIONS, IDLE_MS);
        this.scheme = uri.getScheme();
        for (Operation operation : Operation.values()) {
            postHeads.put(operation, ascii("POST " + basePath + operation.path() + " HTTP/1.1\r\nHost: " + hostHeader
                    + "\r\nContent-Type: " + WireCodec.CONTENT_TYPE + "\r\n"
                    + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
                    + "Content-Length: "));
            postNames.put(operation, "POST " + this.baseUrl + operation.path());
        }
    }

    /**
     * Checks a base URL: {@code http://host[:port][/path]} or {@code https://...}, no query,
     * fragment or user info; one trailing slash is dropped.
     *
     * @throws IllegalArgumentException naming the URL and the rule
     */
    static URI checkUrl(String baseUrl) {
        if (baseUrl == null) {
            throw new IllegalArgumentException("baseUrl must not be null");
        }
        String trimmed = baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl;
        URI uri;
        try {
            uri = URI.create(trimmed);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' is not a URL", e);
        }
        if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                || uri.getQuery() != null || uri.getFragment() != null || uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' must be http://host:port[/path] or"
                    + " https://host:port[/path]");
        }
        return uri;
    }

    private static byte[] ascii(String text) {
        return text.getBytes(StandardCharsets.ISO_8859_1);
    }

    String baseUrl() {
        return baseUrl;
    }

    /**
     * Opens connections to the server until {@code wanted} of them (at most the pool's limit) are
     * open, within {@code timeoutMs}. Calls need not do this: a call finding no idle connection
     * opens one. It is for a caller about to start that many threads at once, so that the
     * connections are set up before the burst rather than during it.
     *
     * @throws BookStoreHTTPException the connections could not be opened in time
     */
    void openConnections(int wanted, long timeoutMs) throws BookStoreException {
        try {
            pool.openUntil(wanted, timeoutMs);
        } catch (IOException e) {
            throw new BookStoreHTTPException("opening " + wanted + " connections to " + baseUrl + " failed after "
                    + pool.openCount() + ": " + brief(e), e);
        }
    }

    /**
     * POSTs {@code body} to {@code <baseUrl>/<OPERATION>} before {@code deadline}, with
     * {@code id} as its {@value RequestId#HEADER} header when not {@code null}.
     *
     * @throws Unanswered no whole answer came (how far the request got is in it)
     * @throws BookStoreHTTPException an answer of 200 that is not a valid answer of the operation,
     *     or the call was interrupted before it was sent
     */
    Reply<WireResponse> post(Operation operation, byte[] body, RequestId id, long deadline, Patience patience)
            throws BookStoreException, Unanswered {
        byte[] fixed = postHeads.get(operation);
        boolean expectContinue = body.length > EXPECT_CONTINUE_BYTES;
        byte[] length = ascii(body.length + (expectContinue ? "\r\nExpect: 100-continue" : "")
                + (id == null ? "" : REQUEST_ID_PREFIX + id.headerValue()) + "\r\n\r\n");
        int headLength = fixed.length + length.length;
        byte[] message = Arrays.copyOf(fixed, headLength + (expectContinue ? 0 : body.length));
        System.arraycopy(length, 0, message, fixed.length, length.length);
        if (!expectContinue) {
            System.arraycopy(body, 0, message, headLength, body.length);
        }
        String what = postNames.get(operation);
        return send(message, expectContinue ? headLength : message.length, body, expectContinue, operation.mutates(),
                what, deadline, patience, answer -> {
                    if (answer.status() != 200) {
                        return Reply.failed(answer.status(), failure(answer, what), answer.leader());
                    }
                    try {
                        WireResponse response = WireCodec.decode(answer.body(), answer.length(), WireResponse.class);
                        operation.checkResult(response);
                        return Reply.ok(response, answer.leader());
                    } catch (WireFormatException e) {
                        throw new BookStoreHTTPException(answer.status(), "bad answer from " + what + ": "
                                + Texts.printable(e.getMessage(), MAX_MESSAGE_CHARS), e);
                    }
                });
    }

    /**
     * GETs {@code <baseUrl><path>} before {@code deadline}; a 200's body is the reply's text.
     *
     * @throws Unanswered no whole answer came
     */
    Reply<String> get(String path, long deadline, Patience patience) throws BookStoreException, Unanswered {
        return getFromRoot(basePath + path, deadline, patience);
    }

    /**
     * GETs {@code path} of the server, from its root whatever the base URL's path (a stock
     * proxy's {@code /health} is the server's), before {@code deadline}.
     *
     * @throws Unanswered no whole answer came
     */
    Reply<String> getFromRoot(String path, long deadline, Patience patience) throws BookStoreException, Unanswered {
        byte[] head = ascii("GET " + path + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n"
                + (authorization == null ? "" : "Authorization: " + authorization + "\r\n") + "\r\n");
        String what = "GET " + scheme + "://" + hostHeader + path;
        return send(head, head.length, null, false, false, what, deadline, patience, answer -> answer.status() == 200
                ? Reply.ok(new String(answer.body(), 0, answer.length(), StandardCharsets.UTF_8), answer.leader())
                : Reply.failed(answer.status(), failure(answer, what), answer.leader()));
    }

    /** What a call makes of its answer, while the answer's connection is still its own. */
    private interface AnswerReader<T> {
        Reply<T> read(Answer answer) throws BookStoreException;
    }

    /**
     * One exchange on a pooled connection before {@code deadline}, its answer read by
     * {@code reader} before the connection goes back to the pool (the body may be the
     * connection's own array). Sent again on the next pooled connection, or a new one, only as
     * the class comment says: a call on a new connection is never sent again, so the loop ends.
     *
     * @param mutates whether the call may change the store
     * @throws Unanswered no whole answer came
     */
    private <T> Reply<T> send(byte[] head, int headLength, byte[] body, boolean expectContinue, boolean mutates,
            String what, long deadline, Patience patience, AnswerReader<T> reader) throws BookStoreException, Unanswered {
        while (true) {
            Connection connection;
            try {
                connection = pool.take(deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BookStoreHTTPException(what + " was interrupted before it was sent", e);
            } catch (IOException e) {
                throw new Unanswered(false, false, e);
            }
            if (mutates && connection.idleNanos(System.nanoTime()) >= CHECK_AFTER_IDLE_NANOS
                    && connection.isClosedWhileIdle()) {
                pool.release(connection, false);
                continue;
            }
            Answer answer;
            try {
                answer = connection.exchange(head, headLength, body, expectContinue, deadline, patience,
                        MAX_ANSWER_BYTES);
            } catch (IOException e) {
                pool.release(connection, false);
                if (connection.wasPooled() && !(e instanceof Patience.MovedOn)
                        && (!connection.requestWritten() || !mutates && connection.isStaleAndSilent())) {
                    continue;
                }
                throw new Unanswered(true, connection.requestWritten(), e);
            } catch (RuntimeException | Error e) {
                pool.release(connection, false);
                throw e;
            }
            boolean reusable = !answer.closes();
            try {
                return reader.read(answer);
            } catch (RuntimeException | Error e) {
                reusable = false;
                throw e;
            } finally {
                pool.release(connection, reusable);
            }
        }
    }

    /** The failure's class and the start of its message. */
    static String brief(Throwable failure) {
        String message = failure.getMessage() == null ? "" : Texts.printable(failure.getMessage(), 160);
        return failure.getClass().getSimpleName() + (message.isEmpty() ? "" : ": " + message);
    }

    /**
     * The server's error message as written, less any control characters (a server's text must
     * not forge lines in a log or a terminal) and cut to {@value #MAX_MESSAGE_CHARS} characters,
     * or a description of an answer without one.
     */
    private static BookStoreHTTPException failure(Answer answer, String what) {
        try {
            return new BookStoreHTTPException(answer.status(), Texts.printable(
                    WireCodec.decode(answer.body(), answer.length(), WireError.class).message(), MAX_MESSAGE_CHARS));
        } catch (WireFormatException e) {
            return new BookStoreHTTPException(answer.status(), "HTTP " + answer.status() + " from " + what
                    + " without an error document");
        }
    }

    /** Closes the pooled connections; calls in progress finish, later ones fail. */
    @Override
    public void close() {
        pool.close();
    }
}
