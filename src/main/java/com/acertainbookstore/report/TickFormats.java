package com.acertainbookstore.report;

import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.text.FieldPosition;
import java.text.NumberFormat;
import java.text.ParsePosition;
import java.util.Locale;

/**
 * Tick-label formats. Each call returns a new format; a format is not thread-safe (like every
 * {@link NumberFormat}).
 */
final class TickFormats {

    private TickFormats() {
    }

    /** Numbers with a thousands separator and up to two decimals: 1, 10, 1,000, 10,000, 1.5. */
    static NumberFormat count() {
        return new DecimalFormat("#,##0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** Numbers with up to three decimals: 0.6, 1, 0.95, 0.975. */
    static NumberFormat fraction() {
        return new DecimalFormat("0.###", DecimalFormatSymbols.getInstance(Locale.ROOT));
    }

    /** Rates: 1, 10, 100, 1k, 10k, 100k, 1M, 2.5M. */
    static NumberFormat rate() {
        return new Scaled(new double[] {1e6, 1e3, 1}, new String[] {"M", "k", ""});
    }

    /** Durations given in microseconds: 10 µs, 100 µs, 1 ms, 2.5 ms, 1 s. */
    static NumberFormat micros() {
        return new Scaled(new double[] {1e6, 1e3, 1}, new String[] {" s", " ms", " µs"});
    }

    /** Formats a value in the largest unit it reaches, with up to two decimals. */
    private static final class Scaled extends NumberFormat {

        private static final long serialVersionUID = 1L;

        private final double[] scales;
        private final String[] suffixes;
        private final DecimalFormat digits =
                new DecimalFormat("0.##", DecimalFormatSymbols.getInstance(Locale.ROOT));

        Scaled(double[] scales, String[] suffixes) {
            this.scales = scales.clone();
            this.suffixes = suffixes.clone();
        }

        @Override
        public StringBuffer format(double number, StringBuffer to, FieldPosition pos) {
            int unit = scales.length - 1;
            for (int i = 0; i < scales.length; i++) {
                if (Math.abs(number) >= scales[i] * 0.9995) {
                    unit = i;
                    break;
                }
            }
            return to.append(digits.format(number / scales[unit])).append(suffixes[unit]);
        }

        @Override
        public StringBuffer format(long number, StringBuffer to, FieldPosition pos) {
            return format((double) number, to, pos);
        }

        @Override
        public Number parse(String source, ParsePosition pos) {
            throw new UnsupportedOperationException("tick labels are written, never parsed");
        }
    }
}
