package com.acertainbookstore.replica;

import com.acertainbookstore.protocol.ReplicaHeaders;
import com.acertainbookstore.protocol.RequestId;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * Plain HTTP calls to a replica, written by hand (no proxy: the tests choose the replica, the
 * request id and the headers). Safe to share; one client for all tests.
 */
final class Http {

    /** A status, the body as text, and the leader header ({@code null} when absent). */
    record Answer(int status, String body, String leader, long millis) {
    }

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    private Http() {
    }

    /** An XML POST to {@code base + path}, with {@code requestId} as the request id header unless null. */
    static Answer post(String base, String path, String xml, String requestId) throws IOException,
            InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20))
                .header("Content-Type", "application/xml; charset=UTF-8")
                .POST(HttpRequest.BodyPublishers.ofString(xml));
        if (requestId != null) {
            request.header(RequestId.HEADER, requestId);
        }
        return send(request.build());
    }

    static Answer get(String base, String path) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(20)).GET().build());
    }

    private static Answer send(HttpRequest request) throws IOException, InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> response = CLIENT.send(request, HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.body(),
                response.headers().firstValue(ReplicaHeaders.LEADER).orElse(null),
                (System.nanoTime() - start) / 1_000_000);
    }

    /** An {@code ADDBOOKS} body of one book with {@code copies} copies. */
    static String addBook(int isbn, int copies) {
        return "<req><set><sb i=\"" + isbn + "\" p=\"9.5\" n=\"" + copies + "\" m=\"0\" c=\"0\" r=\"0\" e=\"false\">"
                + "<t>Title " + isbn + "</t><a>Author " + isbn + "</a></sb></set></req>";
    }

    /** An {@code ADDCOPIES} or {@code BUYBOOKS} body for one ISBN. */
    static String copies(int isbn, int copies) {
        return "<req><set><bc i=\"" + isbn + "\" n=\"" + copies + "\"/></set></req>";
    }
}
