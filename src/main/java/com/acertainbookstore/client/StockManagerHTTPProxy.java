package com.acertainbookstore.client;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.StockManager;
import com.acertainbookstore.protocol.Operation;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.tls.ClientTls;
import java.time.Duration;
import java.util.List;
import java.util.Set;

/**
 * The stock manager's {@link StockManager} over HTTP: calling one {@code BookStoreHTTPServer} at
 * a base URL such as {@code http://127.0.0.1:8081/stock}, or the replicas of one replicated
 * bookstore given as a list of such URLs, with the server's bearer token when it has one. Safe to
 * share between any number of threads (one connection pool per server serves them all; the
 * calling threads do the I/O, the proxy starts none); close it to close its connections.
 *
 * <p>Every call either returns what the store returned or throws: a {@link BookStoreHTTPException}
 * when the call did not take effect (the store's refusal with its message unchanged, any other
 * non-200 answer such as 401, a connection that could not be made, a read that got no answer
 * within the per-call timeout, default 30 s), or an {@link
 * com.acertainbookstore.business.OutcomeUnknownException} when a call that changes the store may
 * or may not have been applied.
 *
 * <p>Each call that changes the store carries a request id, and a list of replicas fails over
 * between them re-sending the same id, exactly as {@link BookStoreHTTPProxy} says; with one URL a
 * written call is never sent again.
 */
public final class StockManagerHTTPProxy implements StockManager, AutoCloseable {

    private final CallRouter router;

    public StockManagerHTTPProxy(String baseUrl) {
        this(baseUrl, CallRouter.DEFAULT_TIMEOUT, null);
    }

    public StockManagerHTTPProxy(String baseUrl, Duration timeout) {
        this(baseUrl, timeout, null);
    }

    /**
     * A proxy of one server. Its mutating calls are never sent twice once written.
     *
     * @param baseUrl {@code http://host:port/stock}
     * @param timeout per call, {@code > 0}
     * @param token the server's {@code bookstore.token}, or {@code null} when it has none
     */
    public StockManagerHTTPProxy(String baseUrl, Duration timeout, String token) {
        this(baseUrl, timeout, token, null);
    }

    /**
     * A proxy of the replicas of one group, failing over between them.
     *
     * @param replicaStockUrls every replica's stock URL ({@code http://host:port/stock}): at least
     *     one, no server twice, all with the same path, all replicas of the same group
     * @param timeout per call, every attempt and pause included, {@code > 0}
     * @param token the replicas' {@code bookstore.token}, or {@code null} when they have none
     * @throws IllegalArgumentException an empty list, a malformed URL, a server named twice
     */
    public StockManagerHTTPProxy(List<String> replicaStockUrls, Duration timeout, String token) {
        this(replicaStockUrls, timeout, token, null);
    }

    /**
     * A proxy of one server over HTTPS (or, with {@code tls} null, HTTP).
     *
     * @param baseUrl {@code https://host:port} (the host is checked against the server's certificate)
     * @param tls the authority to trust and the client certificate to present ({@link ClientTls}),
     *     shared by every connection of this proxy so that they resume one session
     * @throws IllegalArgumentException an {@code https} URL without {@code tls}, or the reverse
     */
    public StockManagerHTTPProxy(String baseUrl, Duration timeout, String token, ClientTls tls) {
        this.router = CallRouter.single(baseUrl, timeout, token, tls);
    }

    /**
     * A proxy of the replicas of one group over HTTPS (or, with {@code tls} null, HTTP).
     *
     * @param tls as for one server; one context for every replica
     */
    public StockManagerHTTPProxy(List<String> replicaStockUrls, Duration timeout, String token, ClientTls tls) {
        this.router = CallRouter.replicas(replicaStockUrls, "replicaStockUrls", timeout, token, tls);
    }

    @Override
    public void addBooks(Set<StockBook> bookSet) throws BookStoreException {
        router.call(Operation.ADDBOOKS, WireArguments.stockBooks(bookSet));
    }

    @Override
    public void addCopies(Set<BookCopy> bookCopiesSet) throws BookStoreException {
        router.call(Operation.ADDCOPIES, WireArguments.set(bookCopiesSet));
    }

    @Override
    public List<StockBook> getBooks() throws BookStoreException {
        return stockBooks(Operation.LISTBOOKS, WireRequest.none());
    }

    @Override
    public List<StockBook> getBooksByISBN(Set<Integer> isbnSet) throws BookStoreException {
        return stockBooks(Operation.GETSTOCKBOOKSBYISBN, WireArguments.set(isbnSet));
    }

    @Override
    public List<StockBook> getBooksInDemand() throws BookStoreException {
        return stockBooks(Operation.GETBOOKSINDEMAND, WireRequest.none());
    }

    @Override
    public void updateEditorPicks(Set<BookEditorPick> editorPicks) throws BookStoreException {
        router.call(Operation.UPDATEEDITORPICKS, WireArguments.set(editorPicks));
    }

    @Override
    public void removeBooks(Set<Integer> isbnSet) throws BookStoreException {
        router.call(Operation.REMOVEBOOKS, WireArguments.set(isbnSet));
    }

    @Override
    public void removeAllBooks() throws BookStoreException {
        router.call(Operation.REMOVEALLBOOKS, WireRequest.none());
    }

    /** The answer of an operation whose result {@code Operation.checkResult} found to hold stock books. */
    @SuppressWarnings("unchecked")
    private List<StockBook> stockBooks(Operation operation, WireRequest request) throws BookStoreException {
        return (List<StockBook>) router.call(operation, request).result();
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
        return "StockManagerHTTPProxy[" + router.describe() + "]";
    }
}
