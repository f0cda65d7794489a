package com.acertainbookstore.wire;

import static com.acertainbookstore.wire.StockBookFields.assertSameFields;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The codec's memory of books ({@link EncodedBooks}, {@link DecodedBooks}): what it copies or
 * recalls is exactly what writing or reading afresh gives, a changed book is never taken for the
 * old one, requests are always read in full, and the limits still count recalled books.
 */
class BookMemoTest {

    /** ISBNs of their own, so that no other test's books share their slots. */
    private static final int FIRST_ISBN = 7_001;

    private static ArrayList<Object> stock(int books, int copies) {
        ArrayList<Object> list = new ArrayList<>();
        for (int i = 0; i < books; i++) {
            int isbn = FIRST_ISBN + i;
            list.add(new ImmutableStockBook(isbn, "title " + isbn, "author " + isbn, 10.5f, copies, 1, 2, 3,
                    i % 2 == 0));
        }
        return list;
    }

    private static List<?> decodeAnswer(byte[] body) throws WireFormatException {
        return WireCodec.decode(body, WireResponse.class).result();
    }

    private static String text(byte[] body) {
        return new String(body, StandardCharsets.UTF_8);
    }

    @Test
    void encode_sameSnapshotsAgain_copiesTheBytesAFreshWriterWrites() {
        ArrayList<Object> books = stock(20, 4);
        byte[] first = WireCodec.encode(WireResponse.of(books));
        byte[] again = WireCodec.encode(WireResponse.of(books));
        ArrayList<Object> equalButNew = stock(20, 4);
        byte[] fresh = WireCodec.encode(WireResponse.of(equalButNew));
        assertArrayEquals(first, again);
        assertArrayEquals(first, fresh);
        // A request holding the same objects is written as an answer's list is.
        String request = text(WireCodec.encode(WireRequest.of(new HashSet<>(books))));
        assertTrue(request.contains("<sb i=\"" + FIRST_ISBN + "\""), request);
    }

    @Test
    void encode_changedSnapshot_writesTheNewFields() {
        ArrayList<Object> books = stock(3, 4);
        WireCodec.encode(WireResponse.of(books));
        books.set(1, new ImmutableStockBook(FIRST_ISBN + 1, "renamed", "author", 2f, 99, 0, 0, 0, true));
        String body = text(WireCodec.encode(WireResponse.of(books)));
        assertTrue(body.contains("<sb i=\"" + (FIRST_ISBN + 1) + "\" p=\"2.0\" n=\"99\""), body);
        assertTrue(body.contains("<t>renamed</t>"), body);
    }

    @Test
    void encode_sameBookAsBothKinds_keepsEachElement() {
        ImmutableStockBook stock = new ImmutableStockBook(FIRST_ISBN, "t", "a", 1f, 5, 0, 0, 0, true);
        ImmutableBook view = new ImmutableBook(FIRST_ISBN, "t", "a", 1f);
        for (int round = 0; round < 2; round++) {
            assertEquals("<res><list><sb i=\"" + FIRST_ISBN + "\" p=\"1.0\" n=\"5\" m=\"0\" c=\"0\" r=\"0\" e=\"true\">"
                    + "<t>t</t><a>a</a></sb><b i=\"" + FIRST_ISBN + "\" p=\"1.0\"><t>t</t><a>a</a></b></list></res>",
                    text(WireCodec.encode(WireResponse.of(new ArrayList<>(List.of(stock, view))))));
        }
    }

    /** A new snapshot of {@code book}: its counts changed, or now and then its other fields too. */
    private static ImmutableStockBook changed(ImmutableStockBook book, SplittableRandom random) {
        String[] titles = {null, "plain", "a < b & \"c\" 'd'", "line\nbreak\ttab", "\u00e9t\u00e9 \u4e66 \ud83d\udcd6", ""};
        String title = book.getTitle();
        String author = book.getAuthor();
        float price = book.getPrice();
        switch (random.nextInt(10)) {
            case 0 -> title = titles[random.nextInt(titles.length)];
            case 1 -> author = titles[random.nextInt(titles.length)];
            case 2 -> price = random.nextInt(100_000) / 100f;
            default -> {
                // Counts only: the usual change.
            }
        }
        return new ImmutableStockBook(book.getISBN(), title, author, price,
                random.nextInt(3) == 0 ? random.nextInt(Integer.MAX_VALUE) : random.nextInt(200),
                random.nextInt(4) == 0 ? random.nextLong(Long.MAX_VALUE) : random.nextInt(50),
                random.nextInt(30), random.nextInt(150), random.nextBoolean());
    }

    @Test
    void encode_changingSnapshots_writesTheBytesAFreshWriterWrites() {
        SplittableRandom random = new SplittableRandom(11);
        EncodedBooks known = new EncodedBooks();
        XStreamInstance xstream = new XStreamInstance();
        ArrayList<Object> books = stock(30, 5);
        for (int round = 0; round < 400; round++) {
            for (int change = random.nextInt(6); change > 0; change--) {
                int i = random.nextInt(books.size());
                books.set(i, changed((ImmutableStockBook) books.get(i), random));
            }
            WireResponse answer = WireResponse.of(books);
            assertEquals(text(xstream.encode(answer, null)), text(xstream.encode(answer, known)), "round " + round);
        }
    }

    @Test
    void decode_knownBookChangedAndMalformed_isRefused() throws WireFormatException {
        String start = "<res><list><sb i=\"" + FIRST_ISBN + "\" p=\"1.0\" n=\"5\" m=\"0\" c=\"0\" r=\"0\" e=\"true\">";
        String children = "<t>x</t><a>y</a>";
        decodeAnswer((start + children + "</sb></list></res>").getBytes(StandardCharsets.UTF_8));
        String other = start.replace("n=\"5\"", "n=\"6\"");
        for (String bad : List.of(other + children + "</sbx></list></res>", other + children + "<t>z</t></sb></list></res>",
                other + children + "<zz/></sb></list></res>", other + children, other + "<t>x</t><a>y</a</sb></list></res>")) {
            assertThrows(WireFormatException.class, () -> decodeAnswer(bad.getBytes(StandardCharsets.UTF_8)), bad);
        }
        List<?> good = decodeAnswer((other + children + "</sb></list></res>").getBytes(StandardCharsets.UTF_8));
        assertEquals(6, ((ImmutableStockBook) good.get(0)).getNumCopies());
        assertEquals("x", ((ImmutableStockBook) good.get(0)).getTitle());
    }

    /**
     * Differential: a stream of answers whose books change as a store's do, some of them mangled
     * (a character replaced, inserted or removed), read with the memory and without it: both
     * refuse, or both give books of the same fields.
     */
    @Test
    void decode_changingAndMangledAnswers_readAsWithoutMemory() {
        SplittableRandom random = new SplittableRandom(23);
        DecodedBooks known = new DecodedBooks();
        ArrayList<Object> books = stock(12, 5);
        String mangling = "<>/=\"' &;x0-9e";
        int compared = 0;
        for (int round = 0; round < 2_000; round++) {
            for (int change = random.nextInt(3); change > 0; change--) {
                int i = random.nextInt(books.size());
                books.set(i, changed((ImmutableStockBook) books.get(i), random));
            }
            StringBuilder body = new StringBuilder(text(WireCodec.encode(WireResponse.of(books))));
            if (random.nextInt(3) == 0) {
                int at = random.nextInt(body.length());
                char c = mangling.charAt(random.nextInt(mangling.length()));
                switch (random.nextInt(3)) {
                    case 0 -> body.setCharAt(at, c);
                    case 1 -> body.insert(at, c);
                    default -> body.deleteCharAt(at);
                }
            }
            char[] chars = body.toString().toCharArray();
            Object plain;
            try {
                plain = new XStreamInstance().decode(new WireXmlReader(chars, chars.length, 1_000, null));
            } catch (RuntimeException e) {
                plain = null;
            }
            Object remembered;
            try {
                remembered = new XStreamInstance().decode(new WireXmlReader(chars, chars.length, 1_000, known));
            } catch (RuntimeException e) {
                remembered = null;
            }
            assertEquals(plain == null, remembered == null, "round " + round + ": " + body);
            if (plain != null) {
                List<?> expected = ((WireResponse) plain).result();
                List<?> actual = ((WireResponse) remembered).result();
                assertEquals(expected.size(), actual.size(), body.toString());
                for (int i = 0; i < expected.size(); i++) {
                    if (expected.get(i) instanceof ImmutableStockBook) {
                        assertSameFields((ImmutableStockBook) expected.get(i), actual.get(i));
                        compared++;
                    } else {
                        assertEquals(expected.get(i), actual.get(i));
                    }
                }
            }
        }
        assertTrue(compared > 12_000, "compared " + compared);
    }

    @Test
    void decode_sameAnswerTwice_recallsEqualBooks() throws WireFormatException {
        ArrayList<Object> books = stock(50, 7);
        byte[] body = WireCodec.encode(WireResponse.of(books));
        List<?> first = decodeAnswer(body);
        List<?> second = decodeAnswer(body);
        assertEquals(50, second.size());
        for (int i = 0; i < books.size(); i++) {
            assertSameFields((ImmutableStockBook) books.get(i), second.get(i));
            assertSame(first.get(i), second.get(i), "book " + i + " is recalled, not read again");
        }
    }

    @Test
    void decode_oneBookChanged_readsThatOneAfresh() throws WireFormatException {
        ArrayList<Object> books = stock(10, 7);
        List<?> before = decodeAnswer(WireCodec.encode(WireResponse.of(books)));
        ImmutableStockBook changed = new ImmutableStockBook(FIRST_ISBN + 4, "title " + (FIRST_ISBN + 4),
                "author " + (FIRST_ISBN + 4), 10.5f, 6, 1, 2, 3, true);
        books.set(4, changed);
        List<?> after = decodeAnswer(WireCodec.encode(WireResponse.of(books)));
        assertSameFields(changed, after.get(4));
        assertNotSame(before.get(4), after.get(4));
        assertSame(before.get(3), after.get(3));
    }

    @Test
    void decode_knownBookWithOtherSpacing_readsItAfresh() throws WireFormatException {
        String known = "<sb i=\"" + FIRST_ISBN + "\" p=\"1.0\" n=\"5\" m=\"0\" c=\"0\" r=\"0\" e=\"true\">"
                + "<t>x</t></sb>";
        List<?> first = decodeAnswer(("<res><list>" + known + "</list></res>").getBytes(StandardCharsets.UTF_8));
        String spaced = known.replace("n=\"5\"", "n = \"6\"");
        List<?> second = decodeAnswer(("<res><list>" + spaced + "</list></res>").getBytes(StandardCharsets.UTF_8));
        assertEquals(6, ((ImmutableStockBook) second.get(0)).getNumCopies());
        assertNotSame(first.get(0), second.get(0));
    }

    @Test
    void decode_knownBookFollowedByMalformedXml_isRefused() throws WireFormatException {
        byte[] body = WireCodec.encode(WireResponse.of(stock(2, 1)));
        decodeAnswer(body);
        String good = text(body);
        String broken = good.substring(0, good.indexOf("</sb>") + 5) + "<sb i=\"1\"></list></res>";
        assertThrows(WireFormatException.class, () -> decodeAnswer(broken.getBytes(StandardCharsets.UTF_8)));
        String trailing = good + "<res/>";
        assertThrows(WireFormatException.class, () -> decodeAnswer(trailing.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void decode_request_isAlwaysReadInFull() throws WireFormatException {
        HashSet<Object> books = new HashSet<>(stock(5, 3));
        byte[] body = WireCodec.encode(WireRequest.of(books));
        Object first = ((HashSet<?>) WireCodec.decode(body, WireRequest.class).argument()).iterator().next();
        for (Object again : (HashSet<?>) WireCodec.decode(body, WireRequest.class).argument()) {
            assertNotSame(first, again);
        }
    }

    @Test
    void decode_recalledBooks_countTowardsTheElementLimit() {
        DecodedBooks known = new DecodedBooks();
        char[] body = text(WireCodec.encode(WireResponse.of(stock(3, 1)))).toCharArray();
        // 3 books of 3 elements each, plus <res> and <list>: 11 elements.
        new XStreamInstance().decode(new WireXmlReader(body, body.length, 11, known));
        RuntimeException refused = assertThrows(RuntimeException.class,
                () -> new XStreamInstance().decode(new WireXmlReader(body, body.length, 10, known)));
        Throwable cause = refused;
        while (!(cause instanceof Refusal) && cause.getCause() != null) {
            cause = cause.getCause();
        }
        assertTrue(cause.getMessage().contains("more than 10 elements"), cause.getMessage());
    }

    @Test
    @Timeout(value = 60, unit = TimeUnit.SECONDS)
    void decode_manyThreadsTwoVersions_eachReadsItsOwnBody() throws Exception {
        ArrayList<Object> one = stock(40, 1);
        ArrayList<Object> two = stock(40, 2);
        byte[][] bodies = {WireCodec.encode(WireResponse.of(one)), WireCodec.encode(WireResponse.of(two))};
        int threads = 8;
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        CountDownLatch gate = new CountDownLatch(1);
        try {
            List<Future<String>> results = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                int first = t % 2;
                results.add(pool.submit(() -> {
                    gate.await();
                    for (int i = 0; i < 2_000; i++) {
                        int version = (first + i) % 2;
                        for (Object book : decodeAnswer(bodies[version])) {
                            int copies = ((ImmutableStockBook) book).getNumCopies();
                            if (copies != version + 1) {
                                return "decode " + i + " of version " + (version + 1) + " read " + copies + " copies";
                            }
                        }
                    }
                    return "";
                }));
            }
            gate.countDown();
            for (Future<String> result : results) {
                assertEquals("", result.get(50, TimeUnit.SECONDS));
            }
        } finally {
            pool.shutdownNow();
            assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
        }
    }
}
