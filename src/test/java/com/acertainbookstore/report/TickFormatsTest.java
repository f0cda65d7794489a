package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.text.NumberFormat;
import org.junit.jupiter.api.Test;

class TickFormatsTest {

    @Test
    void rate_decades_useKAndM() {
        NumberFormat rate = TickFormats.rate();

        assertEquals("1", rate.format(1));
        assertEquals("100", rate.format(100));
        assertEquals("1k", rate.format(1_000));
        assertEquals("10k", rate.format(10_000));
        assertEquals("1M", rate.format(1_000_000));
        assertEquals("2.5M", rate.format(2_500_000));
    }

    @Test
    void micros_pickTheLargestUnitReached() {
        NumberFormat micros = TickFormats.micros();

        assertEquals("0.5 µs", micros.format(0.5));
        assertEquals("10 µs", micros.format(10));
        assertEquals("1 ms", micros.format(1_000));
        assertEquals("2.5 ms", micros.format(2_500));
        assertEquals("100 ms", micros.format(100_000));
        assertEquals("1 s", micros.format(1_000_000));
    }

    @Test
    void micros_valueJustBelowADecadeFromLogRounding_isTheDecade() {
        assertEquals("1 ms", TickFormats.micros().format(999.9999999));
    }

    @Test
    void count_groupsThousands() {
        assertEquals("10,000", TickFormats.count().format(10_000));
        assertEquals("1", TickFormats.count().format(1));
    }

    @Test
    void fraction_showsUpToTwoDecimals() {
        assertEquals("0.6", TickFormats.fraction().format(0.6));
        assertEquals("1", TickFormats.fraction().format(1.0));
    }
}
