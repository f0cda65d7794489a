package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.client.AnswerListener.Answer;
import com.acertainbookstore.wire.BearerToken;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.Texts;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireError;
import com.acertainbookstore.wire.WireFormatException;
import com.acertainbookstore.wire.WireRequest;
import com.acertainbookstore.wire.WireResponse;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.eclipse.jetty.client.AbstractConnectionPool;
import org.eclipse.jetty.client.BytesRequestContent;
import org.eclipse.jetty.client.ConnectionPool;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.client.Request;
import org.eclipse.jetty.client.WWWAuthenticationProtocolHandler;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpHeaderValue;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * The HTTP side of both proxies: one started Jetty {@link HttpClient} with a connection pool sized
 * for thousands of concurrent callers, blocking calls with a per-call timeout, and the mapping of
 * every failure to a {@link BookStoreHTTPException}. Safe to share between any number of threads.
 */
final class HttpTransport implements AutoCloseable {

    /** Default per-call timeout. */
    static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(30);
    /** Connections per server; Jetty's default of 64 would queue calls inside the client. */
    private static final int MAX_CONNECTIONS = 8192;
    private static final int MAX_QUEUED = 65_536;
    /**
     * The largest answer buffered: a listing of about 600,000 books. A larger answer fails the
     * call rather than fill this process's memory at a server's word.
     */
    static final int MAX_ANSWER_BYTES = 64 << 20;
    /** The most of a server's message an exception quotes. */
    private static final int MAX_MESSAGE_CHARS = 1000;
    private static final long IDLE_TIMEOUT_MS = 60_000;
    /** Connections {@link #openConnections} opens at a time. */
    private static final int OPEN_BATCH = 250;
    /**
     * Bodies larger than this ask the server first ({@code Expect: 100-continue}), so that a
     * refusal (413, 401, 404) arrives before the body is sent rather than as a broken pipe.
     */
    private static final int EXPECT_CONTINUE_BYTES = 64 << 10;

    private final String baseUrl;
    private final long timeoutMs;
    private final String authorization;
    private final HttpClient client;

    /**
     * @param baseUrl {@code http://host:port} with an optional path, no trailing slash needed
     * @param timeout per call, {@code > 0}
     * @param token bearer token to send, or {@code null}
     */
    HttpTransport(String baseUrl, Duration timeout, String token) {
        this.baseUrl = checkUrl(baseUrl);
        if (timeout == null || timeout.isZero() || timeout.isNegative()) {
            throw new IllegalArgumentException("timeout (" + timeout + ") must be > 0");
        }
        this.timeoutMs = Math.max(1, timeout.toMillis());
        this.authorization = token == null ? null : BearerToken.of(token).headerValue();
        QueuedThreadPool threads = new QueuedThreadPool();
        threads.setName("bookstore-client");
        threads.setDaemon(true);
        HttpClient started = new HttpClient();
        started.setExecutor(threads);
        started.setMaxConnectionsPerDestination(MAX_CONNECTIONS);
        started.setMaxRequestsQueuedPerDestination(MAX_QUEUED);
        started.setConnectTimeout(timeoutMs);
        started.setIdleTimeout(IDLE_TIMEOUT_MS);
        started.setFollowRedirects(false);
        started.setUserAgentField(null);
        // A 401 is the server's answer to report, not a challenge for the client to negotiate.
        started.getProtocolHandlers().remove(WWWAuthenticationProtocolHandler.NAME);
        try {
            started.start();
        } catch (Exception e) {
            throw new IllegalStateException("cannot start the HTTP client for " + baseUrl, e);
        }
        this.client = started;
    }

    private static String checkUrl(String baseUrl) {
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
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getQuery() != null) {
            throw new IllegalArgumentException("baseUrl '" + baseUrl + "' must be http://host:port[/path]");
        }
        return trimmed;
    }

    String baseUrl() {
        return baseUrl;
    }

    /**
     * Opens connections to the server until {@code wanted} of them (at most the pool's limit) are
     * pooled, in batches of {@value #OPEN_BATCH}, waiting for each batch. Calls need not do this:
     * a call finding no idle connection opens one. It is for a caller about to start that many
     * threads at once, so that the connections are set up before the burst rather than during it
     * (the client's single selector thread then competes with every caller for the CPU).
     *
     * @throws BookStoreHTTPException a batch failed or took longer than the per-call timeout
     */
    void openConnections(int wanted) throws BookStoreException {
        if (wanted < 0) {
            throw new IllegalArgumentException("wanted connections (" + wanted + ") must be >= 0");
        }
        ConnectionPool pool = client.resolveDestination(client.newRequest(baseUrl)).getConnectionPool();
        if (!(pool instanceof AbstractConnectionPool)) {
            return;
        }
        AbstractConnectionPool counted = (AbstractConnectionPool) pool;
        int target = Math.min(wanted, MAX_CONNECTIONS);
        int missing;
        while ((missing = target - counted.getConnectionCount()) > 0) {
            try {
                counted.preCreateConnections(Math.min(missing, OPEN_BATCH)).get(timeoutMs, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new BookStoreHTTPException("opening connections to " + baseUrl + " was interrupted", e);
            } catch (ExecutionException | TimeoutException e) {
                throw new BookStoreHTTPException("opening " + target + " connections to " + baseUrl + " failed after "
                        + counted.getConnectionCount() + ": " + brief(e.getCause() == null ? e : e.getCause()), e);
            }
        }
    }

    /** POSTs {@code request} to {@code <baseUrl>/<OPERATION>} and returns the checked answer. */
    WireResponse call(Operation operation, WireRequest request) throws BookStoreException {
        String url = baseUrl + operation.path();
        byte[] body = WireCodec.encode(request);
        Request http = client.newRequest(url).method(HttpMethod.POST)
                .body(new BytesRequestContent(WireCodec.CONTENT_TYPE, body));
        http.headers(headers -> {
            if (authorization != null) {
                headers.put(HttpHeader.AUTHORIZATION, authorization);
            }
            if (body.length > EXPECT_CONTINUE_BYTES) {
                headers.put(HttpHeader.EXPECT, HttpHeaderValue.CONTINUE.asString());
            }
        });
        Answer response = send(http, url);
        if (response.status() != 200) {
            throw failure(response, url);
        }
        try {
            WireResponse answer = WireCodec.decode(response.body(), WireResponse.class);
            operation.checkResult(answer);
            return answer;
        } catch (WireFormatException e) {
            throw new BookStoreHTTPException(response.status(), "bad answer from " + url + ": "
                    + Texts.printable(e.getMessage(), MAX_MESSAGE_CHARS), e);
        }
    }

    /** GETs {@code <baseUrl><path>} and returns the body as text; any status but 200 fails. */
    String get(String path) throws BookStoreException {
        String url = baseUrl + path;
        Request http = client.newRequest(url).method(HttpMethod.GET);
        if (authorization != null) {
            http.headers(headers -> headers.put(HttpHeader.AUTHORIZATION, authorization));
        }
        Answer response = send(http, url);
        if (response.status() != 200) {
            throw failure(response, url);
        }
        return new String(response.body(), StandardCharsets.UTF_8);
    }

    private Answer send(Request http, String url) throws BookStoreException {
        http.timeout(timeoutMs, TimeUnit.MILLISECONDS);
        AnswerListener listener = new AnswerListener(MAX_ANSWER_BYTES);
        try {
            http.send(listener);
            return listener.answer().get(timeoutMs + 1_000, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            http.abort(e);
            Thread.currentThread().interrupt();
            throw new BookStoreHTTPException(http.getMethod() + " " + url + " was interrupted", e);
        } catch (RuntimeException e) {
            throw new BookStoreHTTPException(http.getMethod() + " " + url + " could not be sent: " + brief(e), e);
        } catch (ExecutionException | TimeoutException e) {
            http.abort(e);
            Throwable cause = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
            throw new BookStoreHTTPException(http.getMethod() + " " + url + " failed: "
                    + (cause instanceof TimeoutException ? "no answer within " + timeoutMs + " ms" : brief(cause)), cause);
        }
    }

    /** The failure's class and the start of its message (Jetty's can run over a kilobyte of state). */
    private static String brief(Throwable failure) {
        String message = failure.getMessage() == null ? "" : failure.getMessage();
        return failure.getClass().getSimpleName() + (message.isEmpty() ? ""
                : ": " + (message.length() > 160 ? message.substring(0, 160) + "..." : message));
    }

    /**
     * The server's error message as written, less any control characters (a server's text must
     * not forge lines in a log or a terminal) and cut to {@value #MAX_MESSAGE_CHARS} characters,
     * or a description of an answer without one.
     */
    private static BookStoreHTTPException failure(Answer response, String url) {
        try {
            return new BookStoreHTTPException(response.status(), Texts.printable(
                    WireCodec.decode(response.body(), WireError.class).message(), MAX_MESSAGE_CHARS));
        } catch (WireFormatException e) {
            return new BookStoreHTTPException(response.status(), "HTTP " + response.status()
                    + " from " + url + " without an error document");
        }
    }

    @Override
    public void close() {
        try {
            client.stop();
        } catch (Exception e) {
            throw new IllegalStateException("stopping the HTTP client for " + baseUrl + " failed", e);
        }
    }
}
