package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.Stat;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RatioIntervalTest {

    @Test
    void of_clearlyHigher_matchesFiellerFromScipyAndReadsHigher() {
        // scipy 1.17: Fieller with t.ppf(0.975, floor(Welch df)) gives 1.0710816, 1.3444353, df 4.
        RatioInterval interval = RatioInterval.of(new Stat(100, 5), 3, new Stat(120, 6), 3);

        assertEquals(1.2, interval.ratio(), 1e-12);
        assertEquals(1.0710816, interval.low(), 1e-4);
        assertEquals(1.3444353, interval.high(), 1e-4);
        assertEquals(4, interval.df());
        assertEquals(RatioInterval.Reading.HIGHER, interval.reading());
    }

    @Test
    void of_smallDifferenceInNoise_holdsOneAndReadsWithin() {
        // scipy: 0.8926027 to 1.1849316, df 3 (Welch's 3.91 rounded down).
        RatioInterval interval = RatioInterval.of(new Stat(100, 5), 3, new Stat(103, 6), 3);

        assertEquals(0.8926027, interval.low(), 1e-4);
        assertEquals(1.1849316, interval.high(), 1e-4);
        assertEquals(3, interval.df());
        assertEquals(RatioInterval.Reading.WITHIN, interval.reading());
    }

    @Test
    void of_endsOfTheInterval_areWhereTheTStatisticOfTheRatioIsTheQuantile() {
        Stat a = new Stat(1000, 30);
        Stat b = new Stat(900, 25);
        RatioInterval interval = RatioInterval.of(a, 5, b, 5);

        double t = RatioInterval.t975(interval.df());
        for (double r : new double[] {interval.low(), interval.high()}) {
            double statistic = (b.mean() - r * a.mean()) / Math.sqrt(b.sd() * b.sd() / 5 + r * r * a.sd() * a.sd() / 5);
            assertEquals(t, Math.abs(statistic), 1e-9, "at " + r);
        }
        assertEquals(RatioInterval.Reading.LOWER, interval.reading());
    }

    @Test
    void of_fewerThanTwoRepetitionsOrNoSpread_saysSo() {
        assertNull(RatioInterval.of(new Stat(100, Double.NaN), 1, new Stat(120, 6), 3));
        assertNull(RatioInterval.of(new Stat(0, 0), 3, new Stat(120, 6), 3));
        RatioInterval exact = RatioInterval.of(new Stat(100, 0), 3, new Stat(120, 0), 3);
        assertEquals(1.2, exact.low(), 1e-12);
        assertEquals(0, exact.df());
    }

    @Test
    void of_hugeNoise_isUnbounded() {
        RatioInterval interval = RatioInterval.of(new Stat(100, 200), 2, new Stat(120, 6), 2);

        assertEquals(Double.NEGATIVE_INFINITY, interval.low());
        assertEquals(RatioInterval.Reading.WITHIN, interval.reading());
    }

    @Test
    void of_repetitionsDrawnAtRandom_holdTheTrueRatioAtLeast94TimesIn100() {
        SplittableRandom random = new SplittableRandom(42);
        int trials = 4000;
        int covered = 0;
        for (int trial = 0; trial < trials; trial++) {
            Stat a = Stat.of(normal(random, 1000, 40, 3));
            Stat b = Stat.of(normal(random, 1100, 80, 4));
            RatioInterval interval = RatioInterval.of(a, 3, b, 4);
            covered += interval.low() <= 1.1 && 1.1 <= interval.high() ? 1 : 0;
        }
        assertTrue(covered >= trials * 0.94, covered + " of " + trials + " intervals hold the true ratio 1.1");
    }

    private static double[] normal(SplittableRandom random, double mean, double sd, int n) {
        double[] values = new double[n];
        for (int i = 0; i < n; i++) {
            double u = 1 - random.nextDouble();
            double v = random.nextDouble();
            values[i] = mean + sd * Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
        }
        return values;
    }
}
