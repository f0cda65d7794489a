package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.business.BookCopy;
import com.acertainbookstore.business.BookRating;
import com.acertainbookstore.business.ImmutableBook;
import com.acertainbookstore.business.ImmutableStockBook;
import com.acertainbookstore.protocol.WireFormatException;
import com.acertainbookstore.protocol.WireRequest;
import com.acertainbookstore.protocol.WireResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The reader under XStream: the XML it accepts, and what it refuses before XStream sees it. */
class WireXmlReaderTest {

    private static WireRequest request(String xml) throws WireFormatException {
        return WireCodec.decode(xml.getBytes(StandardCharsets.UTF_8), WireRequest.class);
    }

    private static String refusal(String xml) {
        return assertThrows(WireFormatException.class, () -> request(xml), xml).getMessage();
    }

    @Test
    void decode_xmlWrittenByHand_declarationCommentsCdataEntitiesAndSingleQuotes_reads() throws Exception {
        String xml = "\uFEFF<?xml version=\"1.0\" encoding='utf-8'?>\n<!-- a stock book -->\n<req>\n  <set>\n"
                + "    <sb i='8' p=\"9.5\" n=\"1\" m=\"0\" c=\"2\" r=\"7\" e=\"true\">"
                + "<t>Tom &amp; <![CDATA[<Jerry>]]> &#233;&#x263A;</t><a>A<!-- c -->B</a></sb>\n  </set>\n</req>\n<!-- end -->";
        HashSet<?> set = (HashSet<?>) request(xml).argument();
        ImmutableStockBook book = (ImmutableStockBook) set.iterator().next();
        assertEquals(8, book.getISBN());
        assertEquals("Tom & <Jerry> \u00e9\u263a", book.getTitle());
        assertEquals("AB", book.getAuthor());
        assertEquals(7, book.getTotalRating());
    }

    @Test
    void roundTrip_titlesWithControlCharactersLineEndsAndMarkup_readBackExactly() throws Exception {
        List<String> titles = List.of("nul\u0000 bell\u0007 esc\u001b", "cr\r lf\n crlf\r\n tab\t", "<&>\"'", "\uD83D\uDCDA");
        ArrayList<Object> books = new ArrayList<>();
        for (int i = 0; i < titles.size(); i++) {
            books.add(new ImmutableBook(i + 1, titles.get(i), titles.get(i), 1f));
        }
        List<?> decoded = WireCodec.decode(WireCodec.encode(WireResponse.of(books)), WireResponse.class).result();
        for (int i = 0; i < titles.size(); i++) {
            assertEquals(titles.get(i), ((ImmutableBook) decoded.get(i)).getTitle());
        }
    }

    @Test
    void decode_literalLineEnds_normalisedAsXmlSays() throws Exception {
        String xml = "<req><set><sb i=\"1\" p=\"1.0\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\">"
                + "<t>a\r\nb\rc</t><a>x</a></sb></set></req>";
        ImmutableStockBook book = (ImmutableStockBook) ((HashSet<?>) request(xml).argument()).iterator().next();
        assertEquals("a\nb\nc", book.getTitle());
    }

    @ParameterizedTest
    @ValueSource(strings = {"<req><set><bc i=\"8\" n=\"1\"/><bc i=\"8\" n=\"5\"/></set></req>",
        "<req><set><int>8</int><int>8</int></set></req>",
        "<req><set><br i=\"8\" r=\"1\"/><br i=\"8\" r=\"1\"/></set></req>",
        "<req><set><be i=\"8\" e=\"true\"/><be i=\"8\" e=\"false\"/></set></req>",
        "<req><set><sb i=\"8\" p=\"1.0\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\"><t>x</t><a>y</a></sb>"
                + "<sb i=\"8\" p=\"1.0\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\"><t>other</t><a>y</a></sb></set></req>"})
    void decode_setNamingAnIsbnTwice_isRefusedAsAWhole(String xml) {
        assertTrue(refusal(xml).contains("ISBN 8 appears more than once"));
    }

    @Test
    void decode_largeSetWithOneRepeatAtTheEnd_isRefused() {
        StringBuilder xml = new StringBuilder("<req><set>");
        for (int i = 1; i <= 5000; i++) {
            xml.append("<bc i=\"").append(i).append("\" n=\"1\"/>");
        }
        xml.append("<bc i=\"4321\" n=\"1\"/></set></req>");
        assertTrue(refusal(xml.toString()).contains("ISBN 4321 appears more than once"));
    }

    @Test
    void decode_listInAnAnswer_keepsRepeats() throws Exception {
        byte[] body = "<res><list><b i=\"1\" p=\"1.0\"><t>t</t><a>a</a></b><b i=\"1\" p=\"1.0\"><t>t</t><a>a</a></b></list></res>"
                .getBytes(StandardCharsets.UTF_8);
        assertEquals(2, WireCodec.decode(body, WireResponse.class).result().size());
    }

    @ParameterizedTest
    @ValueSource(strings = {"<req><int>010</int></req>", "<req><int>4294967295</int></req>",
        "<req><int>\u0661\u0662</int></req>", "<req><int> 5</int></req>", "<req><int>0x5</int></req>",
        "<req><set><bc i=\"010\" n=\"1\"/></set></req>", "<req><set><bc i=\"8\" n=\"4294967295\"/></set></req>",
        "<req><set><bc i=\"\u0668\" n=\"1\"/></set></req>"})
    void decode_numberNotInCanonicalDecimal_isRefusedInElementsAndAttributesAlike(String xml) {
        assertTrue(refusal(xml).contains("decimal ASCII digits"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<req><set class=\"java.util.TreeSet\"/></req>", "<req><set><bc i=\"1\" n=\"1\" x=\"\"/></set></req>",
        "<req resolves-to=\"java.lang.Runtime\"/>", "<req><int reference=\"..\">1</int></req>"})
    void decode_attributeOutsideVocabulary_isRefused(String xml) {
        assertTrue(refusal(xml).contains("is not part of the protocol"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<req><set><bc i=\"1\" i=\"2\" n=\"1\"/></set></req>",
        "<req><set><bc i=\"1\"n=\"1\"/></set></req>", "<req><set><bc i=1 n=\"1\"/></set></req>",
        "<req><set><bc i=\"1\" n=\"<\"/></set></req>", "<req><set></req>", "<req><set><int>1</int></set></set></req>",
        "<req/><req/>", "<req/>trailing", "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><req/>",
        "<?pi x?><req/>", "<req><?pi x?></req>", "<!DOCTYPE req><req/>", "<req><!-- open </req>",
        "<req><int>&bogus;</int></req>", "<req><int>&#xD800;</int></req>", "<req><int>&#x110000;</int></req>",
        "<req><int>1 & 2</int></req>", "<req><![CDATA[x</req>", "<int>1</int>", "<set/>", "<t>x</t>", "  ", "<req"})
    void decode_malformedXml_isRefusedInOneLine(String xml) {
        String message = refusal(xml);
        assertTrue(!message.isBlank() && !message.contains("\n"), message);
    }

    @Test
    void decode_invalidUtf8_isRefused() {
        byte[] body = {'<', 'r', 'e', 'q', '>', '<', 'i', 'n', 't', '>', (byte) 0xC3, (byte) 0x28, '<', '/', 'i', 'n',
            't', '>', '<', '/', 'r', 'e', 'q', '>'};
        WireFormatException e = assertThrows(WireFormatException.class, () -> WireCodec.decode(body, WireRequest.class));
        assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }

    @Test
    void decode_nestingDeeperThanTheProtocol_isRefused() {
        String xml = "<req><set><sb i=\"1\" p=\"1\" n=\"1\" m=\"0\" c=\"0\" r=\"0\" e=\"false\"><t><t>x</t></t></sb></set></req>";
        assertTrue(refusal(xml).contains("<t> must not hold elements"), refusal(xml));
        char[] chars = xml.toCharArray();
        WireXmlReader reader = new WireXmlReader(chars, chars.length, 100);
        reader.moveDown();
        reader.moveDown();
        reader.moveDown();
        Refusal deeper = assertThrows(Refusal.class, reader::moveDown);
        assertTrue(deeper.getMessage().contains("deeper than 4 levels"), deeper.getMessage());
        WireXmlReader skipping = new WireXmlReader(chars, chars.length, 100);
        assertTrue(assertThrows(Refusal.class, skipping::finish).getMessage().contains("deeper than 4 levels"));
    }

    @Test
    void decode_moreElementsThanTheCap_isRefused() {
        StringBuilder xml = new StringBuilder("<req><set>");
        for (int i = 0; i < WireCodec.MAX_REQUEST_ELEMENTS; i++) {
            xml.append("<null/>");
        }
        xml.append("</set></req>");
        assertTrue(refusal(xml.toString()).contains("more than " + WireCodec.MAX_REQUEST_ELEMENTS + " elements"));
    }

    @Test
    void decode_hugeNameOrManyAttributes_refusedWithAShortMessage() {
        String longName = "x".repeat(1 << 20);
        String message = refusal("<req><" + longName + "/></req>");
        assertTrue(message.length() < 200, message);
        StringBuilder attributes = new StringBuilder("<req><set><bc i=\"1\" n=\"1\"");
        for (int i = 0; i < 100_000; i++) {
            attributes.append(" a").append(i).append("=\"\"");
        }
        assertTrue(refusal(attributes.append("/></set></req>").toString()).contains("attribute a0 of <bc>"));
    }

    @Test
    void decode_wellFormedRequests_giveTheArgument() throws Exception {
        assertEquals(Set.of(new BookCopy(1, 2)), request("<req><set><bc i=\"1\" n=\"2\"/></set></req>").argument());
        assertEquals(Set.of(new BookRating(3, 0)), request("<req><set><br i=\"3\" r=\"0\"/></set></req>").argument());
        assertEquals(-7, request("<req><int>-7</int></req>").argument());
        assertEquals(null, request("<req><null/></req>").argument());
    }
}
