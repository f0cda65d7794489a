package com.acertainbookstore.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jfree.data.Range;
import org.junit.jupiter.api.Test;

class LinearScaleTest {

    private static void assertRange(double lower, double upper, Range range) {
        assertEquals(lower, range.getLowerBound(), 1e-9, "lower bound of " + range);
        assertEquals(upper, range.getUpperBound(), 1e-9, "upper bound of " + range);
    }

    @Test
    void axisRange_valuesFarFromZero_hugTheValues() {
        assertRange(19.75, 25.25, LinearScale.axisRange(20, 25, 22));
    }

    @Test
    void axisRange_valuesNearZero_includeZero() {
        assertRange(0, 104.75, LinearScale.axisRange(5, 100));
    }

    @Test
    void axisRange_oneValue_isATenthOfItWide() {
        assertRange(47.25, 52.75, LinearScale.axisRange(50));
        assertEquals(5, LinearScale.leastLength(50));
    }

    @Test
    void axisRange_allOnesAsFractions_staysAroundOne() {
        assertRange(0.945, 1.055, LinearScale.axisRange(1, 1, 1));
    }

    @Test
    void axisRange_allOnesWithinZeroToOne_isBelowOne() {
        assertRange(0.895, 1.005, LinearScale.axisRange(new Range(0, 1), 1, 1));
        assertRange(0, 1.05, LinearScale.axisRange(new Range(0, 1), 0));
    }

    @Test
    void axisRange_negativeValues_areShownBelowZero() {
        assertRange(-10.5, 0.5, LinearScale.axisRange(-10, 0));
    }

    @Test
    void axisRange_nothingFinite_isZeroToOne() {
        assertRange(0, 1, LinearScale.axisRange(Double.NaN, Double.POSITIVE_INFINITY));
        assertEquals(1, LinearScale.leastLength(0, Double.NaN));
    }

    @Test
    void axisRange_anyValues_atMostTwiceTheirRangeOrLeastLength() {
        for (double[] values : new double[][] {{0.58, 0.62, 0.6}, {900, 1000}, {89, 100}, {91, 100}, {0, 0},
            {-3, 7}, {1e6, 1.7e6}}) {
            Range range = LinearScale.axisRange(values);
            double data = Math.abs(values[1] - values[0]);
            assertTrue(range.getLength() <= 2 * Math.max(data, LinearScale.leastLength(values)),
                    java.util.Arrays.toString(values) + " gives " + range);
            assertTrue(range.contains(values[0]) && range.contains(values[1]), range.toString());
        }
    }
}
