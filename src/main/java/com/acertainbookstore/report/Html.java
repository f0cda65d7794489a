package com.acertainbookstore.report;

import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * A small HTML writer whose every string is escaped where it lands: text by {@link #text}, an
 * attribute's value by {@link #attribute}, a link by {@link #href}. Markup comes only from the
 * methods here and this package's code (and the SVG that {@code history.WindowPicture} draws, its
 * every string escaped for XML), never from data. Not thread-safe: one per page.
 */
final class Html {

    private final StringBuilder out = new StringBuilder(64 * 1024);

    /** The text escaped for an element's content: {@code & < >} and both quotes. */
    static String text(String value) {
        StringBuilder escaped = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(Character.isISOControl(c) && c != '\n' && c != '\t' ? ' ' : c);
            }
        }
        return escaped.toString();
    }

    /** The value escaped for a double-quoted attribute (the same escapes as text: quotes included). */
    static String attribute(String value) {
        return text(value);
    }

    /**
     * A relative link for an {@code href} or {@code src}: every byte outside letters, digits and
     * {@code - . _ ~ /} percent-encoded, so no scheme ({@code javascript:}) and no quote can appear.
     */
    static String href(String relativePath) {
        StringBuilder encoded = new StringBuilder();
        for (byte b : relativePath.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || "-._~/".indexOf(c) >= 0)) {
                encoded.append(c);
            } else {
                encoded.append('%').append(String.format("%02X", b & 0xFF));
            }
        }
        return encoded.toString();
    }

    /** Appends markup written by this package (never data). */
    Html raw(String markup) {
        out.append(markup);
        return this;
    }

    /** Appends {@code <tag class="cls">text</tag>}, the text escaped. */
    Html element(String tag, String cssClass, String content) {
        out.append('<').append(tag);
        if (cssClass != null) {
            out.append(" class=\"").append(attribute(cssClass)).append('"');
        }
        out.append('>').append(text(content)).append("</").append(tag).append(">\n");
        return this;
    }

    /** Appends a paragraph of text. */
    Html paragraph(String content) {
        return element("p", null, content);
    }

    /** Appends a link to a file, relative to the page; its text is the path. */
    Html link(String relativePath) {
        out.append("<a href=\"").append(href(relativePath)).append("\">").append(text(relativePath)).append("</a>");
        return this;
    }

    /** Appends a table: a caption, a header row and rows of cells, each escaped. */
    Html table(String caption, List<String> header, List<List<String>> rows) {
        out.append("<table>");
        if (caption != null) {
            out.append("<caption>").append(text(caption)).append("</caption>");
        }
        out.append("<thead><tr>");
        for (String cell : header) {
            out.append("<th>").append(text(cell)).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        for (List<String> row : rows) {
            out.append("<tr>");
            for (String cell : row) {
                out.append("<td>").append(text(cell)).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody></table>\n");
        return this;
    }

    /** Appends an image from bytes as a {@code data:} URI, with its alternative text. */
    Html image(String mediaType, byte[] bytes, String alternative) {
        out.append("<img src=\"data:").append(attribute(mediaType)).append(";base64,")
                .append(java.util.Base64.getEncoder().encodeToString(bytes)).append("\" alt=\"")
                .append(attribute(alternative)).append("\">\n");
        return this;
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
