package com.acertainbookstore.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NumbersTest {

    @Test
    void parseInt_canonicalDecimal_readsTheValue() {
        assertEquals(0, Numbers.parseInt("0"));
        assertEquals(8, Numbers.parseInt("8"));
        assertEquals(-42, Numbers.parseInt("-42"));
        assertEquals(Integer.MAX_VALUE, Numbers.parseInt("2147483647"));
        assertEquals(Integer.MIN_VALUE, Numbers.parseInt("-2147483648"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"010", "00", "-0", "+5", " 5", "5 ", "0x10", "1e3", "1.0", "", "-", "2147483648",
        "-2147483649", "4294967295", "99999999999999999999", "\u0661\u0662", "\uff11", "5\u0000"})
    void parseInt_anythingElse_isRefusedNamingTheValueAndTheRule(String text) {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> Numbers.parseInt(text));
        assertTrue(e.getMessage().contains("is not an int (decimal ASCII digits"), e.getMessage());
        assertTrue(e.getMessage().contains("-2147483648..2147483647"), e.getMessage());
    }

    @Test
    void parseLong_fullRange_readsTheValue() {
        assertEquals(Long.MAX_VALUE, Numbers.parseLong(Long.toString(Long.MAX_VALUE)));
        assertEquals(Long.MIN_VALUE, Numbers.parseLong(Long.toString(Long.MIN_VALUE)));
        assertThrows(NumberFormatException.class, () -> Numbers.parseLong("9223372036854775808"));
        assertThrows(NumberFormatException.class, () -> Numbers.parseLong("-9223372036854775809"));
    }

    @Test
    void parseFloat_everyValueTheWriterProduces_readsBackExactly() {
        float[] values = {0f, -0f, 1f, 10f, 9.5f, 0.1f, 1e10f, 1.4e-45f, Float.MAX_VALUE, -3.25e-7f,
            Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY};
        for (float value : values) {
            assertEquals(Float.floatToIntBits(value), Float.floatToIntBits(Numbers.parseFloat(Float.toString(value))),
                    Float.toString(value));
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x1p3", "1f", "1d", " 1.0", "1.", ".5", "+1.0", "01.5", "1.0E+5", "1e", "nan",
        "infinity", "+Infinity", "1,5", "\u0661.5", ""})
    void parseFloat_anythingElse_isRefused(String text) {
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> Numbers.parseFloat(text));
        assertTrue(e.getMessage().contains("is not a float"), e.getMessage());
    }

    @Test
    void parseFloatInPlace_shortDecimals_giveWhatFloatParseFloatGives() {
        SplittableRandom random = new SplittableRandom(7);
        for (int i = 0; i < 200_000; i++) {
            int digits = 1 + random.nextInt(9);
            long mantissa = random.nextLong((long) Math.pow(10, digits));
            int fraction = 1 + random.nextInt(digits);
            String text = (random.nextBoolean() ? "-" : "") + new java.math.BigDecimal(mantissa).movePointLeft(fraction)
                    .setScale(fraction).toPlainString();
            char[] chars = ("<" + text + ">").toCharArray();
            assertEquals(Float.floatToIntBits(Float.parseFloat(text)),
                    Float.floatToIntBits(Numbers.parseFloat(chars, 1, chars.length - 1)), text);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x1p3", "1f", " 1.0", "1.", ".5", "+1.0", "01.5", "00.5", "1.0E+5", "1e", "nan", "1,5",
        "\u0661.5", "", "-", "-.5", "1.2.3"})
    void parseFloatInPlace_anythingElse_isRefused(String text) {
        char[] chars = ("<" + text + ">").toCharArray();
        NumberFormatException e = assertThrows(NumberFormatException.class,
                () -> Numbers.parseFloat(chars, 1, chars.length - 1));
        assertTrue(e.getMessage().contains("is not a float"), e.getMessage());
    }

    @Test
    void refusal_longOrHiddenValue_isQuotedShortAndPrintable() {
        String hostile = "1\u001b[31m" + "9".repeat(10_000) + "\u202e";
        NumberFormatException e = assertThrows(NumberFormatException.class, () -> Numbers.parseInt(hostile));
        assertTrue(e.getMessage().length() < 200, e.getMessage());
        assertTrue(e.getMessage().chars().noneMatch(Character::isISOControl), e.getMessage());
    }
}
