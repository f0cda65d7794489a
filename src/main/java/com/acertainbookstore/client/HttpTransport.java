package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.OutcomeUnknownException;
import com.acertainbookstore.wire.BearerToken;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.Texts;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireError;
import com.acertainbookstore.wire.WireFormatException;
import com.acertainbookstore.wire.WireRequest;
import com.acertainbookstore.wire.WireResponse;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The HTTP side of both proxies: HTTP/1.1 over a pool of keep-alive connections on which each
 * calling thread does its own blocking I/O ({@link Connection}), a deadline per call, and the
 * mapping of every failure to a {@link BookStoreHTTPException}, or to an
 * {@link OutcomeUnknownException} when a call that changes the store may have been applied. Safe
 * to share between any number of threads; it starts no thread of its own.
 *
 * <p>Why not an asynchronous HTTP client: its caller blocks anyway, so every call paid for a
 * selector thread waking up, handing the answer to another thread, and that one waking the
 * caller; on two cores shared with the server those wake-ups cost more CPU than the call itself
 * (measured: {@code docs/performance.md}). Here the caller writes its request in one system call
 * and the kernel wakes it when the answer is there.
 *
 * <p><b>What is sent again, and what is unknown.</b> A call that does not change the store
 * ({@link Operation#mutates()} false, and the {@code GET}s) that gets nothing back on a connection
 * that had waited in the pool (the server most likely closed it meanwhile) is sent again on
 * another one. A call that changes the store is sent again only when it provably never reached
 * the server whole: writing its request failed, so the server cannot have read a complete request
 * and acted on it. Once its request was written, a mutating call that gets no answer (the
 * connection closed or broke, the deadline passed) has an unknown outcome: the server may have
 * applied it before going silent, and zero bytes back proves nothing. It then raises
 * {@link OutcomeUnknownException} and is never sent again. So that a server restart or idle close
 * does not turn into unknown outcomes needlessly, a mutating call first checks a connection that
 * waited in the pool for {@value #CHECK_AFTER_IDLE_MS} ms or more
 * ({@link Connection#isClosedWhileIdle}, about a millisecond) and takes another when that one is
 * dead.
 */
final class HttpTransport implements AutoCloseable {

    /** Default per-call timeout. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
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

    private final String baseUrl;
    private final long timeoutMs;
    private final ConnectionPool pool;
    /** Request line and fixed headers of each operation, up to {@code Content-Length: }. */
    private final Map<Operation, byte[]> postHeads = new EnumMap<>(Operation.class);
    /** What each call is, for messages: {@code POST <url>}. */
    private final Map<Operation, String> postNames = new EnumMap<>(Operation.class);
    private final String hostHeader;
    private final String basePath;
    private final String authorization;

    /**
     * @param baseUrl {@code http://host:port} with an optional path, no trailing slash needed
     * @param timeout per call, {@code > 0}
     * @param token bearer token to send, or {@code null}
     */
    HttpTransport(String baseUrl, Duration timeout, String token) {
        URI uri = checkUrl(baseUrl);
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout (" + timeout + ") must be > 0");
        }
        this.baseUrl = uri.toString();
        this.timeoutMs = Math.max(1, timeout.toMillis());
        this.authorization = token == null ? null : BearerToken.of(token).headerValue();
        String host = uri.getHost();
        int port = uri.getPort() < 0 ? 80 : uri.getPort();
        this.hostHeader = uri.getRawAuthority();
        this.basePath = uri.getRawPath() == null ? "" : uri.getRawPath();
        String connectHost = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        this.pool = new ConnectionPool(ms -> Connection.open(connectHost, port, ms), MAX_CONNECTIONS, IDLE_MS);
        for (Operation operation : Operation.values()) {
            postHeads.put(operation, ascii("POST " + basePath + operation.path() + " HTTP/1.1\r\nHost: " + hostHeader
                    + "\r\nContent-Type: " + WireCodec.CONTENT_TYPE + "\r\n"
                    + (authorization == null ? "" : "Authorization: " + authorization + "\r\n")
                    + "Content-Length: "));
            postNames.put(operation, "POST " + this.baseUrl + operation.path());
        }
    }

    private static URI checkUrl(String baseUrl) {
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
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getQuery() != null
                || uri.getFragment() != null || uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' must be http://host:port[/path]");
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
     * open. Calls need not do this: a call finding no idle connection opens one. It is for a
     * caller about to start that many threads at once, so that the connections are set up before
     * the burst rather than during it.
     *
     * @throws BookStoreHTTPException the connections could not be opened within the call timeout
     */
    void openConnections(int wanted) throws BookStoreException {
        if (wanted < 0) {
            throw new IllegalArgumentException("wanted connections (" + wanted + ") must be >= 0");
        }
        try {
            pool.openUntil(wanted, timeoutMs);
        } catch (IOException e) {
            throw new BookStoreHTTPException("opening " + wanted + " connections to " + baseUrl + " failed after "
                    + pool.openCount() + ": " + brief(e), e);
        }
    }

    /** POSTs {@code request} to {@code <baseUrl>/<OPERATION>} and returns the checked answer. */
    WireResponse call(Operation operation, WireRequest request) throws BookStoreException {
        byte[] body = WireCodec.encode(request);
        byte[] fixed = postHeads.get(operation);
        boolean expectContinue = body.length > EXPECT_CONTINUE_BYTES;
        byte[] length = ascii(body.length + (expectContinue ? "\r\nExpect: 100-continue" : "") + "\r\n\r\n");
        int headLength = fixed.length + length.length;
        byte[] message = Arrays.copyOf(fixed, headLength + (expectContinue ? 0 : body.length));
        System.arraycopy(length, 0, message, fixed.length, length.length);
        if (!expectContinue) {
            System.arraycopy(body, 0, message, headLength, body.length);
        }
        String what = postNames.get(operation);
        return send(message, expectContinue ? headLength : message.length, body, expectContinue, operation.mutates(),
                what, answer -> response(answer, operation, what));
    }

    private static WireResponse response(Answer answer, Operation operation, String what) throws BookStoreException {
        try {
            if (answer.status() != 200) {
                throw failure(answer, what);
            }
            WireResponse response = WireCodec.decode(answer.body(), answer.length(), WireResponse.class);
            operation.checkResult(response);
            return response;
        } catch (WireFormatException e) {
            throw new BookStoreHTTPException(answer.status(), "bad answer from " + what + ": "
                    + Texts.printable(e.getMessage(), MAX_MESSAGE_CHARS), e);
        }
    }

    /** GETs {@code <baseUrl><path>} and returns the body as text; any status but 200 fails. */
    String get(String path) throws BookStoreException {
        byte[] head = ascii("GET " + basePath + path + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n"
                + (authorization == null ? "" : "Authorization: " + authorization + "\r\n") + "\r\n");
        String what = "GET " + baseUrl + path;
        return send(head, head.length, null, false, false, what, answer -> {
            if (answer.status() != 200) {
                throw failure(answer, what);
            }
            return new String(answer.body(), 0, answer.length(), StandardCharsets.UTF_8);
        });
    }

    /** What a call makes of its answer, while the answer's connection is still its own. */
    private interface AnswerReader<T> {
        T read(Answer answer) throws BookStoreException;
    }

    /**
     * One exchange on a pooled connection within the call's deadline, its answer read by
     * {@code reader} before the connection goes back to the pool (the body may be the
     * connection's own array). Sent again on the next pooled connection, or a new one, only as
     * the class comment says: a call on a new connection is never sent again, so the loop ends.
     *
     * @param mutates whether the call may change the store
     * @throws OutcomeUnknownException a mutating call's request was written and no answer came
     */
    private <T> T send(byte[] head, int headLength, byte[] body, boolean expectContinue, boolean mutates,
            String what, AnswerReader<T> reader) throws BookStoreException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            Connection connection;
            try {
                connection = pool.take(deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BookStoreHTTPException(what + " was interrupted before it was sent", e);
            } catch (IOException e) {
                throw new BookStoreHTTPException(what + " was not sent: " + brief(e), e);
            }
            if (mutates && connection.idleNanos(System.nanoTime()) >= CHECK_AFTER_IDLE_NANOS
                    && connection.isClosedWhileIdle()) {
                pool.release(connection, false);
                continue;
            }
            Answer answer;
            try {
                answer = connection.exchange(head, headLength, body, expectContinue, deadline, MAX_ANSWER_BYTES);
            } catch (IOException e) {
                pool.release(connection, false);
                if (connection.wasPooled() && (!connection.requestWritten() || !mutates && connection.isStaleAndSilent())) {
                    continue;
                }
                String failure = e instanceof SocketTimeoutException ? "no answer within " + timeoutMs + " ms" : brief(e);
                if (mutates && connection.requestWritten()) {
                    throw new OutcomeUnknownException(what + ": outcome unknown, the request was sent and then "
                            + failure + " (the server may or may not have applied it; it was not sent again)", e);
                }
                throw new BookStoreHTTPException(what + " failed: " + failure, e);
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
    private static String brief(Throwable failure) {
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
