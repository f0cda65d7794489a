package com.acertainbookstore.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookStoreException;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.business.StockBook;
import com.acertainbookstore.interfaces.HttpStoreFixture;
import com.acertainbookstore.wire.ListingIds;
import com.acertainbookstore.wire.Metric;
import com.acertainbookstore.wire.WireCodec;
import com.acertainbookstore.wire.WireError;
import com.acertainbookstore.wire.WireRequest;
import com.acertainbookstore.wire.WireResponse;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
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
 * The listing headers on the wire, against a real server: a listing answered relative to the one
 * the caller names holds exactly the books added or changed since, a removal or an unknown id gets
 * the whole listing, and a malformed or misplaced header is refused (400) and changes nothing.
 */
class ListingDeltaProtocolTest {

    private static final String NONE = new String(WireCodec.encode(WireRequest.none()), StandardCharsets.UTF_8);
    private static HttpStoreFixture fixture;
    private static HttpClient http;

    @BeforeAll
    static void start() throws Exception {
        fixture = HttpStoreFixture.open();
        http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(5)).build();
    }

    @AfterAll
    static void stop() {
        fixture.close();
    }

    @BeforeEach
    void threeBooks() throws BookStoreException {
        fixture.stock().removeAllBooks();
        fixture.stock().addBooks(Set.of(book(1), book(2), book(3)));
    }

    private static ImmutableStockBook book(int isbn) {
        return new ImmutableStockBook(isbn, "Title " + isbn, "Author " + isbn, 5f, 10, 0, 0, 0, false);
    }

    private static HttpResponse<String> list(String... headers) throws Exception {
        return post("/stock/LISTBOOKS", NONE, headers);
    }

    private static HttpResponse<String> post(String path, String body, String... headers) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(fixture.server().baseUrl() + path))
                .timeout(Duration.ofSeconds(10))
                .POST(HttpRequest.BodyPublishers.ofString(body, StandardCharsets.UTF_8))
                .header("Content-Type", WireCodec.CONTENT_TYPE);
        if (headers.length > 0) {
            request.headers(headers);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    }

    private static List<?> books(HttpResponse<String> response) throws Exception {
        assertEquals(200, response.statusCode(), response.body());
        return WireCodec.decode(response.body().getBytes(StandardCharsets.UTF_8), WireResponse.class).result();
    }

    private static String id(HttpResponse<String> response) {
        String id = response.headers().firstValue(ListingIds.ID_HEADER).orElseThrow();
        assertTrue(id.matches("[1-9][0-9]{0,18}"), id);
        return id;
    }

    private static String base(HttpResponse<String> response) {
        return response.headers().firstValue(ListingIds.BASE_HEADER).orElse(null);
    }

    private static List<Integer> isbns(List<?> books) {
        return books.stream().map(book -> ((StockBook) book).getISBN()).toList();
    }

    @Test
    void listing_withoutBase_isWholeAndHasAnId() throws Exception {
        HttpResponse<String> first = list();
        assertEquals(List.of(1, 2, 3), isbns(books(first)));
        assertEquals(null, base(first));
        HttpResponse<String> second = list();
        assertNotEquals(id(first), id(second), "every listing has an id of its own");
    }

    @Test
    void listing_withBase_holdsExactlyTheBooksChangedOrAddedSince() throws Exception {
        HttpResponse<String> first = list();
        fixture.client().buyBooks(Set.of(new BookCopy(2, 3)));
        fixture.stock().addBooks(Set.of(book(5)));
        HttpResponse<String> delta = list(ListingIds.BASE_HEADER, id(first));
        assertEquals(id(first), base(delta));
        List<?> changed = books(delta);
        assertEquals(List.of(2, 5), isbns(changed));
        assertEquals(7, ((StockBook) changed.get(0)).getNumCopies());
        assertEquals(10, ((StockBook) changed.get(1)).getNumCopies());

        HttpResponse<String> nothing = list(ListingIds.BASE_HEADER, id(delta));
        assertEquals(id(delta), base(nothing));
        assertEquals(List.of(), books(nothing), "nothing changed since");
    }

    @Test
    void listing_afterARemoval_isWhole() throws Exception {
        HttpResponse<String> first = list();
        fixture.stock().removeBooks(Set.of(2));
        HttpResponse<String> after = list(ListingIds.BASE_HEADER, id(first));
        assertEquals(null, base(after), "a removal cannot be told as changes: the whole listing");
        assertEquals(List.of(1, 3), isbns(books(after)));
    }

    @Test
    void listing_ofAnUnknownId_isWhole() throws Exception {
        long unknown = Long.parseLong(id(list())) + 1_000_000;
        HttpResponse<String> after = list(ListingIds.BASE_HEADER, Long.toString(unknown));
        assertEquals(null, base(after));
        assertEquals(List.of(1, 2, 3), isbns(books(after)));
    }

    @Test
    void listing_ofAnIdLongEvicted_isWhole() throws Exception {
        String old = id(list());
        for (int i = 0; i < Listings.KEPT; i++) {
            id(list());
        }
        HttpResponse<String> after = list(ListingIds.BASE_HEADER, old);
        assertEquals(null, base(after));
        assertEquals(List.of(1, 2, 3), isbns(books(after)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"abc", "0", "-1", "+1", "1.5", "12345678901234567890", "99999999999999999999",
        "1 2", "1,2", "0x10", "1e3"})
    void malformedBase_isRefusedAndChangesNothing(String value) throws Exception {
        HttpResponse<String> refused = list(ListingIds.BASE_HEADER, value);
        assertRefused(refused, ListingIds.BASE_HEADER);
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void baseGivenTwice_isRefused() throws Exception {
        String id = id(list());
        assertRefused(list(ListingIds.BASE_HEADER, id, ListingIds.BASE_HEADER, id), "once");
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void baseOnAnotherOperation_isRefusedAndNothingIsBought() throws Exception {
        String id = id(list());
        HttpResponse<String> refused = post("/BUYBOOKS", "<req><set><bc i=\"1\" n=\"1\"/></set></req>",
                ListingIds.BASE_HEADER, id);
        assertRefused(refused, "LISTBOOKS only");
        assertUnchangedThenGoodCallWorks();
    }

    @Test
    void otherStockListings_carryNoListingHeaders() throws Exception {
        String one = new String(WireCodec.encode(WireRequest.of(new HashSet<>(Set.of(1)))), StandardCharsets.UTF_8);
        HttpResponse<String> byIsbn = post("/stock/GETSTOCKBOOKSBYISBN", one);
        assertEquals(List.of(1), isbns(books(byIsbn)));
        assertFalse(byIsbn.headers().firstValue(ListingIds.ID_HEADER).isPresent());
        assertFalse(byIsbn.headers().firstValue(ListingIds.BASE_HEADER).isPresent());
    }

    @Test
    void metrics_countListingsWholeAndAsChanges() throws Exception {
        Map<Metric, Long> before = metrics();
        HttpResponse<String> first = list();
        fixture.client().buyBooks(Set.of(new BookCopy(3, 1)));
        list(ListingIds.BASE_HEADER, id(first));
        Map<Metric, Long> after = metrics();
        assertEquals(1, after.get(Metric.LISTINGS_WHOLE) - before.get(Metric.LISTINGS_WHOLE));
        assertEquals(1, after.get(Metric.LISTINGS_AS_CHANGES) - before.get(Metric.LISTINGS_AS_CHANGES));
        assertEquals(3 + 1, after.get(Metric.LISTED_BOOKS) - before.get(Metric.LISTED_BOOKS));
    }

    private static Map<Metric, Long> metrics() throws Exception {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(
                URI.create(fixture.server().baseUrl() + "/metrics")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        assertEquals(200, response.statusCode());
        return Metric.parse(response.body());
    }

    private static void assertRefused(HttpResponse<String> response, String named) throws Exception {
        assertEquals(400, response.statusCode(), response.body());
        String message = WireCodec.decode(response.body().getBytes(StandardCharsets.UTF_8), WireError.class).message();
        assertTrue(message.contains(named), message);
    }

    /** The store still holds its three books of ten copies each, and a good listing works. */
    private static void assertUnchangedThenGoodCallWorks() throws Exception {
        List<StockBook> books = fixture.stock().getBooks();
        assertEquals(List.of(1, 2, 3), isbns(books));
        for (StockBook book : books) {
            assertEquals(10, book.getNumCopies());
            assertEquals(0, book.getNumSaleMisses());
        }
        assertEquals(List.of(1, 2, 3), isbns(books(list())));
    }
}
