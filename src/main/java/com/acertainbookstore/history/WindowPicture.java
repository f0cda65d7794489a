package com.acertainbookstore.history;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * Draws a violation's window as Porcupine does, in SVG: one row per worker, each call a bar from
 * its start to its end on one time line (its id and operation on it, its whole description as the
 * bar's tooltip), the calls that end last, without which the window can be ordered, in red; unknown
 * outcomes grey and open-ended, refusals orange, calls still running when the window ends with a
 * dashed outline; a legend of the colours; under it each call with its worker, times, arguments
 * and outcome. The SVG is text: every string in it is escaped for XML, so it is a file of its own
 * ({@code .violation.svg}) and fits inline in an HTML page as it is. Stateless; safe to share.
 */
public final class WindowPicture {

    /** How the picture's file name ends, after the history's stem. */
    public static final String SUFFIX = ".violation.svg";
    /** The colour of the calls that end last in the window: with them it cannot be ordered. */
    public static final String FAILING = "#d62728";
    static final String OK = "#4c78a8";
    static final String REFUSED = "#f58518";
    static final String UNKNOWN = "#9e9e9e";

    private static final int WIDTH = 1200;
    private static final int LEFT = 90;
    private static final int RIGHT = 20;
    private static final int ROW = 40;
    private static final int BAR = 28;
    private static final int LINE = 16;
    /** A call shorter than this many pixels is drawn this wide, so that its id shows. */
    private static final int MIN_BAR = 56;
    /** Characters of a listed call per line of the list (monospace), and lines at most per call. */
    private static final int WRAP = 150;
    private static final int MAX_WRAPPED_LINES = 4;
    private static final int MAX_STATES = 3;

    private WindowPicture() {
    }

    /** Writes the picture of {@code violation} to {@code file} (replacing it), creating its directory. */
    public static void write(Path file, Violation violation, String title) throws IOException {
        if (file.getParent() != null) {
            Files.createDirectories(file.getParent());
        }
        Files.writeString(file, svg(violation, title), StandardCharsets.UTF_8);
    }

    /**
     * The picture as one {@code <svg>} element (no XML declaration), titled {@code title} (the
     * history's description).
     */
    public static String svg(Violation violation, String title) {
        List<HistoryCall> calls = ViolationReport.listed(violation);
        List<Integer> workers = List.copyOf(new TreeSet<>(calls.stream().map(HistoryCall::worker).toList()));
        long from = calls.stream().mapToLong(HistoryCall::startNs).min().orElse(0);
        long to = Math.max(calls.stream().mapToLong(HistoryCall::endNs).max().orElse(from), from + 1);
        List<String> states = violation.statesBefore();
        int statesShown = Math.min(states.size(), MAX_STATES) + (states.size() > MAX_STATES ? 1 : 0);
        int rowsTop = 48 + LINE * Math.max(1, statesShown);
        int axis = rowsTop + ROW * workers.size() + 12;
        int legend = axis + 38;
        List<List<String>> listed = new ArrayList<>();
        int listLines = 0;
        for (HistoryCall call : calls) {
            List<String> wrapped = wrap((violation.failing().contains(call.id()) ? ">> " : "   ") + call.describe()
                    + (violation.cutShort().contains(call.id()) ? "  [still running when the window ends]" : ""));
            listed.add(wrapped);
            listLines += wrapped.size();
        }
        int height = legend + 34 + LINE * listLines + 10;
        StringBuilder svg = new StringBuilder(4096 + 600 * calls.size());
        svg.append("<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"window\" width=\"").append(WIDTH)
                .append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(WIDTH).append(' ')
                .append(height).append("\" font-family=\"sans-serif\" font-size=\"12\">\n");
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n");
        text(svg, 10, 22, "font-size=\"15\" font-weight=\"bold\"", title + ": part " + violation.part() + ", "
                + violation.window().size() + " calls that no order explains"
                + (calls.size() < violation.window().size() ? " (the last " + calls.size() + " drawn)" : ""));
        int y = 44;
        for (int i = 0; i < Math.min(states.size(), MAX_STATES); i++, y += LINE) {
            text(svg, 10, y, "", cut("state before: " + states.get(i), 190));
        }
        if (states.isEmpty()) {
            text(svg, 10, y, "", "state before: not known");
        } else if (states.size() > MAX_STATES) {
            text(svg, 10, y, "", "... and " + (states.size() - MAX_STATES) + " more states before");
        }
        rows(svg, workers, rowsTop);
        double scale = (WIDTH - LEFT - RIGHT - MIN_BAR) / (double) (to - from);
        for (HistoryCall call : calls) {
            int top = rowsTop + workers.indexOf(call.worker()) * ROW + (ROW - BAR) / 2;
            bar(svg, call, violation, LEFT + (call.startNs() - from) * scale, LEFT + (call.endNs() - from) * scale, top);
        }
        svg.append("<line x1=\"").append(LEFT).append("\" y1=\"").append(axis).append("\" x2=\"").append(WIDTH - RIGHT)
                .append("\" y2=\"").append(axis).append("\" stroke=\"#000000\"/>\n");
        text(svg, LEFT, axis + 15, "", String.format(Locale.ROOT, "%.3f ms", from / 1e6));
        text(svg, WIDTH - RIGHT, axis + 15, "text-anchor=\"end\"", String.format(Locale.ROOT,
                "%.3f ms (times from the history's origin)", to / 1e6));
        legend(svg, legend);
        int line = legend + 34;
        svg.append("<g font-family=\"monospace\">\n");
        for (int i = 0; i < calls.size(); i++) {
            svg.append("<rect x=\"10\" y=\"").append(line - 10).append("\" width=\"10\" height=\"10\" fill=\"")
                    .append(colour(calls.get(i), violation)).append("\"/>\n");
            for (String part : listed.get(i)) {
                text(svg, 28, line, "", part);
                line += LINE;
            }
        }
        svg.append("</g>\n</svg>\n");
        return svg.toString();
    }

    /** One band per worker, alternately shaded, its name at the left. */
    private static void rows(StringBuilder svg, List<Integer> workers, int top) {
        for (int row = 0; row < workers.size(); row++) {
            int y = top + row * ROW;
            svg.append("<rect x=\"0\" y=\"").append(y).append("\" width=\"").append(WIDTH).append("\" height=\"")
                    .append(ROW).append("\" fill=\"").append(row % 2 == 0 ? "#f4f4f4" : "#ffffff").append("\"/>\n");
            text(svg, 10, y + ROW / 2 + 4, "", "worker " + workers.get(row));
        }
    }

    /** A call's bar, its label clipped to the bar (a nested viewport), its description as a tooltip. */
    private static void bar(StringBuilder svg, HistoryCall call, Violation violation, double start, double end,
            int y) {
        boolean unknown = call.outcome() == Outcome.UNKNOWN;
        double x1 = unknown ? WIDTH - RIGHT : Math.max(start + MIN_BAR, end);
        String width = number(x1 - start);
        svg.append("<g class=\"call\"><title>").append(xml(call.describe())).append("</title>\n");
        svg.append("<rect x=\"").append(number(start)).append("\" y=\"").append(y).append("\" width=\"").append(width)
                .append("\" height=\"").append(BAR).append("\" rx=\"4\" fill=\"").append(colour(call, violation))
                .append("\" stroke=\"#000000\"");
        if (unknown || violation.cutShort().contains(call.id())) {
            svg.append(" stroke-dasharray=\"5,3\"");
        }
        svg.append("/>\n<svg x=\"").append(number(start)).append("\" y=\"").append(y).append("\" width=\"")
                .append(width).append("\" height=\"").append(BAR).append("\">");
        text(svg, 4, BAR / 2 + 4, "fill=\"#ffffff\" font-size=\"11\"", "call " + call.id() + " "
                + call.method().label());
        svg.append("</svg></g>\n");
    }

    private static void legend(StringBuilder svg, int y) {
        String[][] entries = {
            {FAILING, "ends last: without it the window can be ordered"},
            {OK, "ok"},
            {REFUSED, "refused or failed"},
            {UNKNOWN, "unknown outcome (open-ended)"},
        };
        int x = 10;
        for (String[] entry : entries) {
            svg.append("<rect x=\"").append(x).append("\" y=\"").append(y - 10).append("\" width=\"12\" height=\"12\""
                    + " fill=\"").append(entry[0]).append("\"/>\n");
            text(svg, x + 18, y, "", entry[1]);
            x += 36 + (int) (6.5 * entry[1].length());
        }
        svg.append("<rect x=\"").append(x).append("\" y=\"").append(y - 10).append("\" width=\"12\" height=\"12\""
                + " fill=\"#ffffff\" stroke=\"#000000\" stroke-dasharray=\"3,2\"/>\n");
        text(svg, x + 18, y, "", "dashed: unknown, or still running at the window's end");
    }

    private static void text(StringBuilder svg, double x, double y, String attributes, String content) {
        svg.append("<text x=\"").append(number(x)).append("\" y=\"").append(number(y)).append('"');
        if (!attributes.isEmpty()) {
            svg.append(' ').append(attributes);
        }
        svg.append(" xml:space=\"preserve\">").append(xml(content)).append("</text>\n");
    }

    static String colour(HistoryCall call, Violation violation) {
        if (violation.failing().contains(call.id())) {
            return FAILING;
        }
        return switch (call.outcome()) {
            case OK -> OK;
            case REFUSED, FAILED -> REFUSED;
            case UNKNOWN -> UNKNOWN;
        };
    }

    /**
     * The text escaped for XML content and attribute values: {@code & < > " '} as references, and
     * every character XML 1.0 does not allow (control characters, lone surrogates, U+FFFE, U+FFFF)
     * as U+FFFD, so that any string from a history keeps the picture well-formed.
     */
    static String xml(String value) {
        StringBuilder escaped = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> {
                    if (Character.isHighSurrogate(c) && i + 1 < value.length()
                            && Character.isLowSurrogate(value.charAt(i + 1))) {
                        escaped.append(c).append(value.charAt(++i));
                    } else if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || Character.isSurrogate(c)
                            || c == '\uFFFE' || c == '\uFFFF') {
                        escaped.append('\uFFFD');
                    } else {
                        escaped.append(c);
                    }
                }
            }
        }
        return escaped.toString();
    }

    /**
     * A listed call's text in lines of at most {@value #WRAP} characters, broken after a space or
     * comma where there is one in a line's second half; at most {@value #MAX_WRAPPED_LINES} lines.
     */
    private static List<String> wrap(String text) {
        List<String> lines = new ArrayList<>();
        int at = 0;
        while (at < text.length() && lines.size() < MAX_WRAPPED_LINES) {
            int end = Math.min(text.length(), at + WRAP);
            if (end < text.length()) {
                int space = Math.max(text.lastIndexOf(' ', end - 1), text.lastIndexOf(',', end - 1));
                end = space > at + WRAP / 2 ? space + 1 : end;
            }
            lines.add((at == 0 ? "" : "      ") + text.substring(at, end));
            at = end;
        }
        if (at < text.length()) {
            int last = lines.size() - 1;
            lines.set(last, lines.get(last) + "... (" + (text.length() - at) + " more characters: see the text"
                    + " report)");
        }
        return lines;
    }

    private static String cut(String text, int length) {
        return text.length() <= length ? text : text.substring(0, length) + "...";
    }

    private static String number(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
