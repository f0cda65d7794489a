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
 * connection pool serves them all); close it to stop its client threads.
 *
 * <p>Every call either returns what the store returned or throws a {@link BookStoreHTTPException}:
 * the store's refusal with its message unchanged, any other non-200 answer, a connection failure
 * or no answer within the per-call timeout (default 30 s).
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
     * {@code GET /metrics}: the server JVM's figures and the time its calls spent in each stage
     * (keys it does not know are skipped). Needs the token when the server has one.
     */
    public Map<Metric, Long> serverMetrics() throws BookStoreException {
        String text = transport.get("/metrics");
        try {
            return Metric.parse(text);
        } catch (IllegalArgumentException e) {
            throw new BookStoreHTTPException(200, e.getMessage(), e);
        }
    }

    /** The time this proxy's calls spent encoding, on the network and decoding, since it was made. */
    public CallTimes callTimes() {
        return transport.callTimes();
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
