package com.acertainbookstore.workload.load;

import com.acertainbookstore.workload.results.Arrivals;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The intended starts of an open loop's interactions, as offsets in nanoseconds from the
 * repetition's origin, handed out in order: each {@link #claim()} takes the next one, so every
 * arrival is taken by exactly one worker. The schedule depends only on the rate, the arrivals and
 * the seed, never on how fast the store answers.
 *
 * <p>Thread-safe and lock-free: one {@link AtomicLong} holds the next arrival (constant rate: its
 * number; Poisson: its offset). A Poisson gap is drawn from a hash of the seed and the current
 * offset, so the stream needs no shared generator and is the same for the same seed.
 */
public final class Schedule {

    private static final long GOLDEN_GAMMA = 0x9E3779B97F4A7C15L;

    private final Arrivals arrivals;
    private final double meanGapNs;
    private final long seed;
    /** Constant: the number of the next arrival; Poisson: the offset of the next arrival. */
    private final AtomicLong next = new AtomicLong();

    private Schedule(Arrivals arrivals, double ratePerSecond, long seed) {
        if (!(ratePerSecond > 0 && ratePerSecond <= 1e9)) {
            throw new IllegalArgumentException("rate (" + ratePerSecond + "/s) must be in (0, 1e9]");
        }
        this.arrivals = arrivals;
        this.meanGapNs = 1e9 / ratePerSecond;
        this.seed = seed;
    }

    /** A schedule of {@code ratePerSecond} arrivals spaced as {@code arrivals} says. */
    public static Schedule of(Arrivals arrivals, double ratePerSecond, long seed) {
        return new Schedule(arrivals, ratePerSecond, seed);
    }

    /** Takes the next arrival; returns its intended start (offset from the origin, ns). */
    long claim() {
        return switch (arrivals) {
            case CONSTANT -> offsetOf(next.getAndIncrement());
            case POISSON -> {
                long at;
                do {
                    at = next.get();
                } while (!next.compareAndSet(at, at + gap(at)));
                yield at;
            }
        };
    }

    /** The intended start of the next arrival not yet claimed. */
    public long cursor() {
        return switch (arrivals) {
            case CONSTANT -> offsetOf(next.get());
            case POISSON -> next.get();
        };
    }

    /**
     * How many arrivals not yet claimed are due before {@code offsetNs}: the backlog at that
     * moment. Poisson: walks the stream from the cursor, so it costs one step per arrival counted.
     */
    public long dueBefore(long offsetNs) {
        return countBetween(cursor(), offsetNs);
    }

    /** How many arrivals have an intended start in [{@code fromNs}, {@code toNs}), claimed or not. */
    public long countBetween(long fromNs, long toNs) {
        if (toNs <= fromNs) {
            return 0;
        }
        return switch (arrivals) {
            case CONSTANT -> firstAtOrAfter(toNs) - firstAtOrAfter(fromNs);
            case POISSON -> {
                long at = next.get();
                long count = 0;
                while (at < toNs) {
                    if (at >= fromNs) {
                        count++;
                    }
                    at += gap(at);
                }
                yield count;
            }
        };
    }

    /** Constant rate: the intended start of arrival {@code k}. */
    private long offsetOf(long k) {
        return (long) (k * meanGapNs);
    }

    /** Constant rate: the number of the first arrival due at or after {@code offsetNs}. */
    private long firstAtOrAfter(long offsetNs) {
        long k = Math.max(0, (long) Math.ceil(offsetNs / meanGapNs));
        while (k > 0 && offsetOf(k - 1) >= offsetNs) {
            k--;
        }
        while (offsetOf(k) < offsetNs) {
            k++;
        }
        return k;
    }

    /** Poisson: the gap after the arrival at {@code atNs}, exponential of mean 1/rate, at least 1 ns. */
    private long gap(long atNs) {
        double uniform = (mix(seed + atNs * GOLDEN_GAMMA) >>> 11) * 0x1.0p-53;
        return Math.max(1, Math.round(-Math.log1p(-uniform) * meanGapNs));
    }

    /** A 64-bit finaliser (Stafford's variant 13, as {@code SplittableRandom} uses): a well-mixed bijection. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
        z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
        return z ^ (z >>> 31);
    }
}
