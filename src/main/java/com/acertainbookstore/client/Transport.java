package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.RequestId;
import com.acertainbookstore.wire.WireResponse;

/**
 * The HTTP exchanges of the proxies with one server URL: one call per exchange, within a deadline
 * the caller gives, its wait for the answer cut into slices at which {@link Patience} is asked,
 * and the answer as a {@link Reply} or, when no whole answer came, an {@link Unanswered} saying
 * whether the request may have reached the server whole. Implementations are safe to share
 * between any number of threads.
 *
 * <p>Two implementations: {@link HttpTransport} (our own HTTP/1.1 over blocking sockets, the
 * default) and {@link JdkTransport} (the JDK's {@code java.net.http.HttpClient}), chosen by the
 * system property {@value #PROPERTY} ({@code own}, {@code jdk} or {@code jdk-send}) so that they can be measured
 * against each other ({@code docs/decisions/http-transport.md}).
 */
interface Transport extends AutoCloseable {

    /** The system property that chooses the implementation: {@code own} (default), {@code jdk} or {@code jdk-send}. */
    String PROPERTY = "client.transport";

    /**
     * A transport to {@code baseUrl} of the kind {@value #PROPERTY} names.
     *
     * @param token bearer token to send, or {@code null}
     * @throws IllegalArgumentException a bad URL, or another value of {@value #PROPERTY}
     */
    static Transport to(String baseUrl, String token) {
        String kind = System.getProperty(PROPERTY, "own");
        return switch (kind) {
            case "own" -> new HttpTransport(baseUrl, token);
            case "jdk" -> new JdkTransport(baseUrl, token, false);
            case "jdk-send" -> new JdkTransport(baseUrl, token, true);
            default -> throw new IllegalArgumentException(PROPERTY + " (" + kind + ") must be own, jdk or jdk-send");
        };
    }

    /** The server's base URL, as checked. */
    String baseUrl();

    /**
     * Makes sure {@code wanted} connections to the server are open, within {@code timeoutMs}, for
     * a caller about to start that many threads at once.
     *
     * @throws BookStoreHTTPException they could not be opened in time
     */
    void openConnections(int wanted, long timeoutMs) throws BookStoreException;

    /**
     * POSTs {@code body} to {@code <baseUrl>/<OPERATION>} before {@code deadline}, with
     * {@code id} as its {@value RequestId#HEADER} header when not {@code null}.
     *
     * @throws Unanswered no whole answer came (how far the request got is in it)
     * @throws BookStoreHTTPException an answer of 200 that is not a valid answer of the operation,
     *     or the call was interrupted before it was sent
     */
    Reply<WireResponse> post(Operation operation, byte[] body, RequestId id, long deadline, Patience patience)
            throws BookStoreException, Unanswered;

    /**
     * GETs {@code <baseUrl><path>} before {@code deadline}; a 200's body is the reply's text.
     *
     * @throws Unanswered no whole answer came
     */
    Reply<String> get(String path, long deadline, Patience patience) throws BookStoreException, Unanswered;

    /**
     * GETs {@code path} of the server, from its root whatever the base URL's path (a stock
     * proxy's {@code /health} is the server's), before {@code deadline}.
     *
     * @throws Unanswered no whole answer came
     */
    Reply<String> getFromRoot(String path, long deadline, Patience patience) throws BookStoreException, Unanswered;

    /** Closes the pooled connections; calls in progress finish, later ones fail. */
    @Override
    void close();
}
