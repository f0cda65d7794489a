package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.thoughtworks.xstream.io.HierarchicalStreamWriter;
import com.thoughtworks.xstream.io.naming.NoNameCoder;
import com.thoughtworks.xstream.io.xml.CompactWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The byte writer writes what XStream's own CompactWriter would, encoded in UTF-8. */
class WireXmlWriterTest {

    /** Characters that stress escaping: markup, controls, line ends, non-ASCII, surrogates, unassigned. */
    private static final char[] HARD = {'&', '<', '>', '"', '\'', '\r', '\n', '\t', '\0', '\u0001', '\u001b', '\u007f',
        '\u0085', '\u00e9', '\u263a', '\ud83d', '\udcda', '\ufffe', '\uffff', '\u0378', 'a', 'Z', ' '};

    private static void write(HierarchicalStreamWriter writer, String value) {
        writer.startNode("res");
        writer.startNode("list");
        writer.startNode("b");
        writer.addAttribute("i", value);
        writer.startNode("t");
        writer.setValue(value);
        writer.endNode();
        writer.startNode("a");
        writer.setValue("");
        writer.endNode();
        writer.endNode();
        writer.startNode("null");
        writer.endNode();
        writer.endNode();
        writer.endNode();
    }

    private static byte[] xstream(String value) {
        StringWriter out = new StringWriter();
        write(new CompactWriter(out, new NoNameCoder()), value);
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] ours(WireXmlWriter writer, String value) {
        writer.reset();
        write(writer, value);
        return writer.toByteArray();
    }

    @Test
    void write_anyText_givesXStreamsBytes() {
        SplittableRandom random = new SplittableRandom(7);
        WireXmlWriter writer = new WireXmlWriter();
        for (int n = 0; n < 5_000; n++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(12);
            for (int i = 0; i < length; i++) {
                text.append(random.nextInt(4) == 0 ? (char) random.nextInt(0x10000) : HARD[random.nextInt(HARD.length)]);
            }
            String value = text.toString();
            assertArrayEquals(xstream(value), ours(writer, value), () -> "for " + value.chars()
                    .mapToObj(c -> String.format("\\u%04x", c)).reduce("", String::concat));
        }
    }

    @Test
    void write_emptyAndNestedElements_areCompact() {
        WireXmlWriter writer = new WireXmlWriter();
        assertEquals("<res><list><b i=\"x\"><t>x</t><a></a></b><null/></list></res>",
                new String(ours(writer, "x"), StandardCharsets.UTF_8));
    }
    private static String numberAttribute(long value, boolean asNumber) {
        WireXmlWriter writer = new WireXmlWriter();
        writer.reset();
        writer.startNode("sb");
        if (asNumber) {
            writer.addAttribute("n", value);
        } else {
            writer.addAttribute("n", Long.toString(value));
        }
        writer.endNode();
        return new String(writer.toByteArray(), StandardCharsets.UTF_8);
    }

    @Test
    void write_numberAndBooleanAttributes_asTheirStringsWouldBe() {
        SplittableRandom random = new SplittableRandom(13);
        long[] edges = {0, 1, 9, 10, 99, 100, 999_999_999, 1_000_000_000, Integer.MAX_VALUE, Integer.MAX_VALUE + 1L,
            Long.MAX_VALUE, -1, Integer.MIN_VALUE, Long.MIN_VALUE};
        for (long value : edges) {
            assertEquals(numberAttribute(value, false), numberAttribute(value, true), "for " + value);
        }
        for (int n = 0; n < 20_000; n++) {
            long value = switch (random.nextInt(3)) {
                case 0 -> random.nextInt(1_000);
                case 1 -> random.nextInt(Integer.MAX_VALUE);
                default -> random.nextLong();
            };
            assertEquals(numberAttribute(value, false), numberAttribute(value, true), "for " + value);
        }
        for (boolean value : new boolean[] {true, false}) {
            WireXmlWriter writer = new WireXmlWriter();
            writer.reset();
            writer.startNode("sb");
            writer.addAttribute("e", value);
            writer.endNode();
            assertEquals("<sb e=\"" + value + "\"/>", new String(writer.toByteArray(), StandardCharsets.UTF_8));
        }
    }
}
