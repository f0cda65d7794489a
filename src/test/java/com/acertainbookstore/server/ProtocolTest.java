package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.HttpStoreFixture;
import com.acertainbookstore.protocol.Metric;
import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.wire.WireCodec;
import java.net.InetAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Hand-written requests against a real server: every refused request gets its status and an XML
 * error document, leaves the store unchanged, and a good call succeeds right after.
 */
class ProtocolTest {

    private static final String GOOD_BUY = "<req><set><bc i=\"1\" n=\"1\"/></set></req>";
    private static HttpStoreFixture fixture;
    private static HttpClient http;

    @BeforeAll
    static void start() throws Exception {
        fixture = HttpStoreFixture.open(ServerSettings.defaults().withPort(0).withMaxBodyBytes(4096));
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        fixture.close();
        // JDK 17's HttpClient has no close(): its selector thread ends once the client is unreachable.
        http = null;
    }

    @BeforeEach
    void oneBookWithTenCopies() throws BookStoreException {
        fixture.stock().removeAllBooks();
        fixture.stock().addBooks(Set.of(new ImmutableStockBook(1, "T", "A", 5f, 10, 0, 0, 0, false)));
    }

    private static HttpResponse<String> send(String method, String path, String body, String... headers)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(fixture.server().baseUrl() + path))
                .timeout(Duration.ofSeconds(10))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", WireCodec.CONTENT_TYPE);
        }
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    /** Asserts the status and an XML error body, returns its message. */
    private static String assertError(int status, HttpResponse<String> response) throws Exception {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("application/xml"),
                "content type " + response.headers().firstValue("Content-Type"));
        assertTrue(!response.body().contains("<html") && !response.body().contains("\tat "), response.body());
        return WireCodec.decode(response.body().getBytes(StandardCharsets.UTF_8), WireError.class).message();
    }

    /** The store still holds book 1 with 10 copies, and a good call works. */
    private static void assertUnchangedThenGoodCallWorks() throws Exception {
        List<StockBook> books = fixture.stock().getBooks();
        assertEquals(1, books.size());
        assertEquals(10, books.get(0).getNumCopies());
        assertEquals(0, books.get(0).getNumSaleMisses());
        assertEquals(200, send("POST", "/BUYBOOKS", GOOD_BUY).statusCode());
        assertEquals(9, fixture.stock().getBooks().get(0).getNumCopies());
    }

    @Test
    void goodCall_lowerCaseOperation_answers200() throws Exception {
        HttpResponse<String> response = send("POST", "/buyBooks", GOOD_BUY);
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("<res/>", response.body());
        assertEquals(9, fixture.stock().getBooks().get(0).getNumCopies());
    }

    @ParameterizedTest
    @ValueSource(strings = {"<req><set><bc i=\"1\" n=\"1\"/></set>", "not xml at all", "",
        "<req><set><bc i=\"x\" n=\"1\"/></set></req>", "<req><set><bc n=\"1\"/></set></req>",
        "<req><set><set/></set></req>", "<req><set><bc i=\"1\" n=\"1\"><b/></bc></set></req>"})
    void buyBooks_malformedBody_answers400(String body) throws Exception {
        assertError(400, send("POST", "/BUYBOOKS", body));
        assertUnchangedThenGoodCallWorks();
    }

    @ParameterizedTest
    @ValueSource(strings = {"java.lang.ProcessBuilder", "java.beans.EventHandler", "javax.imageio.spi.ServiceRegistry"})
    void buyBooks_forbiddenClassAsArgument_answers400(String className) throws Exception {
        String body = "<req><" + className + "><command><string>touch</string><string>/tmp/pwned-"
                + className + "</string></command></" + className + "></req>";
        String message = assertError(400, send("POST", "/BUYBOOKS", body));
        assertTrue(message.contains(className), message);
        assertUnchangedThenGoodCallWorks();
    }

    @ParameterizedTest
    @ValueSource(strings = {"<java.lang.ProcessBuilder><command/></java.lang.ProcessBuilder>",
        "<req><set class=\"java.util.TreeSet\"/></req>",
        "<req><set><java.beans.EventHandler/></set></req>",
        "<sorted-set><string>x</string></sorted-set>"})
    void buyBooks_forbiddenClassAnywhere_answers400(String body) throws Exception {
        assertError(400, send("POST", "/BUYBOOKS", body));
        assertUnchangedThenGoodCallWorks();
    }

    @ParameterizedTest
    @ValueSource(strings = {"<req><set><br i=\"1\" r=\"3\"/></set></req>", "<req><int>3</int></req>",
        "<req/>", "<res/>", "<err>x</err>", "<req><list/></req>"})
    void buyBooks_wrongOrMissingArgument_answers400(String body) throws Exception {
        String message = assertError(400, send("POST", "/BUYBOOKS", body));
        assertTrue(!message.isBlank());
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void listBooks_givenAnArgument_answers400() throws Exception {
        assertError(400, send("POST", "/stock/LISTBOOKS", "<req><int>3</int></req>"));
        assertUnchangedThenGoodCallWorks();
    }

    @ParameterizedTest
    @ValueSource(strings = {"/NOSUCHOPERATION", "/stock/NOSUCHOPERATION", "/", "/stock", "/stock/",
        "/BUYBOOKS/extra", "/stock/BUYBOOKS", "/ADDCOPIES", "/REMOVEALLBOOKS"})
    void anyMethod_unknownPathOrOperationOnWrongSide_answers404(String path) throws Exception {
        assertError(404, send("POST", path, "<req/>"));
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void removeAllBooks_outsideStock_answers404NamingStock() throws Exception {
        String message = assertError(404, send("POST", "/REMOVEALLBOOKS", "<req/>"));
        assertTrue(message.contains("/stock"), message);
        assertUnchangedThenGoodCallWorks();
    }

    @ParameterizedTest
    @ValueSource(strings = {"GET", "PUT", "DELETE"})
    void buyBooks_wrongMethod_answers405(String method) throws Exception {
        assertError(405, send(method, "/BUYBOOKS", method.equals("GET") || method.equals("DELETE") ? null : GOOD_BUY));
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void health_post_answers405() throws Exception {
        assertError(405, send("POST", "/health", "x"));
    }

    @Test
    void buyBooks_bodyOverLimit_answers413() throws Exception {
        StringBuilder body = new StringBuilder("<req><set>");
        for (int i = 2; body.length() <= 5000; i++) {
            body.append("<bc i=\"").append(i).append("\" n=\"1\"/>");
        }
        body.append("<bc i=\"1\" n=\"1\"/></set></req>");
        assertError(413, send("POST", "/BUYBOOKS", body.toString()));
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void buyBooks_storeRefuses_answers422WithStoreMessage() throws Exception {
        String message = assertError(422, send("POST", "/BUYBOOKS", "<req><set><bc i=\"77\" n=\"1\"/></set></req>"));
        assertEquals("ISBN 77 is not in the store", message);
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void health_get_answers200() throws Exception {
        assertEquals(200, send("GET", "/health", null).statusCode());
    }

    @Test
    void metrics_get_answersEveryKeyAsIntegerWithCallsCounted() throws Exception {
        long before = Metric.parse(send("GET", "/metrics", null).body()).get(Metric.CALLS);
        send("POST", "/BUYBOOKS", GOOD_BUY);
        HttpResponse<String> response = send("GET", "/metrics", null);
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        for (Metric metric : Metric.values()) {
            assertTrue(response.body().lines().anyMatch(line -> line.matches(metric.key() + "=\\d+")),
                    metric.key() + " in " + response.body());
        }
        Map<Metric, Long> metrics = Metric.parse(response.body());
        assertEquals(before + 1, metrics.get(Metric.CALLS), response.body());
    }

    @Test
    void stockCall_missingOrWrongToken_answers401AndChangesNothing() throws Exception {
        try (HttpStoreFixture guarded = HttpStoreFixture.open(ServerSettings.defaults().withPort(0).withToken("s3cret"))) {
            String url = guarded.server().baseUrl();
            String addBook = "<req><set><sb i=\"5\" p=\"1.0\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\">"
                    + "<t>T</t><a>A</a></sb></set></req>";
            List<HttpResponse<String>> refused = List.of(
                    sendTo(url, "/stock/ADDBOOKS", addBook),
                    sendTo(url, "/stock/ADDBOOKS", addBook, "Authorization", "Bearer wrong"),
                    sendTo(url, "/stock/ADDBOOKS", addBook, "Authorization", "s3cret"),
                    sendTo(url, "/stock/NOSUCHOPERATION", "<req/>"));
            for (HttpResponse<String> response : refused) {
                assertError(401, response);
                assertTrue(response.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Bearer"));
            }
            assertEquals("<res><list/></res>", sendTo(url, "/stock/LISTBOOKS", "<req/>", "Authorization", "Bearer s3cret").body());
            assertEquals(200, sendTo(url, "/stock/ADDBOOKS", addBook, "Authorization", "Bearer s3cret").statusCode());
            assertEquals(200, sendTo(url, "/GETBOOKS", "<req><set><int>5</int></set></req>").statusCode());
        }
    }

    private static HttpResponse<String> sendTo(String baseUrl, String path, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(baseUrl + path)).timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8));
        if (body != null) {
            request.header("Content-Type", WireCodec.CONTENT_TYPE);
        }
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    @Test
    void unparsableHttp_answeredByJetty_isAnXmlErrorNotHtml() throws Exception {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), fixture.server().port())) {
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write("POST /BUYBOOKS HTTP/1.1\r\nHost: x\r\nContent-Length: lots\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 400"), answer);
            assertTrue(answer.contains("<err>") && !answer.contains("<html"), answer);
        }
        assertUnchangedThenGoodCallWorks();
    }
}
