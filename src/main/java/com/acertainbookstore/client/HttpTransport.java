package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
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
import java.util.concurrent.atomic.LongAdder;

/**
 * The HTTP side of both proxies: HTTP/1.1 over a pool of keep-alive connections on which each
 * calling thread does its own blocking I/O ({@link Connection}), a deadline per call, and the
 * mapping of every failure to a {@link BookStoreHTTPException}. Safe to share between any number
 * of threads; it starts no thread of its own.
 *
 * <p>Why not an asynchronous HTTP client: its caller blocks anyway, so every call paid for a
 * selector thread waking up, handing the answer to another thread, and that one waking the
 * caller; on two cores shared with the server those wake-ups cost more CPU than the call itself
 * (measured in the README's breakdown). Here the caller writes its request in one system call and
 * the kernel wakes it when the answer is there.
 *
 * <p>A call on a pooled connection that the server closed before reading it (no byte of an answer
 * came back) is sent again on another connection: the server never saw it. No other call is
 * repeated.
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
    /** Where the calls' time went, client side: striped counters, no contention. */
    private final LongAdder calls = new LongAdder();
    private final LongAdder encodeNanos = new LongAdder();
    private final LongAdder networkNanos = new LongAdder();
    private final LongAdder decodeNanos = new LongAdder();

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
        long start = System.nanoTime();
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
        long encoded = System.nanoTime();
        long[] answered = {0};
        try {
            return send(message, expectContinue ? headLength : message.length, body, expectContinue, what, answer -> {
                answered[0] = System.nanoTime();
                return response(answer, operation, what);
            });
        } finally {
            long now = System.nanoTime();
            long answeredAt = answered[0] == 0 ? now : answered[0];
            encodeNanos.add(encoded - start);
            networkNanos.add(answeredAt - encoded);
            decodeNanos.add(now - answeredAt);
            calls.increment();
        }
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

    /** The sums so far of this transport's calls. */
    CallTimes callTimes() {
        return new CallTimes(calls.sum(), encodeNanos.sum(), networkNanos.sum(), decodeNanos.sum());
    }

    /** GETs {@code <baseUrl><path>} and returns the body as text; any status but 200 fails. */
    String get(String path) throws BookStoreException {
        byte[] head = ascii("GET " + basePath + path + " HTTP/1.1\r\nHost: " + hostHeader + "\r\n"
                + (authorization == null ? "" : "Authorization: " + authorization + "\r\n") + "\r\n");
        String what = "GET " + baseUrl + path;
        return send(head, head.length, null, false, what, answer -> {
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
     * connection's own array); again on the next pooled connection, or a new one, when a reused
     * one turns out closed before answering anything (a restarted server leaves every pooled
     * connection so; each fails at once, and a new connection is never retried).
     */
    private <T> T send(byte[] head, int headLength, byte[] body, boolean expectContinue, String what,
            AnswerReader<T> reader) throws BookStoreException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        while (true) {
            Connection connection;
            try {
                connection = pool.take(deadline);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BookStoreHTTPException(what + " was interrupted", e);
            } catch (IOException e) {
                throw new BookStoreHTTPException(what + " failed: " + brief(e), e);
            }
            Answer answer;
            try {
                answer = connection.exchange(head, headLength, body, expectContinue, deadline, MAX_ANSWER_BYTES);
            } catch (SocketTimeoutException e) {
                pool.release(connection, false);
                throw new BookStoreHTTPException(what + " failed: no answer within " + timeoutMs + " ms", e);
            } catch (IOException e) {
                pool.release(connection, false);
                if (connection.isStaleAndSilent()) {
                    continue;
                }
                throw new BookStoreHTTPException(what + " failed: " + brief(e), e);
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
