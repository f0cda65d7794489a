package com.acertainbookstore.protocol;

/**
 * Text from the network made safe to put into a message: control and bidirectional-formatting
 * characters removed (they could forge lines or reorder what a terminal shows), and cut to a
 * bounded length. Stateless.
 */
public final class Texts {

    /** The longest excerpt of a caller's value that a message quotes. */
    public static final int EXCERPT_CHARS = 40;

    private Texts() {
    }

    /**
     * {@code text} without control characters (C0, DEL, C1) and bidirectional formatting
     * characters, and at most {@code maxChars} of it followed by {@code "..."} when cut.
     */
    public static String printable(String text, int maxChars) {
        if (maxChars < 0) {
            throw new IllegalArgumentException("maxChars (" + maxChars + ") must be >= 0");
        }
        if (text == null) {
            return "null";
        }
        StringBuilder out = new StringBuilder(Math.min(text.length(), maxChars) + 3);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (isHidden(c)) {
                continue;
            }
            if (out.length() == maxChars) {
                return out.append("...").toString();
            }
            out.append(c);
        }
        return out.toString();
    }

    /** A short printable excerpt of a value from a request, for error messages. */
    public static String excerpt(String text) {
        return printable(text, EXCERPT_CHARS);
    }

    private static boolean isHidden(char c) {
        return Character.isISOControl(c)
                || c == '\u200e' || c == '\u200f' // left-to-right and right-to-left marks
                || (c >= '\u202a' && c <= '\u202e') // embeddings and overrides
                || (c >= '\u2066' && c <= '\u2069'); // isolates
    }
}
