package com.acertainbookstore.history;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The little JSON the history file needs: quoting a string on the way out, and on the way in one
 * value per line (objects, arrays, strings, numbers, true, false, null) as maps, lists,
 * {@code String}, {@code Long} or {@code Double}, {@code Boolean} and null. Only
 * {@link HistoryFile} uses it, and turns what it reads into typed values at once. Stateless
 * (a parser is one call's local state); safe to share.
 */
final class Json {

    private final String text;
    private int at;

    private Json(String text) {
        this.text = text;
    }

    /** {@code value} as a JSON string, quotes included. */
    static String quote(String value) {
        StringBuilder out = new StringBuilder(value.length() + 2).append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        return out.append('"').toString();
    }

    /** The one value of {@code line}; an {@link IllegalArgumentException} says where it is malformed. */
    static Object parse(String line) {
        Json parser = new Json(line);
        Object value = parser.value();
        parser.blanks();
        if (parser.at != line.length()) {
            throw parser.error("text after the value");
        }
        return value;
    }

    private Object value() {
        blanks();
        if (at >= text.length()) {
            throw error("a value is missing");
        }
        char c = text.charAt(at);
        return switch (c) {
            case '{' -> object();
            case '[' -> array();
            case '"' -> string();
            case 't' -> word("true", Boolean.TRUE);
            case 'f' -> word("false", Boolean.FALSE);
            case 'n' -> word("null", null);
            default -> number();
        };
    }

    private Map<String, Object> object() {
        Map<String, Object> members = new LinkedHashMap<>();
        at++;
        blanks();
        if (peek('}')) {
            at++;
            return members;
        }
        while (true) {
            blanks();
            if (!peek('"')) {
                throw error("a member name in quotes is expected");
            }
            String name = string();
            blanks();
            expect(':');
            members.put(name, value());
            blanks();
            if (peek(',')) {
                at++;
            } else {
                expect('}');
                return members;
            }
        }
    }

    private List<Object> array() {
        List<Object> items = new ArrayList<>();
        at++;
        blanks();
        if (peek(']')) {
            at++;
            return items;
        }
        while (true) {
            items.add(value());
            blanks();
            if (peek(',')) {
                at++;
            } else {
                expect(']');
                return items;
            }
        }
    }

    private String string() {
        StringBuilder out = new StringBuilder();
        at++;
        while (at < text.length()) {
            char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c != '\\') {
                out.append(c);
                continue;
            }
            if (at >= text.length()) {
                break;
            }
            char escaped = text.charAt(at++);
            switch (escaped) {
                case '"', '\\', '/' -> out.append(escaped);
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("a \\u escape needs four hex digits");
                    }
                    try {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                    } catch (NumberFormatException e) {
                        throw error("a \\u escape needs four hex digits");
                    }
                    at += 4;
                }
                default -> throw error("unknown escape \\" + escaped);
            }
        }
        throw error("a string is not closed");
    }

    private Object number() {
        int begin = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        String digits = text.substring(begin, at);
        if (digits.isEmpty()) {
            throw error("unexpected character '" + text.charAt(begin) + "'");
        }
        try {
            if (digits.indexOf('.') < 0 && digits.indexOf('e') < 0 && digits.indexOf('E') < 0) {
                return Long.parseLong(digits);
            }
            return Double.parseDouble(digits);
        } catch (NumberFormatException e) {
            at = begin;
            throw error("'" + digits + "' is not a number");
        }
    }

    private Object word(String word, Object value) {
        if (!text.startsWith(word, at)) {
            throw error("unexpected character '" + text.charAt(at) + "'");
        }
        at += word.length();
        return value;
    }

    private void blanks() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }

    private boolean peek(char c) {
        return at < text.length() && text.charAt(at) == c;
    }

    private void expect(char c) {
        if (!peek(c)) {
            throw error("'" + c + "' is expected");
        }
        at++;
    }

    private IllegalArgumentException error(String problem) {
        return new IllegalArgumentException("column " + (at + 1) + ": " + problem);
    }
}
