package com.acertainbookstore.client;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.wire.BearerToken;
import com.acertainbookstore.wire.Operation;
import com.acertainbookstore.wire.RequestId;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireResponse;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The proxies' exchanges with one server over the JDK's {@link HttpClient} (HTTP/1.1, its own
 * connection pool, selector thread and executor), chosen with {@code -Dclient.transport=jdk} to
 * measure it against {@link HttpTransport}. Safe to share between any number of threads.
 *
 * <p><b>What is sent again.</b> The JDK client re-sends a request by itself in two cases only
 * (Java 17's {@code MultiExchange}): a connection that could not be made ({@link ConnectException}:
 * nothing was sent), and a {@code GET} or {@code HEAD} whose pooled connection closed before any
 * answer byte. It re-sends a {@code POST} that way only with the system property
 * {@value #ALL_METHOD_RETRY}, which this class refuses to run under. It never says whether a
 * request reached the socket, so this class tells it from the body: the body publisher counts
 * what the client took from it, and a request whose body was not taken whole cannot have been
 * acted on (the server needs every byte its {@code Content-Length} promised). Such a mutating call
 * is sent once more; any other failed mutating call is reported as possibly written. A read that
 * failed otherwise than by its deadline is sent once more (the client cannot tell a stale pooled
 * connection from an answer broken off midway).
 *
 * <p><b>Waiting.</b> {@code send} blocks without a way to look up between slices, and its
 * timeout bounds only the answer's head, so a call is {@code sendAsync} and the calling thread
 * waits on its future until the deadline, in the slices {@link Patience} asks for; giving up (the
 * deadline, or a replica the group has left) cancels the future with {@code cancel(true)}, which
 * since Java 16 aborts the exchange and closes its connection. {@code -Dclient.transport=jdk-send}
 * measures the plain {@code send} instead, wherever no slice is asked for (one server): the
 * cheapest use of the client, which keeps the deadline for the answer's head only.
 *
 * <p><b>No {@code Expect: 100-continue}.</b> With it, Java 17.0.15's client waited until the
 * caller's deadline when the server refused a large body on its headers (Jetty's {@code 413}
 * before the body): {@code HttpProxyTest.addBooks_bodyOverServerLimit_fails413AndTheNextCallWorks}
 * hung for its 30 s. Without it, the client reads the early refusal while it writes the body.
 *
 * <p><b>What it cannot do.</b> Open connections without a request: {@link #openConnections} sends
 * {@code wanted} concurrent {@code GET /health} instead, so it needs a server that answers them.
 * Close its pooled connections: Java 17's {@link HttpClient} has no {@code close}; a closed
 * transport refuses new calls, and its idle connections close when the client is collected.
 */
final class JdkTransport implements Transport {

    /** The JDK's switch that lets its client re-send any request, {@code POST} included. */
    static final String ALL_METHOD_RETRY = "jdk.httpclient.enableAllMethodRetry";

    private final String baseUrl;
    private final URI root;
    private final String basePath;
    private final String authorization;
    private final HttpClient client;
    private final Map<Operation, URI> postUris = new EnumMap<>(Operation.class);
    private final boolean blocking;
    private volatile boolean closed;

    /**
     * @param baseUrl {@code http://host:port} with an optional path
     * @param token bearer token to send, or {@code null}
     * @param blocking whether a call that need not look up before its deadline uses {@code send}
     *     (the deadline then bounds the answer's head only) rather than {@code sendAsync}
     * @throws IllegalStateException {@value #ALL_METHOD_RETRY} is on: the client would re-send
     *     mutating calls that may have been applied
     */
    JdkTransport(String baseUrl, String token, boolean blocking) {
        String retryAll = System.getProperty(ALL_METHOD_RETRY);
        if (retryAll != null && (retryAll.isEmpty() || Boolean.parseBoolean(retryAll))) {
            throw new IllegalStateException(ALL_METHOD_RETRY + " (" + retryAll + ") must be off: the JDK client would"
                    + " re-send a mutating call that may have been applied");
        }
        URI uri = HttpTransport.checkUrl(baseUrl);
        this.baseUrl = uri.toString();
        this.blocking = blocking;
        this.root = URI.create("http://" + uri.getRawAuthority());
        this.basePath = uri.getRawPath() == null ? "" : uri.getRawPath();
        this.authorization = token == null ? null : BearerToken.of(token).headerValue();
        this.client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .followRedirects(HttpClient.Redirect.NEVER).proxy(HttpClient.Builder.NO_PROXY).build();
        for (Operation operation : Operation.values()) {
            postUris.put(operation, root.resolve(basePath + operation.path()));
        }
    }

    @Override
    public String baseUrl() {
        return baseUrl;
    }

    @Override
    public void openConnections(int wanted, long timeoutMs) throws BookStoreException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMs);
        HttpRequest health = request(root.resolve("/health")).GET().build();
        List<CompletableFuture<HttpResponse<Body>>> calls = new ArrayList<>();
        for (int i = 0; i < wanted; i++) {
            calls.add(client.sendAsync(health, info -> new Body(info.headers())));
        }
        int done = 0;
        try {
            for (CompletableFuture<HttpResponse<Body>> call : calls) {
                await(call, deadline, Patience.UNTIL_DEADLINE);
                done++;
            }
        } catch (IOException e) {
            calls.forEach(call -> call.cancel(true));
            throw new BookStoreHTTPException("opening " + wanted + " connections to " + baseUrl + " failed after "
                    + done + ": " + HttpTransport.brief(e), e);
        }
    }

    @Override
    public Reply<WireResponse> post(Operation operation, byte[] body, RequestId id, long deadline, Patience patience)
            throws BookStoreException, Unanswered {
        HttpRequest.Builder builder = request(postUris.get(operation)).header("Content-Type", WireCodec.CONTENT_TYPE);
        if (id != null) {
            builder.header(RequestId.HEADER, id.headerValue());
        }
        CountedBody counted = new CountedBody(body);
        HttpRequest request = builder.POST(counted).build();
        String what = "POST " + baseUrl + operation.path();
        Answer answer = send(request, counted, operation.mutates(), deadline, patience);
        return HttpTransport.operationReply(operation, answer, what);
    }

    @Override
    public Reply<String> get(String path, long deadline, Patience patience) throws BookStoreException, Unanswered {
        return getFromRoot(basePath + path, deadline, patience);
    }

    @Override
    public Reply<String> getFromRoot(String path, long deadline, Patience patience)
            throws BookStoreException, Unanswered {
        HttpRequest request = request(root.resolve(path)).GET().build();
        return HttpTransport.textReply(send(request, null, false, deadline, patience), "GET " + root + path);
    }

    private HttpRequest.Builder request(URI uri) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri);
        if (authorization != null) {
            builder.header("Authorization", authorization);
        }
        return builder;
    }

    /**
     * One call, sent again at most once as the class comment says.
     *
     * @param counted the request's body ({@code null} for a {@code GET})
     * @throws Unanswered no whole answer came
     */
    private Answer send(HttpRequest request, CountedBody counted, boolean mutates, long deadline, Patience patience)
            throws Unanswered {
        for (int tries = 0; ; tries++) {
            if (closed) {
                throw new Unanswered(false, false, new IOException("the proxy is closed"));
            }
            try {
                HttpResponse<Body> response = blocking && patience.nextCheck() - deadline >= 0
                        ? sendBlocking(request, deadline)
                        : await(client.sendAsync(request, info -> new Body(info.headers())), deadline, patience);
                Body body = response.body();
                String leader = response.headers().firstValue(Connection.LEADER_HEADER)
                        .filter(value -> value.length() <= Connection.MAX_LEADER_CHARS).orElse(null);
                return new Answer(response.statusCode(), body.bytes, body.length, false, leader);
            } catch (ConnectException | HttpConnectTimeoutException e) {
                throw new Unanswered(false, false, e);
            } catch (IOException e) {
                boolean written = counted == null || counted.taken();
                boolean again = !(e instanceof SocketTimeoutException || e instanceof Patience.MovedOn
                        || e instanceof InterruptedIOException || e instanceof AnswerTooLarge)
                        && (mutates ? !written : true);
                if (!again || tries > 0) {
                    throw new Unanswered(true, written, e);
                }
            }
        }
    }

    /**
     * {@code send} from the calling thread, with the time left as the request's timeout, which
     * Java 17's client applies to the answer's head only: a server that stalls in the middle of a
     * body holds the caller past its deadline.
     */
    private HttpResponse<Body> sendBlocking(HttpRequest request, long deadline) throws IOException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            throw new SocketTimeoutException("deadline passed");
        }
        HttpRequest timed = HttpRequest.newBuilder(request, (name, value) -> true)
                .timeout(java.time.Duration.ofNanos(left)).build();
        try {
            return client.send(timed, info -> new Body(info.headers()));
        } catch (java.net.http.HttpTimeoutException e) {
            if (e instanceof HttpConnectTimeoutException) {
                throw e;
            }
            SocketTimeoutException timeout = new SocketTimeoutException("deadline passed");
            timeout.initCause(e);
            throw timeout;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the answer");
        }
    }

    /**
     * Waits for {@code call} until {@code deadline}, asking {@code patience} at its slices;
     * cancels the call when giving up.
     *
     * @throws SocketTimeoutException the deadline passed
     * @throws Patience.MovedOn {@code patience} said to stop
     * @throws IOException the call failed (its cause unwrapped)
     */
    private static <T> T await(CompletableFuture<T> call, long deadline, Patience patience) throws IOException {
        try {
            while (true) {
                long check = patience.nextCheck();
                boolean sliced = check < deadline;
                try {
                    return call.get(Math.max(0, (sliced ? check : deadline) - System.nanoTime()), TimeUnit.NANOSECONDS);
                } catch (TimeoutException e) {
                    if (!sliced || System.nanoTime() - deadline >= 0) {
                        throw new SocketTimeoutException("deadline passed");
                    }
                    if (!patience.keepWaiting()) {
                        throw new Patience.MovedOn("gave up waiting: the group has moved on from this replica");
                    }
                }
            }
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            while (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            throw cause instanceof IOException io ? io : new IOException(String.valueOf(cause), cause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting for the answer");
        } finally {
            if (!call.isDone()) {
                call.cancel(true);
            }
        }
    }

    /** A request body that records whether the client took all of it. */
    private static final class CountedBody implements HttpRequest.BodyPublisher {
        private final byte[] body;
        private volatile boolean taken;

        CountedBody(byte[] body) {
            this.body = body;
        }

        /** Whether the client took the whole body, in any of its attempts: it may have been sent. */
        boolean taken() {
            return taken;
        }

        @Override
        public long contentLength() {
            return body.length;
        }

        @Override
        public void subscribe(Flow.Subscriber<? super ByteBuffer> subscriber) {
            if (body.length == 0) {
                taken = true;
            }
            HttpRequest.BodyPublishers.ofByteArray(body).subscribe(new Flow.Subscriber<ByteBuffer>() {
                private long seen;

                @Override
                public void onSubscribe(Flow.Subscription subscription) {
                    subscriber.onSubscribe(subscription);
                }

                @Override
                public void onNext(ByteBuffer item) {
                    seen += item.remaining();
                    if (seen >= body.length) {
                        taken = true;
                    }
                    subscriber.onNext(item);
                }

                @Override
                public void onError(Throwable failure) {
                    subscriber.onError(failure);
                }

                @Override
                public void onComplete() {
                    subscriber.onComplete();
                }
            });
        }
    }

    /** An answer larger than {@link HttpTransport#MAX_ANSWER_BYTES}: not sent again. */
    private static final class AnswerTooLarge extends IOException {

        private static final long serialVersionUID = 1L;

        AnswerTooLarge(long length) {
            super("answer" + (length < 0 ? "" : " of " + length + " bytes") + " is larger than the limit of "
                    + HttpTransport.MAX_ANSWER_BYTES + " bytes", null);
        }
    }

    /**
     * An answer's body, gathered up to {@link HttpTransport#MAX_ANSWER_BYTES}; a larger one fails
     * the call. Used by the client's threads one at a time, as the reactive-streams rules say.
     */
    private static final class Body implements HttpResponse.BodySubscriber<Body> {
        private final CompletableFuture<Body> done = new CompletableFuture<>();
        private final long declared;
        private byte[] bytes;
        private int length;
        private Flow.Subscription subscription;

        Body(java.net.http.HttpHeaders headers) {
            this.declared = headers.firstValueAsLong("Content-Length").orElse(-1);
            this.bytes = new byte[(int) Math.max(0, Math.min(declared, HttpTransport.MAX_ANSWER_BYTES))];
        }

        @Override
        public CompletionStage<Body> getBody() {
            return done;
        }

        @Override
        public void onSubscribe(Flow.Subscription given) {
            subscription = given;
            if (declared > HttpTransport.MAX_ANSWER_BYTES) {
                given.cancel();
                done.completeExceptionally(new AnswerTooLarge(declared));
                return;
            }
            given.request(Long.MAX_VALUE);
        }

        @Override
        public void onNext(List<ByteBuffer> items) {
            if (done.isDone()) {
                return;
            }
            for (ByteBuffer item : items) {
                int size = item.remaining();
                if (size > HttpTransport.MAX_ANSWER_BYTES - length) {
                    subscription.cancel();
                    done.completeExceptionally(new AnswerTooLarge(-1));
                    return;
                }
                if (size > bytes.length - length) {
                    bytes = Arrays.copyOf(bytes, Math.max(length + size, Math.min(HttpTransport.MAX_ANSWER_BYTES,
                            Math.max(256, bytes.length * 2))));
                }
                item.get(bytes, length, size);
                length += size;
            }
        }

        @Override
        public void onError(Throwable failure) {
            done.completeExceptionally(failure);
        }

        @Override
        public void onComplete() {
            done.complete(this);
        }
    }

    /** Refuses later calls; the JDK client's idle connections close when it is collected. */
    @Override
    public void close() {
        closed = true;
    }
}
