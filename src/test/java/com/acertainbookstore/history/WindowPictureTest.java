package com.acertainbookstore.history;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/**
 * The window's picture is well-formed SVG whatever the history holds: strings that are markup in
 * HTML or SVG, quotes and control characters come back, parsed, as the text they were, and make
 * no element.
 */
class WindowPictureTest {

    private static final String HOSTILE = "<script>alert(1)</script>\"><img src=x onerror=alert(2)></svg>&amp;'";

    /** Parses an SVG as XML (no DTD, no external entity): fails on anything that is not well-formed. */
    static Document parse(String svg) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder().parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
    }

    /** The text of every {@code <text>} element, in order. */
    static List<String> texts(Document picture) {
        List<String> texts = new ArrayList<>();
        NodeList nodes = picture.getElementsByTagName("text");
        for (int i = 0; i < nodes.getLength(); i++) {
            texts.add(nodes.item(i).getTextContent());
        }
        return texts;
    }

    /** The fill of the bar of call {@code id}: the rect of the group whose tooltip starts with "call id ". */
    static List<String> barColours(Document picture, int id) {
        List<String> colours = new ArrayList<>();
        NodeList groups = picture.getElementsByTagName("g");
        for (int i = 0; i < groups.getLength(); i++) {
            Element group = (Element) groups.item(i);
            NodeList titles = group.getElementsByTagName("title");
            if (titles.getLength() == 1 && titles.item(0).getTextContent().startsWith("call " + id + " ")) {
                colours.add(((Element) group.getElementsByTagName("rect").item(0)).getAttribute("fill"));
            }
        }
        return colours;
    }

    private static Violation hostileWindow() {
        BookView book = BookView.plain(1, HOSTILE, "author " + HOSTILE, 10f);
        HistoryCall remove = new HistoryCall(0, 0, Method.REMOVE_BOOKS, new int[] {1}, null, null, 0, 1_000, 2_000,
                Outcome.OK, null, "");
        HistoryCall picks = new HistoryCall(1, 1, Method.GET_EDITOR_PICKS, null, null, null, 1, 3_000, 4_000,
                Outcome.OK, List.of(book), "");
        HistoryCall refused = new HistoryCall(2, 2, Method.BUY_BOOKS, new int[] {1}, new int[] {1}, null, 0, 1_500,
                3_500, Outcome.REFUSED, null, HOSTILE + "\u0000\u0007\uD800");
        HistoryCall unknown = new HistoryCall(3, 3, Method.ADD_COPIES, new int[] {1}, new int[] {2}, null, 0, 2_500,
                2_600, Outcome.UNKNOWN, null, "");
        return new Violation("whole store", List.of(remove, refused, unknown, picks), Set.of(1), Set.of(3),
                List.of("#1: 5 copies, 0 misses, pick, \"" + HOSTILE + "\""), 40);
    }

    @Test
    void svg_hostileTitlesMessagesAndStates_areWellFormedAndComeBackAsText() throws Exception {
        String svg = WindowPicture.svg(hostileWindow(), "test " + HOSTILE);

        Document picture = parse(svg);
        assertEquals("svg", picture.getDocumentElement().getLocalName());
        for (String element : List.of("script", "img", "foreignObject", "a")) {
            assertEquals(0, picture.getElementsByTagName(element).getLength(), element);
        }
        List<String> texts = texts(picture);
        assertTrue(texts.get(0).startsWith("test " + HOSTILE + ": part whole store, 4 calls"), texts.get(0));
        assertTrue(texts.stream().anyMatch(t -> t.contains("\"" + HOSTILE + "\"")), "the state before and the read's"
                + " titles, as text: " + texts);
        assertTrue(texts.stream().anyMatch(t -> t.contains("refused: " + HOSTILE + "\uFFFD\uFFFD\uFFFD")),
                "control characters and a lone surrogate replaced: " + texts);
    }

    @Test
    void svg_window_marksTheFailingCallRedAndTheOthersByOutcome() throws Exception {
        Document picture = parse(WindowPicture.svg(hostileWindow(), "test"));

        assertEquals(List.of(WindowPicture.FAILING), barColours(picture, 1));
        assertEquals(List.of(WindowPicture.OK), barColours(picture, 0));
        assertEquals(List.of(WindowPicture.REFUSED), barColours(picture, 2));
        assertEquals(List.of(WindowPicture.UNKNOWN), barColours(picture, 3));
        assertEquals(4, texts(picture).stream().filter(t -> t.startsWith("worker ")).count());
        assertTrue(texts(picture).stream().anyMatch(t -> t.startsWith(">> call 1  worker 1")), texts(picture)
                .toString());
    }

    @Test
    void xml_everyMarkupCharacter_isAReference() {
        assertEquals("&lt;a href=&quot;x&quot;&gt;&amp;&#39;\uFFFD", WindowPicture.xml("<a href=\"x\">&'\u0001"));
        assertEquals("tab\tand \uD83D\uDCD6", WindowPicture.xml("tab\tand \uD83D\uDCD6"), "a pair is kept");
    }
}
