package com.acertainbookstore.client;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.tls.ClientTls;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The customer's {@link BookStore} over HTTP: calling one {@code BookStoreHTTPServer} at a base
 * URL such as {@code http://127.0.0.1:8081}, or the replicas of one replicated bookstore given as
 * a list of their base URLs. Safe to share between any number of threads (one connection pool per
 * server serves them all; the calling threads do the I/O, the proxy starts none); close it to
 * close its connections.
 *
 * <p>Every call either returns what the store returned or throws: a {@link BookStoreHTTPException}
 * when the call did not take effect (the store's refusal with its message unchanged, any other
 * non-200 answer, a connection that could not be made, a read that got no answer within the
 * per-call timeout, default 30 s), or an {@link
 * com.acertainbookstore.business.OutcomeUnknownException} when a {@code buyBooks} or
 * {@code rateBooks} may or may not have been applied.
 *
 * <p>Each {@code buyBooks} and {@code rateBooks} carries a request id ({@code Bookstore-Request-Id},
 * a client id of this proxy and that client's next sequence number; see {@code ClientIds} for why
 * no two calls in progress share a client id). With one URL the call is never sent again once its
 * request was written (a single server keeps no table of ids): no answer means unknown. With a
 * list of replicas, a call stays with the replica that last answered, follows the leader a replica
 * names, and on a refused connection, a {@code 503}, a silent or broken connection moves to another
 * replica with backoff, re-sending the same request id, all within the call's timeout; a write
 * still unknown at the deadline raises the unknown-outcome exception (see {@code Failover} and
 * {@code docs/protocol.md}, "Retries and unknown outcomes").
 */
public final class BookStoreHTTPProxy implements BookStore, AutoCloseable {

    private final CallRouter router;

    public BookStoreHTTPProxy(String baseUrl) {
        this(baseUrl, CallRouter.DEFAULT_TIMEOUT);
    }

    public BookStoreHTTPProxy(String baseUrl, Duration timeout) {
        this(baseUrl, timeout, null);
    }

    /**
     * A proxy of one server. Its mutating calls are never sent twice once written.
     *
     * @param baseUrl {@code http://host:port}, with an optional path
     * @param timeout per call, {@code > 0}
     * @param token the server's stock-manager token, or {@code null}: a customer's calls need
     *     none, but {@code /metrics} ({@link #serverMetrics}) does when the server has one
     */
    public BookStoreHTTPProxy(String baseUrl, Duration timeout, String token) {
        this(baseUrl, timeout, token, null);
    }

    /**
     * A proxy of the replicas of one group, failing over between them.
     *
     * @param replicaUrls every replica's base URL ({@code http://host:port}): at least one, no
     *     server twice, all replicas of the same group (a list of unrelated servers would re-send a
     *     call to a server that does not know its id)
     * @param timeout per call, every attempt and pause included, {@code > 0}
     * @param token the replicas' stock-manager token (for {@link #serverMetrics}), or {@code null}
     * @throws IllegalArgumentException an empty list, a malformed URL, a server named twice
     */
    public BookStoreHTTPProxy(List<String> replicaUrls, Duration timeout, String token) {
        this(replicaUrls, timeout, token, null);
    }

    /**
     * A proxy of one server over HTTPS (or, with {@code tls} null, HTTP).
     *
     * @param baseUrl {@code https://host:port} (the host is checked against the server's certificate)
     * @param tls the authority to trust and the client certificate to present ({@link ClientTls}),
     *     shared by every connection of this proxy so that they resume one session
     * @throws IllegalArgumentException an {@code https} URL without {@code tls}, or the reverse
     */
    public BookStoreHTTPProxy(String baseUrl, Duration timeout, String token, ClientTls tls) {
        this.router = CallRouter.single(baseUrl, timeout, token, tls);
    }

    /**
     * A proxy of the replicas of one group over HTTPS (or, with {@code tls} null, HTTP).
     *
     * @param tls as for one server; one context for every replica
     */
    public BookStoreHTTPProxy(List<String> replicaUrls, Duration timeout, String token, ClientTls tls) {
        this.router = CallRouter.replicas(replicaUrls, "replicaUrls", timeout, token, tls);
    }

    @Override
    public void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException {
        router.call(Operation.BUYBOOKS, WireArguments.set(booksToBuy));
    }

    @Override
    public void rateBooks(Set<BookRating> bookRating) throws BookStoreException {
        router.call(Operation.RATEBOOKS, WireArguments.set(bookRating));
    }

    @Override
    public List<Book> getBooks(Set<Integer> isbnSet) throws BookStoreException {
        return books(Operation.GETBOOKS, WireArguments.set(isbnSet));
    }

    @Override
    public List<Book> getTopRatedBooks(int numBooks) throws BookStoreException {
        return books(Operation.GETTOPRATEDBOOKS, WireArguments.number(numBooks));
    }

    @Override
    public List<Book> getEditorPicks(int numBooks) throws BookStoreException {
        return books(Operation.GETEDITORPICKS, WireArguments.number(numBooks));
    }

    /** The answer of an operation whose result {@code Operation.checkResult} found to hold plain books. */
    @SuppressWarnings("unchecked")
    private List<Book> books(Operation operation, WireRequest request) throws BookStoreException {
        return (List<Book>) router.call(operation, request).result();
    }

    /**
     * {@code GET /health} through the same client and pool: returns when the server (with a list:
     * a replica) answers 200.
     */
    public void health() throws BookStoreException {
        router.get("/health");
    }

    /**
     * {@code GET /metrics}: the server JVM's figures and its count of calls (keys it does not
     * know are skipped); with a list, those of the replica that answers. Needs the token when the
     * server has one.
     */
    public Map<Metric, Long> serverMetrics() throws BookStoreException {
        String text = router.get("/metrics");
        try {
            return Metric.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BookStoreHTTPException(200, e.getMessage(), e);
        }
    }

    /**
     * Opens connections until {@code wanted} are pooled, before that many threads start calling
     * at once; optional (see {@code CallRouter#openConnections}).
     *
     * @throws BookStoreException the connections could not be opened within the call timeout
     */
    public void openConnections(int wanted) throws BookStoreException {
        router.openConnections(wanted);
    }

    @Override
    public void close() {
        router.close();
    }

    @Override
    public String toString() {
        return "BookStoreHTTPProxy[" + router.describe() + "]";
    }
}
