package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookEditorPick;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.WireError;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class WireCodecTest {

    private static <T> T roundTrip(Object envelope, Class<T> type) throws WireFormatException {
        return WireCodec.decode(WireCodec.encode(envelope), type);
    }

    private static WireRequest decodeRequest(String xml) throws WireFormatException {
        return WireCodec.decode(xml.getBytes(StandardCharsets.UTF_8), WireRequest.class);
    }

    @Test
    void encode_books_isCompactWithShortAliases() {
        ArrayList<Object> books = new ArrayList<>(List.of(new ImmutableBook(3, "T", "A", 1.5f)));
        assertEquals("<res><list><b i=\"3\" p=\"1.5\"><t>T</t><a>A</a></b></list></res>",
                new String(WireCodec.encode(WireResponse.of(books)), StandardCharsets.UTF_8));
    }

    @Test
    void roundTrip_stockBooks_keepsEveryFieldAndOrder() throws WireFormatException {
        ArrayList<Object> books = new ArrayList<>();
        books.add(new ImmutableStockBook(9, "Line one\nline two\r\n  spaced  ", "Ünïcödé 書 <&>\"'", Float.NaN,
                7, 8L, Long.MAX_VALUE, 5L, true));
        books.add(new ImmutableStockBook(2, null, "   ", -0.0f, -1, 0, 0, 0, false));
        books.add(new ImmutableStockBook(5, "", "a", Float.POSITIVE_INFINITY, 1, 2, 3, 4, false));
        List<?> decoded = roundTrip(WireResponse.of(books), WireResponse.class).result();
        assertEquals(3, decoded.size());
        for (int i = 0; i < books.size(); i++) {
            StockBookFields.assertSameFields((ImmutableStockBook) books.get(i), decoded.get(i));
        }
    }

    @Test
    void roundTrip_plainBooks_stayPlainImmutableBooks() throws WireFormatException {
        ArrayList<Object> books = new ArrayList<>(List.of(new ImmutableBook(1, "T", "A", 2f), new ImmutableBook(2, "U", "B", 3f)));
        List<?> decoded = roundTrip(WireResponse.of(books), WireResponse.class).result();
        assertEquals(books, decoded);
        assertSame(ImmutableBook.class, decoded.get(0).getClass());
    }

    @Test
    void roundTrip_setsOfEveryValueWithNulls_keepEveryElement() throws WireFormatException {
        for (List<Object> items : List.<List<Object>>of(
                Arrays.asList(new BookCopy(1, 2), new BookCopy(-3, 0), null),
                Arrays.asList(new BookRating(4, 5), new BookRating(5, -1)),
                Arrays.asList(new BookEditorPick(6, true), new BookEditorPick(7, false)),
                Arrays.asList(1, -2, Integer.MAX_VALUE, null))) {
            Object decoded = roundTrip(WireRequest.of(new HashSet<>(items)), WireRequest.class).argument();
            assertEquals(new HashSet<>(items), decoded);
            for (Object item : (HashSet<?>) decoded) {
                Object sent = items.stream().filter(x -> x != null && x.equals(item)).findFirst().orElse(null);
                assertEquals(String.valueOf(sent), String.valueOf(item));
            }
        }
    }

    @Test
    void roundTrip_requests_keepNoneNullAndNumber() throws WireFormatException {
        assertFalse(roundTrip(WireRequest.none(), WireRequest.class).hasArgument());
        WireRequest explicitNull = roundTrip(WireRequest.of(null), WireRequest.class);
        assertTrue(explicitNull.hasArgument());
        assertNull(explicitNull.argument());
        assertEquals(-4, roundTrip(WireRequest.of(-4), WireRequest.class).argument());
        assertNull(roundTrip(WireResponse.empty(), WireResponse.class).result());
    }

    @Test
    void roundTrip_errorMessage_isExact() throws WireFormatException {
        String message = "  ISBN 7: 6 copies requested, 2 available <&> \"q\"\nnext line\r\n ";
        assertEquals(message, roundTrip(new WireError(message), WireError.class).message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"java.lang.ProcessBuilder", "java.beans.EventHandler", "javax.imageio.spi.ServiceRegistry",
        "java.util.TreeSet", "java.util.LinkedList", "java.lang.Runtime"})
    void decode_classOutsideVocabulary_isRefusedLikeANameThatExistsNowhere(String className) {
        String nowhere = "no.such.Clazz";
        for (String form : List.of("<%s/>", "<req><%s/></req>", "<req><set><%s/></set></req>",
                "<req><set class=\"%s\"/></req>")) {
            String xml = String.format(form, className);
            WireFormatException e = assertThrows(WireFormatException.class, () -> decodeRequest(xml), xml);
            assertTrue(e.getMessage().contains("is not part of the protocol"), e.getMessage());
            WireFormatException other = assertThrows(WireFormatException.class,
                    () -> decodeRequest(String.format(form, nowhere)));
            assertEquals(other.getMessage().replace(nowhere, className), e.getMessage(), "same answer, so no probing");
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "<req>", "<req><set></req>", "plain text", "<req><set><bc i=\"1\"/></set></req>",
        "<req><set><bc i=\"one\" n=\"1\"/></set></req>", "<req><set><be i=\"1\" e=\"yes\"/></set></req>",
        "<req><set><sb i=\"1\" p=\"1\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\"><x/></sb></set></req>",
        "<req><set><set/></set></req>", "<req><set><req/></set></req>", "<req><list/></req>", "<req><b i=\"1\" p=\"1\"/></req>",
        "<req><int>1</int><int>2</int></req>", "<req><unknown/></req>", "<res/>", "<req><int>99999999999</int></req>",
        "<req><set><int>abc</int></set></req>",
        "<!DOCTYPE r [<!ENTITY e SYSTEM \"file:///etc/hostname\">]><req><set><int>&e;</int></set></req>"})
    void decode_malformedRequest_isRefusedWithAMessage(String xml) {
        WireFormatException e = assertThrows(WireFormatException.class, () -> decodeRequest(xml), xml);
        assertFalse(e.getMessage().isBlank());
        assertFalse(e.getMessage().contains("\n"), e.getMessage());
    }

    @Test
    void decode_deeplyNestedSets_isRefusedWithoutStackOverflow() {
        String xml = "<req>" + "<set>".repeat(100_000) + "</set>".repeat(100_000) + "</req>";
        assertThrows(WireFormatException.class, () -> decodeRequest(xml));
    }

    @Test
    void encode_nonWireValue_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> WireRequest.of(new ArrayList<>()));
        assertThrows(IllegalArgumentException.class, () -> WireResponse.of(List.of()));
        HashSet<Object> set = new HashSet<>(List.of(new StringBuilder("x")));
        assertThrows(IllegalArgumentException.class, () -> WireCodec.encode(WireRequest.of(set)));
        assertThrows(IllegalArgumentException.class, () -> WireCodec.encode("not an envelope"));
    }

    @Test
    void decode_sameBytesOnManyThreads_givesEqualResults() throws Exception {
        ArrayList<Object> books = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            books.add(new ImmutableBook(i, "T" + i, "A" + i, i));
        }
        byte[] bytes = WireCodec.encode(WireResponse.of(books));
        List<Thread> threads = new ArrayList<>();
        List<Object> results = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < 8; t++) {
            threads.add(new Thread(() -> {
                for (int k = 0; k < 200; k++) {
                    try {
                        results.add(Arrays.equals(bytes, WireCodec.encode(WireCodec.decode(bytes, WireResponse.class))));
                    } catch (WireFormatException | RuntimeException e) {
                        results.add(e);
                    }
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join(20_000);
        }
        assertEquals(8 * 200, results.size());
        assertTrue(results.stream().allMatch(Boolean.TRUE::equals), () -> String.valueOf(results.stream()
                .filter(r -> !Boolean.TRUE.equals(r)).findFirst().orElse(null)));
        assertArrayEquals(bytes, WireCodec.encode(WireCodec.decode(bytes, WireResponse.class)));
    }
}
