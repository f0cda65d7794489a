package com.acertainbookstore.client;

import com.acertainbookstore.business.Book;
import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.interfaces.BookStore;
import com.acertainbookstore.wire.Metric;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.WireRequest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The customer's {@link BookStore} over HTTP, calling a {@code BookStoreHTTPServer} at a base URL
 * such as {@code http://127.0.0.1:8081}. Safe to share between any number of threads (one
 * connection pool serves them all; the calling threads do the I/O, the proxy starts none); close
 * it to close its connections.
 *
 * <p>Every call either returns what the store returned or throws: a {@link BookStoreHTTPException}
 * when the call did not take effect (the store's refusal with its message unchanged, any other
 * non-200 answer, a connection that could not be made, a read that got no answer within the
 * per-call timeout, default 30 s), or an {@link
 * com.acertainbookstore.business.OutcomeUnknownException} when a {@code buyBooks} or
 * {@code rateBooks} was sent and no answer came: it may or may not have been applied, and it is
 * not sent again.
 */
public final class BookStoreHTTPProxy implements BookStore, AutoCloseable {

    private final HttpTransport transport;

    public BookStoreHTTPProxy(String baseUrl) {
        this(baseUrl, HttpTransport.DEFAULT_TIMEOUT);
    }

    public BookStoreHTTPProxy(String baseUrl, Duration timeout) {
        this(baseUrl, timeout, null);
    }

    /**
     * @param token the server's stock-manager token, or {@code null}: a customer's calls need
     *     none, but {@code /metrics} ({@link #serverMetrics}) does when the server has one
     */
    public BookStoreHTTPProxy(String baseUrl, Duration timeout, String token) {
        this.transport = new HttpTransport(baseUrl, timeout, token);
    }

    @Override
    public void buyBooks(Set<BookCopy> booksToBuy) throws BookStoreException {
        transport.call(Operation.BUYBOOKS, WireArguments.set(booksToBuy));
    }

    @Override
    public void rateBooks(Set<BookRating> bookRating) throws BookStoreException {
        transport.call(Operation.RATEBOOKS, WireArguments.set(bookRating));
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
        return (List<Book>) transport.call(operation, request).result();
    }

    /** {@code GET /health} through the same client and pool: returns when the server answers 200. */
    public void health() throws BookStoreException {
        transport.get("/health");
    }

    /**
     * {@code GET /metrics}: the server JVM's figures and its count of calls (keys it does not
     * know are skipped). Needs the token when the server has one.
     */
    public Map<Metric, Long> serverMetrics() throws BookStoreException {
        String text = transport.get("/metrics");
        try {
            return Metric.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BookStoreHTTPException(200, e.getMessage(), e);
        }
    }


    /**
     * Opens connections until {@code wanted} are pooled, before that many threads start calling
     * at once; optional (see {@code HttpTransport#openConnections}).
     *
     * @throws BookStoreException the connections could not be opened within the call timeout
     */
    public void openConnections(int wanted) throws BookStoreException {
        transport.openConnections(wanted);
    }

    @Override
    public void close() {
        transport.close();
    }

    @Override
    public String toString() {
        return "BookStoreHTTPProxy[" + transport.baseUrl() + "]";
    }
}
