package com.acertainbookstore.workload.running;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Workers draw from reproducible, independent generators, never shifted copies of one stream. */
class WorkerRandomsTest {

    private static long[] draws(SplittableRandom random, int count) {
        long[] values = new long[count];
        for (int i = 0; i < count; i++) {
            values[i] = random.nextLong();
        }
        return values;
    }

    @Test
    void workerRandoms_sameSeed_sameDraws() {
        SplittableRandom[] first = PointRunner.workerRandoms(42, 3);
        SplittableRandom[] second = PointRunner.workerRandoms(42, 3);
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(draws(first[i], 50), draws(second[i], 50), "worker " + i);
        }
    }

    @Test
    void workerRandoms_neighbours_shareNoDrawsAtAnyShift() {
        SplittableRandom[] randoms = PointRunner.workerRandoms(42, 2);
        long[] a = draws(randoms[0], 1000);
        long[] b = draws(randoms[1], 1000);
        Set<Long> seen = new HashSet<>();
        for (long value : a) {
            seen.add(value);
        }
        int shared = 0;
        for (long value : b) {
            shared += seen.contains(value) ? 1 : 0;
        }
        assertEquals(0, shared, shared + " of worker 1's draws are also worker 0's: the streams overlap");
    }
}
