package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jfree.data.Range;
import org.junit.jupiter.api.Test;

class LogScaleTest {

    private static void assertRange(double lower, double upper, Range range) {
        assertEquals(lower, range.getLowerBound(), lower * 1e-12, "lower bound of " + range);
        assertEquals(upper, range.getUpperBound(), upper * 1e-12, "upper bound of " + range);
    }

    @Test
    void decades_defaultSweep_spansOneToTenThousand() {
        assertRange(1, 10_000, LogScale.decades(1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000));
    }

    @Test
    void decades_throughputOfBothModes_spansWholeDecades() {
        assertRange(1_000, 10_000_000, LogScale.decades(1_400, 6_200, 950_000, 1_350_000));
    }

    @Test
    void decades_onePointOnADecade_isADecadeEachSide() {
        assertRange(10, 1_000, LogScale.decades(100));
    }

    @Test
    void decades_onePointInsideADecade_isThatDecade() {
        assertRange(100, 1_000, LogScale.decades(250));
    }

    @Test
    void decades_valueWithRoundingErrorAtADecade_staysOnTheDecade() {
        assertRange(100, 1_000, LogScale.decades(1000.0000000000001, 100));
        assertRange(100, 10_000, LogScale.decades(999.9999999999999));
    }

    @Test
    void decades_zeroNegativeAndNaN_areIgnored() {
        assertRange(0.1, 10, LogScale.decades(0, -5, Double.NaN, Double.POSITIVE_INFINITY, 0.5, 3));
    }

    @Test
    void decades_noPlottableValue_isOneToTen() {
        assertEquals(LogScale.EMPTY, LogScale.decades(0, -1, Double.NaN));
        assertEquals(LogScale.EMPTY, LogScale.decades());
    }

    @Test
    void axisRange_dataCoveringTwoDecades_hugsTheData() {
        Range range = LogScale.axisRange(0.1, 1, 2000);

        assertRange(1 / Math.pow(10, 0.1), 2000 * Math.pow(10, 0.1), range);
    }

    @Test
    void axisRange_dataWithinOneDecade_usesWholeDecadesSoTicksShow() {
        assertRange(10 / Math.pow(10, 0.1), 100 * Math.pow(10, 0.1), LogScale.axisRange(0.1, 20, 50));
    }

    @Test
    void axisRange_dataAcrossOneDecadeTick_usesWholeDecades() {
        assertRange(1 / Math.pow(10, 0.1), 100 * Math.pow(10, 0.1), LogScale.axisRange(0.1, 5, 50));
    }

    @Test
    void axisRange_onePoint_isCentredOnIt() {
        assertRange(1 / Math.pow(10, 0.1), 100 * Math.pow(10, 0.1), LogScale.axisRange(0.1, 10));
    }

    @Test
    void axisRange_onlyZero_isThePaddedDefault() {
        assertRange(1 / Math.pow(10, 0.1), 10 * Math.pow(10, 0.1), LogScale.axisRange(0.1, 0));
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
