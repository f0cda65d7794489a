package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.jfree.data.Range;
import org.junit.jupiter.api.Test;

class LogScaleTest {

    private static void assertRange(double lower, double upper, Range range) {
        assertEquals(lower, range.getLowerBound(), lower * 1e-12, "lower bound of " + range);
        assertEquals(upper, range.getUpperBound(), upper * 1e-12, "upper bound of " + range);
    }

    @Test
    void axisRange_dataCoveringDecades_isPaddedByTheFraction() {
        Range range = LogScale.axisRange(0.1, 1, 2000);

        assertRange(1 / Math.pow(10, 0.1), 2000 * Math.pow(10, 0.1), range);
    }

    @Test
    void axisRange_dataWithinOneDecade_hugsTheData() {
        assertRange(1.1e6 / Math.pow(10, 0.01), 1.7e6 * Math.pow(10, 0.01), LogScale.axisRange(0.08, 1.1e6, 1.7e6));
    }

    @Test
    void axisRange_dataOverADecade_isPaddedByAShareOfItsLength() {
        assertRange(10 / Math.pow(10, 0.05), 100 * Math.pow(10, 0.05), LogScale.axisRange(0.08, 10, 100));
    }

    @Test
    void axisRange_onePoint_isTheShortestAxisCentredOnIt() {
        assertRange(Math.pow(10, 0.9), Math.pow(10, 1.1), LogScale.axisRange(0.1, 10));
    }

    @Test
    void axisRange_zeroNegativeAndNaN_areIgnored() {
        double padding = 0.05 * Math.log10(6);
        assertRange(0.5 / Math.pow(10, padding), 3 * Math.pow(10, padding),
                LogScale.axisRange(0.08, 0, -5, Double.NaN, Double.POSITIVE_INFINITY, 0.5, 3));
    }

    @Test
    void axisRange_onlyZero_isThePaddedDefault() {
        assertRange(1 / Math.pow(10, 0.1), 10 * Math.pow(10, 0.1), LogScale.axisRange(0.1, 0));
    }

    @Test
    void axisRange_anyData_hasAtMostOneDecadeOfHeadroom() {
        for (double[] values : new double[][] {{7}, {1, 1.01}, {3, 2000}, {1e-3, 1e9}, {150_000, 1_300_000}}) {
            Range range = LogScale.axisRange(0.15, values);
            double data = Math.log10(values[values.length - 1] / values[0]);
            double axis = Math.log10(range.getUpperBound() / range.getLowerBound());
            assertTrue(axis - data <= 1, java.util.Arrays.toString(values) + " gives " + range);
            assertTrue(range.contains(values[0]) && range.contains(values[values.length - 1]), range.toString());
        }
    }

    @Test
    void ticks_twoPowersOfTenOrMore_labelsThemWithEveryWholeMultipleMinor() {
        LogScale.Ticks ticks = LogScale.ticks(new Range(0.8, 2500));

        assertEquals(List.of(1.0, 10.0, 100.0, 1000.0), ticks.labelled());
        assertEquals(0.8, ticks.minor().get(0), 1e-12, "the multiples below the first power of ten too");
        assertEquals(2000, ticks.minor().get(ticks.minor().size() - 1), 1e-9);
        assertEquals(2 + 8 * 3 + 1, ticks.minor().size());
    }

    @Test
    void ticks_onePowerOfTen_labelsOneTwoFive() {
        LogScale.Ticks ticks = LogScale.ticks(new Range(1.5, 11));

        assertEquals(List.of(2.0, 5.0, 10.0), ticks.labelled());
        assertEquals(List.of(3.0, 4.0, 6.0, 7.0, 8.0, 9.0), ticks.minor());
    }

    @Test
    void ticks_shortAxis_labelsOneTwoFiveSteps() {
        LogScale.Ticks ticks = LogScale.ticks(new Range(1.02e6, 1.83e6));

        assertEquals(List.of(1.2e6, 1.4e6, 1.6e6, 1.8e6), ticks.labelled());
        assertEquals(List.of(), ticks.minor());
    }

    @Test
    void ticks_anyRange_hasTwoToSixLabelsInsideIt() {
        for (double[] bounds : new double[][] {{1.1, 1.2}, {7.9, 12.6}, {0.79, 1.26}, {95, 105}, {1, 9.9},
            {0.3, 2.7}, {3e-4, 5e-4}}) {
            Range range = new Range(bounds[0], bounds[1]);
            List<Double> labelled = LogScale.ticks(range).labelled();
            assertTrue(labelled.size() >= 2 && labelled.size() <= LogScale.MOST_LABELS, range + ": " + labelled);
            assertTrue(labelled.stream().allMatch(v -> v >= bounds[0] * (1 - 1e-9) && v <= bounds[1] * (1 + 1e-9)),
                    range + ": " + labelled);
        }
    }

    @Test
    void padded_negativeFraction_isRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> LogScale.padded(new Range(1, 10), -0.1));

        assertEquals("padding (-0.1) must be >= 0 and range Range[1.0,10.0] must be positive", e.getMessage());
    }

    @Test
    void bandLower_deviationBelowMean_isMeanMinusDeviation() {
        assertEquals(90, LogScale.bandLower(100, 10, 1));
    }

    @Test
    void bandLower_deviationAtLeastMean_isCutAtTheAxisFloor() {
        assertEquals(5, LogScale.bandLower(100, 100, 5));
        assertEquals(5, LogScale.bandLower(100, 250, 5));
    }

    @Test
    void bandLower_noDeviation_isTheMean() {
        assertEquals(100, LogScale.bandLower(100, Double.NaN, 1));
        assertEquals(100, LogScale.bandLower(100, -3, 1));
    }

    @Test
    void bandUpper_deviation_addsIt_andMissingDeviation_isTheMean() {
        assertEquals(110, LogScale.bandUpper(100, 10));
        assertEquals(100, LogScale.bandUpper(100, Double.NaN));
    }

    @Test
    void plottable_zeroNegativeNaNInfinity_false() {
        assertTrue(LogScale.plottable(1e-9));
        assertFalse(LogScale.plottable(0));
        assertFalse(LogScale.plottable(-1));
        assertFalse(LogScale.plottable(Double.NaN));
        assertFalse(LogScale.plottable(Double.POSITIVE_INFINITY));
    }
}
