package com.acertainbookstore.workload.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.acertainbookstore.workload.results.InteractionType;
import com.acertainbookstore.workload.settings.WorkloadConfig;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MixTest {

    @Test
    void draw_manyDraws_sharesWithinFiveSigmaOf60_30_10() {
        Mix mix = Mix.of(WorkloadConfig.defaults());
        SplittableRandom random = new SplittableRandom(12345);
        int n = 1_000_000;
        long[] counts = new long[InteractionType.values().length];
        for (int i = 0; i < n; i++) {
            counts[mix.draw(random.nextDouble()).ordinal()]++;
        }
        double[] expected = {0.6, 0.3, 0.1};
        for (InteractionType type : InteractionType.values()) {
            double p = expected[type.ordinal()];
            double sigma = Math.sqrt(p * (1 - p) / n);
            double share = (double) counts[type.ordinal()] / n;
            assertTrue(Math.abs(share - p) < 5 * sigma, type + " share " + share + " vs " + p);
        }
    }

    @Test
    void draw_boundaries_pickTheRightType() {
        Mix mix = new Mix(0.6, 0.3);
        assertEquals(InteractionType.CUSTOMER, mix.draw(0.0));
        assertEquals(InteractionType.CUSTOMER, mix.draw(0.5999));
        assertEquals(InteractionType.REPLENISHMENT, mix.draw(0.6));
        assertEquals(InteractionType.ACQUISITION, mix.draw(0.9));
        assertEquals(InteractionType.ACQUISITION, mix.draw(0.99999));
    }

    @Test
    void new_sharesOverOne_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> new Mix(0.8, 0.3));
    }
}
