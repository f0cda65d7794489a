package com.acertainbookstore.workload.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.acertainbookstore.workload.results.Arrivals;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class ScheduleTest {

    private static long[] claim(Schedule schedule, int count) {
        long[] offsets = new long[count];
        for (int i = 0; i < count; i++) {
            offsets[i] = schedule.claim();
        }
        return offsets;
    }

    @Test
    void constant_everyGapIsOneOverTheRate() {
        long[] offsets = claim(Schedule.of(Arrivals.CONSTANT, 4000, 1), 10_001);

        assertEquals(0, offsets[0]);
        for (int i = 1; i < offsets.length; i++) {
            assertEquals(250_000, offsets[i] - offsets[i - 1], 1.0, "gap " + i);
        }
        assertEquals(2_500_000_000L, offsets[10_000]);
    }

    @Test
    void constant_countBetween_isTheRateTimesTheSpan() {
        Schedule schedule = Schedule.of(Arrivals.CONSTANT, 3000, 1);

        assertEquals(3000, schedule.countBetween(0, 1_000_000_000L));
        assertEquals(1500, schedule.countBetween(250_000_000L, 750_000_000L));
        assertEquals(0, schedule.countBetween(5, 5));
        claim(schedule, 10);
        assertEquals(20, schedule.dueBefore(schedule.cursor() + 20 * 333_333L));
    }

    @Test
    void poisson_countInASpan_isWithinFiveSigmaOfTheRate() {
        double rate = 50_000;
        Schedule schedule = Schedule.of(Arrivals.POISSON, rate, 7);
        long span = 2_000_000_000L;

        long count = schedule.countBetween(0, span);

        double expected = rate * span / 1e9;
        assertTrue(Math.abs(count - expected) < 5 * Math.sqrt(expected), count + " arrivals in 2 s at 50,000/s");
    }

    @Test
    void poisson_gaps_exponentialWithTheRatesMean() {
        double rate = 10_000;
        int n = 200_000;
        long[] offsets = claim(Schedule.of(Arrivals.POISSON, rate, 11), n + 1);
        double meanGap = 1e9 / rate;
        double sum = 0;
        double squares = 0;
        long shorterThanMean = 0;
        for (int i = 1; i <= n; i++) {
            double gap = offsets[i] - offsets[i - 1];
            sum += gap;
            squares += gap * gap;
            shorterThanMean += gap < meanGap ? 1 : 0;
        }
        double mean = sum / n;
        double sd = Math.sqrt(squares / n - mean * mean);

        assertEquals(meanGap, mean, 5 * meanGap / Math.sqrt(n), "mean gap");
        assertEquals(1.0, sd / mean, 0.02, "coefficient of variation (1 for an exponential)");
        double p = 1 - Math.exp(-1);
        assertEquals(p, (double) shorterThanMean / n, 5 * Math.sqrt(p * (1 - p) / n), "P(gap < mean)");
    }

    @Test
    void poisson_countsPerInterval_haveTheVarianceOfTheirMean() {
        int intervals = 2000;
        long length = 10_000_000L;
        Schedule schedule = Schedule.of(Arrivals.POISSON, 20_000, 3);
        long[] counts = new long[intervals];
        for (long at = schedule.claim(); at < intervals * length; at = schedule.claim()) {
            counts[(int) (at / length)]++;
        }
        double mean = Arrays.stream(counts).average().orElseThrow();
        double variance = Arrays.stream(counts).mapToDouble(c -> (c - mean) * (c - mean)).sum() / (intervals - 1);

        assertEquals(200, mean, 5 * Math.sqrt(200.0 / intervals));
        // The index of dispersion of Poisson counts is 1; its standard error is about sqrt(2 / (n - 1)).
        assertEquals(1.0, variance / mean, 5 * Math.sqrt(2.0 / (intervals - 1)), "variance / mean");
    }

    @Test
    void poisson_sameSeed_sameStream_otherSeed_otherStream() {
        long[] first = claim(Schedule.of(Arrivals.POISSON, 1000, 5), 100);
        long[] again = claim(Schedule.of(Arrivals.POISSON, 1000, 5), 100);
        long[] other = claim(Schedule.of(Arrivals.POISSON, 1000, 6), 100);

        assertArrayEquals(first, again);
        assertTrue(!Arrays.equals(first, other));
    }

    @Test
    void poisson_countBetweenAndDueBefore_agreeWithClaiming() {
        Schedule counted = Schedule.of(Arrivals.POISSON, 5000, 9);
        Schedule claimed = Schedule.of(Arrivals.POISSON, 5000, 9);
        long[] offsets = claim(claimed, 5000);

        long inSpan = Arrays.stream(offsets).filter(o -> o >= 100_000_000L && o < 300_000_000L).count();
        assertEquals(inSpan, counted.countBetween(100_000_000L, 300_000_000L));
        claim(counted, 100);
        assertEquals(Arrays.stream(offsets).skip(100).filter(o -> o < 500_000_000L).count(),
                counted.dueBefore(500_000_000L));
    }

    /** The task's result; on timeout, fails with every thread's stack. */
    private static long[] within(Future<long[]> task, long seconds) throws Exception {
        try {
            return task.get(seconds, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            StringBuilder dump = new StringBuilder("a claiming thread did not finish within " + seconds + " s:\n");
            Thread.getAllStackTraces().forEach((thread, stack) -> {
                dump.append(thread.getName()).append(" ").append(thread.getState()).append('\n');
                for (StackTraceElement frame : stack) {
                    dump.append("    at ").append(frame).append('\n');
                }
            });
            return fail(dump.toString(), e);
        }
    }

    @Test
    @Timeout(30)
    void claim_manyThreadsAtOnce_everyArrivalTakenExactlyOnce() throws Exception {
        for (Arrivals arrivals : Arrivals.values()) {
            Schedule schedule = Schedule.of(arrivals, 1_000_000, 13);
            Schedule reference = Schedule.of(arrivals, 1_000_000, 13);
            int threads = 8;
            int each = 20_000;
            CountDownLatch start = new CountDownLatch(1);
            ExecutorService pool = Executors.newFixedThreadPool(threads);
            try {
                List<Future<long[]>> claims = new ArrayList<>();
                for (int t = 0; t < threads; t++) {
                    claims.add(pool.submit(() -> {
                        start.await();
                        return claim(schedule, each);
                    }));
                }
                start.countDown();
                long[] all = new long[threads * each];
                for (int t = 0; t < threads; t++) {
                    System.arraycopy(within(claims.get(t), 20), 0, all, t * each, each);
                }
                Arrays.sort(all);

                assertArrayEquals(claim(reference, threads * each), all, arrivals + ": arrivals lost or taken twice");
            } finally {
                pool.shutdownNow();
                assertTrue(pool.awaitTermination(10, TimeUnit.SECONDS));
            }
        }
    }
}
