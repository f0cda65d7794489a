package com.acertainbookstore.wire;

import com.acertainbookstore.protocol.Texts;

/**
 * The one number parser of the wire format, for element text and attribute values alike: decimal
 * ASCII digits only, in the canonical form the writer produces (an optional minus sign, no plus
 * sign, no leading zero, no white space), and in range for the Java type. So {@code 010} is not
 * octal 8, {@code 4294967295} does not wrap to -1, and Arabic-Indic digits are not read as ASCII
 * ones: each is refused. Stateless.
 */
final class Numbers {

    /** Longer than any canonical int, long or float: refused before any parsing work. */
    private static final int MAX_LENGTH = 48;
    /** Digits that cannot overflow a long, whatever they are. */
    private static final int SAFE_DIGITS = 18;
    /** Most digits of a decimal that a float holds exactly (10^7 < 2^24). */
    private static final int EXACT_DIGITS = 7;
    private static final float[] POWERS_OF_TEN = {1f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f};

    private Numbers() {
    }

    /**
     * @throws NumberFormatException naming the value and the rule
     */
    static int parseInt(String text) {
        return parseInt(text.toCharArray(), 0, text.length());
    }

    /** {@link #parseInt(String)} of {@code chars[from..to)}. */
    static int parseInt(char[] chars, int from, int to) {
        return (int) parseInteger(chars, from, to, Integer.MIN_VALUE, Integer.MAX_VALUE, "an int");
    }

    /**
     * @throws NumberFormatException naming the value and the rule
     */
    static long parseLong(String text) {
        return parseLong(text.toCharArray(), 0, text.length());
    }

    /** {@link #parseLong(String)} of {@code chars[from..to)}. */
    static long parseLong(char[] chars, int from, int to) {
        return parseInteger(chars, from, to, Long.MIN_VALUE, Long.MAX_VALUE, "a long");
    }

    /**
     * A float written as {@code Float.toString} writes one: {@code -?digits[.digits][E-?digits]},
     * or exactly {@code NaN}, {@code Infinity}, {@code -Infinity} (which the store then refuses as a
     * price with its own message).
     *
     * @throws NumberFormatException naming the value and the rule
     */
    static float parseFloat(String text) {
        if (text.equals("NaN")) {
            return Float.NaN;
        }
        if (text.equals("Infinity")) {
            return Float.POSITIVE_INFINITY;
        }
        if (text.equals("-Infinity")) {
            return Float.NEGATIVE_INFINITY;
        }
        if (text.length() > MAX_LENGTH || !isDecimalFloat(text)) {
            throw new NumberFormatException("'" + Texts.excerpt(text) + "' is not a float (decimal ASCII"
                    + " digits: -?digits[.digits][E-?digits] without leading zeros, NaN or Infinity)");
        }
        return Float.parseFloat(text);
    }

    /**
     * {@link #parseFloat(String)} of {@code chars[from..to)}. A plain decimal of at most
     * {@value #EXACT_DIGITS} digits ({@code 10.0}, {@code -12.75}) is worked out in place: its
     * digits make an integer that a float holds exactly, and 10 to the power of its fraction's
     * length is exact too, so their one quotient is the correctly rounded value, as
     * {@code Float.parseFloat} gives it. Anything else goes the general way.
     */
    static float parseFloat(char[] chars, int from, int to) {
        boolean negative = to > from && chars[from] == '-';
        int i = negative ? from + 1 : from;
        int integerStart = i;
        int mantissa = 0;
        while (i < to && chars[i] >= '0' && chars[i] <= '9') {
            mantissa = mantissa * 10 + (chars[i++] - '0');
        }
        int integerDigits = i - integerStart;
        boolean plain = integerDigits > 0 && (integerDigits == 1 || chars[integerStart] != '0')
                && i < to && chars[i] == '.';
        int fractionStart = ++i;
        while (plain && i < to && chars[i] >= '0' && chars[i] <= '9') {
            mantissa = mantissa * 10 + (chars[i++] - '0');
        }
        int fractionDigits = i - fractionStart;
        if (plain && i == to && fractionDigits > 0 && integerDigits + fractionDigits <= EXACT_DIGITS) {
            float value = mantissa / POWERS_OF_TEN[fractionDigits];
            return negative ? -value : value;
        }
        return parseFloat(new String(chars, from, Math.min(to - from, MAX_LENGTH + 1)));
    }

    private static boolean isDecimalFloat(String text) {
        int i = text.startsWith("-") ? 1 : 0;
        int digits = digits(text, i);
        if (digits == 0 || (digits > 1 && text.charAt(i) == '0')) {
            return false;
        }
        i += digits;
        if (i < text.length() && text.charAt(i) == '.') {
            int fraction = digits(text, i + 1);
            if (fraction == 0) {
                return false;
            }
            i += 1 + fraction;
        }
        if (i < text.length() && (text.charAt(i) == 'E' || text.charAt(i) == 'e')) {
            i++;
            if (i < text.length() && text.charAt(i) == '-') {
                i++;
            }
            int exponent = digits(text, i);
            if (exponent == 0) {
                return false;
            }
            i += exponent;
        }
        return i == text.length();
    }

    /** How many ASCII digits start at {@code from}. */
    private static int digits(String text, int from) {
        int i = from;
        while (i < text.length() && text.charAt(i) >= '0' && text.charAt(i) <= '9') {
            i++;
        }
        return i - from;
    }

    private static long parseInteger(char[] chars, int from, int to, long min, long max, String what) {
        int length = to - from;
        boolean negative = length > 0 && chars[from] == '-';
        int first = from + (negative ? 1 : 0);
        if (first == to || length > MAX_LENGTH || (chars[first] == '0' && (to > first + 1 || negative))) {
            throw refused(chars, from, to, what, min, max);
        }
        if (to - first <= SAFE_DIGITS) {
            long value = 0;
            for (int i = first; i < to; i++) {
                char c = chars[i];
                if (c < '0' || c > '9') {
                    throw refused(chars, from, to, what, min, max);
                }
                value = value * 10 + (c - '0');
            }
            value = negative ? -value : value;
            if (value < min || value > max) {
                throw refused(chars, from, to, what, min, max);
            }
            return value;
        }
        // Accumulated as a negative number, whose range is one larger than the positives'.
        long limit = negative ? min : -max;
        long value = 0;
        for (int i = first; i < to; i++) {
            char c = chars[i];
            int digit = c - '0';
            // value * 10 - digit >= limit, written so that nothing overflows (division rounds up here).
            if (c < '0' || c > '9' || value < (limit + digit) / 10) {
                throw refused(chars, from, to, what, min, max);
            }
            value = value * 10 - digit;
        }
        return negative ? value : -value;
    }

    private static NumberFormatException refused(char[] chars, int from, int to, String what, long min, long max) {
        String text = new String(chars, from, Math.min(to - from, Texts.EXCERPT_CHARS + 1));
        return new NumberFormatException("'" + Texts.excerpt(text) + "' is not " + what + " (decimal ASCII"
                + " digits with an optional '-', no leading zero, in " + min + ".." + max + ")");
    }
}
