package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.client.BookStoreHTTPProxy;
import com.acertainbookstore.interfaces.HttpStoreFixture;
import com.acertainbookstore.interfaces.StockSnapshot;
import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.server.RawHttp.Answer;
import com.acertainbookstore.wire.WireCodec;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What an attacker on the loopback port can send, one test per vector, against a real server:
 * each asserts the status and its XML error, that the store is unchanged field by field, that the
 * answer came in bounded time, and that a good call right after works. (Memory exhaustion runs
 * against a small-heap server in its own JVM: {@link HostileMemoryTest}.)
 */
class HostileCallerTest {

    private static final String TOKEN = "t0ken";
    private static final long REQUEST_TIMEOUT_MS = 1_000;
    /** Generous: each refusal takes milliseconds; a quadratic one took seconds. */
    private static final long BOUND_MS = 3_000;

    private static HttpStoreFixture fixture;
    private static int port;
    private StockSnapshot before;

    @BeforeAll
    static void start() throws Exception {
        fixture = HttpStoreFixture.open(ServerSettings.defaults().withPort(0).withToken(TOKEN)
                .withRequestTimeoutMs(REQUEST_TIMEOUT_MS));
        port = fixture.server().port();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @BeforeEach
    void tenBooks() throws Exception {
        fixture.stock().removeAllBooks();
        Set<StockBook> books = new HashSet<>();
        for (int isbn = 1; isbn <= 10; isbn++) {
            books.add(new ImmutableStockBook(isbn, "Title " + isbn, "Author " + isbn, 10f, 10, 0, 1, 4, true));
        }
        fixture.stock().addBooks(books);
        before = StockSnapshot.of(fixture.stock());
    }

    /** Status, XML error naming the problem, in bounded time, store unchanged, next good call works. */
    private void assertRefused(Answer answer, int status, String fragment) throws Exception {
        assertEquals(status, answer.status(), answer.body());
        String message = WireCodec.decode(answer.body().getBytes(StandardCharsets.UTF_8), WireError.class).message();
        assertTrue(message.contains(fragment), () -> "'" + message + "' should say '" + fragment + "'");
        assertTrue(answer.millis() < BOUND_MS, "answered in " + answer.millis() + " ms");
        before.assertSameAs(StockSnapshot.of(fixture.stock()));
        int copies = before.row(1).copies();
        fixture.client().buyBooks(Set.of(new BookCopy(1, 1)));
        assertEquals(copies - 1, fixture.stock().getBooksByISBN(Set.of(1)).get(0).getNumCopies());
        before = StockSnapshot.of(fixture.stock());
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void unknownElement_oneMegabyteName_refusedWithTheSameShortAnswerAsAnyName() throws Exception {
        for (String name : List.of("x".repeat(900_000), "java.lang.Runtime", "y".repeat(900_000) + "z")) {
            Answer answer = RawHttp.postXml(port, "/BUYBOOKS", null, utf8("<req><" + name + "/></req>"));
            assertRefused(answer, 400, "is not part of the protocol");
            assertTrue(answer.body().length() < 300, "a short answer, not the name echoed: " + answer.body().length());
        }
    }

    @Test
    void classProbing_forbiddenAndNonexistentClass_getTheSameAnswer() throws Exception {
        String forbidden = RawHttp.postXml(port, "/BUYBOOKS", null, utf8("<req><java.lang.ProcessBuilder/></req>")).body();
        String nowhere = RawHttp.postXml(port, "/BUYBOOKS", null, utf8("<req><no.such.Clazzzzzzzzzzzz/></req>")).body();
        assertEquals(forbidden.replace("java.lang.ProcessBuilder", "X"), nowhere.replace("no.such.Clazzzzzzzzzzzz", "X"));
        assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null, utf8("<req><set class=\"java.util.TreeSet\"/></req>")),
                400, "attribute class of <set> is not part of the protocol");
    }

    @Test
    void booksSharingOneIsbn_fortyFiveThousandInOneMegabyte_refusedInLinearTime() throws Exception {
        StringBuilder body = new StringBuilder("<req><set>");
        for (int i = 0; body.length() < 1_000_000 - 100; i++) {
            body.append("<sb i=\"8\" p=\"1.0\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\"><t>").append(i)
                    .append("</t><a>a</a></sb>");
        }
        assertRefused(RawHttp.postXml(port, "/stock/ADDBOOKS", TOKEN, utf8(body.append("</set></req>").toString())),
                400, "ISBN 8 appears more than once");
    }

    @Test
    void oneIsbnTwice_inBuyBooksOrGetBooks_refusedAsAWhole() throws Exception {
        assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null,
                utf8("<req><set><bc i=\"8\" n=\"1\"/><bc i=\"8\" n=\"5\"/></set></req>")), 400, "ISBN 8 appears more than once");
        assertRefused(RawHttp.postXml(port, "/GETBOOKS", null,
                utf8("<req><set><int>8</int><int>8</int></set></req>")), 400, "ISBN 8 appears more than once");
    }

    @Test
    void numbers_octalWrappingOrNonAsciiDigits_refusedInElementsAndAttributes() throws Exception {
        for (String body : List.of("<req><int>010</int></req>", "<req><int>4294967295</int></req>",
                "<req><int>\u0661\u0660</int></req>")) {
            assertRefused(RawHttp.postXml(port, "/GETEDITORPICKS", null, utf8(body)), 400, "decimal ASCII digits");
        }
        for (String isbn : List.of("010", "4294967304", "\u0668")) {
            assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null, utf8("<req><set><bc i=\"" + isbn + "\" n=\"1\"/></set></req>")),
                    400, "decimal ASCII digits");
        }
    }

    @Test
    void impossibleStockRecords_ratingTotalsWithoutRatingsOrOverflowingCounters_refused() throws Exception {
        String template = "<req><set><sb i=\"20\" p=\"1.0\" n=\"1\" m=\"%s\" c=\"%s\" r=\"%s\" e=\"false\"><t>T</t><a>A</a></sb></set></req>";
        long max = Long.MAX_VALUE;
        assertRefused(RawHttp.postXml(port, "/stock/ADDBOOKS", TOKEN, utf8(String.format(template, 0, 0, 7))),
                422, "total rating 7 is invalid");
        assertRefused(RawHttp.postXml(port, "/stock/ADDBOOKS", TOKEN, utf8(String.format(template, 0, max, max))),
                422, "times rated " + max + " is invalid");
        assertRefused(RawHttp.postXml(port, "/stock/ADDBOOKS", TOKEN, utf8(String.format(template, -1, 0, 0))),
                422, "sale misses -1 is invalid");
    }

    @Test
    void slowClients_hundredsOfConnectionsWithHeadersAndNoBody_healthStaysFastThen408() throws Exception {
        List<RawHttp> idle = new ArrayList<>();
        try {
            for (int i = 0; i < 300; i++) {
                RawHttp http = RawHttp.connect(port);
                idle.add(http);
                http.send(utf8("POST /BUYBOOKS HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/xml\r\n"
                        + "Content-Length: 100\r\n\r\n<req>"));
            }
            RawHttp trickle = RawHttp.connect(port);
            idle.add(trickle);
            trickle.send(utf8("POST /BUYBOOKS HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: "));
            try (BookStoreHTTPProxy other = new BookStoreHTTPProxy(fixture.server().baseUrl(), Duration.ofSeconds(5))) {
                for (int i = 0; i < 5; i++) {
                    long start = System.nanoTime();
                    other.health();
                    long millis = (System.nanoTime() - start) / 1_000_000;
                    assertTrue(millis < 1_000, "/health took " + millis + " ms with 300 slow connections open");
                }
            }
            fixture.client().buyBooks(Set.of(new BookCopy(2, 1)));
            assertEquals(9, fixture.stock().getBooksByISBN(Set.of(2)).get(0).getNumCopies());
            before = StockSnapshot.of(fixture.stock());
            Answer late = idle.get(0).read();
            assertEquals(408, late.status(), late.body());
            assertTrue(late.body().contains("did not arrive within " + REQUEST_TIMEOUT_MS + " ms"), late.body());
            assertTimeoutPreemptively(Duration.ofSeconds(10), () -> assertTrue(trickle.closedByServer(),
                    "headers that never end are cut off"));
            assertRefused(new Answer(late.status(), late.body(), 0), 408, "did not arrive");
        } finally {
            for (RawHttp http : idle) {
                http.close();
            }
        }
    }

    @Test
    void crossSite_plainTextPostFromAWebPage_refused415() throws Exception {
        assertRefused(RawHttp.post(port, "/stock/REMOVEALLBOOKS", "Content-Type: text/plain\r\nAuthorization: Bearer "
                + TOKEN + "\r\n", utf8("<req/>")), 415, "must be application/xml");
        assertRefused(RawHttp.post(port, "/BUYBOOKS", "", utf8("<req><set><bc i=\"1\" n=\"1\"/></set></req>")), 415,
                "Content-Type 'null'");
    }

    @Test
    void crossSite_foreignOriginOrHost_refused403() throws Exception {
        for (String origin : List.of("http://evil.example", "null", "http://127.0.0.1:" + (port + 1), "https://localhost:" + port)) {
            assertRefused(RawHttp.post(port, "/stock/REMOVEALLBOOKS", "Content-Type: application/xml\r\nOrigin: " + origin
                    + "\r\nAuthorization: Bearer " + TOKEN + "\r\n", utf8("<req/>")), 403, "Origin");
        }
        try (RawHttp http = RawHttp.connect(port)) {
            http.send(utf8("POST /stock/REMOVEALLBOOKS HTTP/1.1\r\nHost: rebound.evil.example:" + port
                    + "\r\nContent-Type: application/xml\r\nAuthorization: Bearer " + TOKEN + "\r\nContent-Length: 6\r\n\r\n<req/>"));
            assertRefused(http.read(), 403, "Host 'rebound.evil.example' is not this server");
        }
        Answer own = RawHttp.post(port, "/GETEDITORPICKS", "Content-Type: application/xml\r\nOrigin: http://localhost:" + port
                + "\r\n", utf8("<req><int>1</int></req>"));
        assertEquals(200, own.status(), own.body());
    }

    @Test
    void auth_schemeInAnyCaseAccepted_metricsNeedTheToken() throws Exception {
        Answer lower = RawHttp.post(port, "/stock/LISTBOOKS", "Content-Type: application/xml\r\nAuthorization: bearer "
                + TOKEN + "\r\n", utf8("<req/>"));
        assertEquals(200, lower.status(), lower.body());
        try (RawHttp http = RawHttp.connect(port)) {
            http.send(utf8("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
            assertRefused(http.read(), 401, "/metrics needs the header");
        }
        try (RawHttp http = RawHttp.connect(port)) {
            http.send(utf8("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: BEARER " + TOKEN + "\r\n\r\n"));
            Answer metrics = http.read();
            assertEquals(200, metrics.status());
            assertTrue(metrics.body().contains("heap_used_bytes="), metrics.body());
        }
        assertRefused(RawHttp.post(port, "/stock/REMOVEALLBOOKS", "Content-Type: application/xml\r\nAuthorization: Bearer"
                + TOKEN + "\r\n", utf8("<req/>")), 401, "Authorization: Bearer");
    }

    @Test
    void structure_manyAttributesDeepNestingOrBadUtf8_refusedInLinearTime() throws Exception {
        StringBuilder attributes = new StringBuilder("<req><set><bc i=\"1\" n=\"1\"");
        while (attributes.length() < 1_000_000) {
            attributes.append(" a").append(attributes.length()).append("=\"\"");
        }
        assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null, utf8(attributes.append("/></set></req>").toString())),
                400, "is not part of the protocol");
        assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null, utf8("<req>" + "<set>".repeat(200_000) + "</req>")),
                400, "not allowed");
        byte[] badUtf8 = {'<', 'r', 'e', 'q', '>', (byte) 0xFF, '<', '/', 'r', 'e', 'q', '>'};
        assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null, badUtf8), 400, "not valid UTF-8");
    }

    @Test
    void oversizedBody_declaredOrChunked_refused413() throws Exception {
        byte[] big = new byte[(1 << 20) + 1];
        assertRefused(RawHttp.postXml(port, "/BUYBOOKS", null, big), 413, "larger than 1048576 bytes");
        try (RawHttp http = RawHttp.connect(port)) {
            http.send(utf8("POST /BUYBOOKS HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/xml\r\n"
                    + "Transfer-Encoding: chunked\r\n\r\n"));
            byte[] chunk = utf8(Integer.toHexString(1 << 16) + "\r\n" + "x".repeat(1 << 16) + "\r\n");
            for (int i = 0; i < 20; i++) {
                http.sendQuietly(chunk);
            }
            assertRefused(http.read(), 413, "larger than");
        }
    }
}
